package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/clientview"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// tasks is what the workbench knows of the server's tasks: which
// task-optional tools the person calls as tasks, and which tool each task
// of this session ran. The Tasks screen (ui/screens/tasks) lists them.
type tasks struct {
	// force holds the task-optional tools called as tasks.
	force map[string]bool
	// tools names the tool of each task this session started.
	tools map[string]string
}

func newTasks() tasks {
	return tasks{force: map[string]bool{}, tools: map[string]string{}}
}

// taskStateMsg is a task's state as call req saw it (created, polled,
// notified), from CallOptions.OnTask.
type taskStateMsg struct {
	req  int
	task client.Task
}

// callOptions are the options of a call of t as request req: progress
// and task states come back to the program tagged with req, and a
// task-optional tool the person chose to call as a task is forced.
func (m *Model) callOptions(t tool.Tool, req int) client.CallOptions {
	send := m.send
	opts := client.CallOptions{
		OnProgress: func(ev client.ProgressEvent) { send(progressMsg{req: req, ev: ev}) },
		OnTask:     func(task client.Task) { send(taskStateMsg{req: req, task: task}) },
	}
	if t.TaskSupport == tool.TaskOptional && m.tasks.force[t.Name] {
		opts.Task = client.TaskForce
	}
	return opts
}

// handleTaskState keeps the running call's task up to date and remembers
// which tool the task ran, for the Tasks screen.
func (m *Model) handleTaskState(msg taskStateMsg) tea.Cmd {
	r := m.calls.running
	if r == nil || r.req != msg.req {
		return nil
	}
	task := msg.task
	r.task = &task
	m.tasks.tools[task.ID] = r.tool
	m.taskSeen(task)
	return nil
}

// handleTaskEvent takes a task's state the server pushed: the running
// call's task and the Tasks screen's row follow it.
func (m *Model) handleTaskEvent(e client.TaskEvent) tea.Cmd {
	if r := m.calls.running; r != nil && r.task != nil && r.task.ID == e.Task.ID {
		task := e.Task
		r.task = &task
	}
	m.taskSeen(e.Task)
	return nil
}

// toggleAsTask switches calling the selected tool as a task, for a
// task-optional tool; for others it says why there is nothing to switch.
func (m *Model) toggleAsTask() tea.Cmd {
	t := m.list.Tool()
	if t == nil {
		return nil
	}
	name := termsafe.Line(t.Name)
	switch t.TaskSupport {
	case tool.TaskRequired:
		m.setStatus(levelInfo, name+" requires a task: it is always called as one")
	case tool.TaskOptional:
		on := !m.tasks.force[t.Name]
		m.tasks.force[t.Name] = on
		if on {
			m.setStatus(levelInfo, name+" will be called as a task")
		} else {
			m.setStatus(levelInfo, name+" will be called without a task")
		}
	default:
		m.setStatus(levelInfo, name+" does not run as a task (taskSupport: forbidden or not sent)")
	}
	return nil
}

// asTaskHint is the hint of the AsTask key for the selected tool, when it
// is task-optional.
func (m *Model) asTaskHint() ([2]string, bool) {
	t := m.list.Tool()
	if t == nil || t.TaskSupport != tool.TaskOptional {
		return [2]string{}, false
	}
	if m.tasks.force[t.Name] {
		return hint(m.keys.Detail.AsTask, "as task: on"), true
	}
	return hint(m.keys.Detail.AsTask, "as task: off"), true
}

// withAsTask puts the AsTask hint after the first of hints, when it
// applies: it changes what the call key does.
func (m *Model) withAsTask(hints [][2]string) [][2]string {
	h, ok := m.asTaskHint()
	if !ok || len(hints) == 0 {
		return hints
	}
	return append([][2]string{hints[0], h}, hints[1:]...)
}

// runningTask is the running call's task for the result area, when the
// call runs as one and is the shown tool's.
func (m *Model) runningTask() []string {
	r := m.calls.running
	if r == nil || r.task == nil || m.detail.tool == nil || r.tool != m.detail.tool.Name {
		return nil
	}
	return render.TaskLines(m.st, clientview.Task(*r.task), m.detailWidth())
}

// dispatchTasks hands the messages of tasks and apps to their handlers;
// ok is false for any other message.
func (m *Model) dispatchTasks(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case taskStateMsg:
		return m.handleTaskState(msg), true
	case appReadMsg:
		return m.handleAppRead(msg), true
	case appRenderedMsg:
		return m.handleAppRendered(msg), true
	}
	return nil, false
}

// resultRows renders a call's result, after the task it ran as, if any,
// under the arguments that were sent (nil when they are not known) and
// the call's duration. It shares nothing with the model, so it runs in a
// command.
func resultRows(st *theme.Styles, args []byte, res *client.CallResult, v check.OutputVerdict, width int) []string {
	lines := render.Result(st, clientview.Result(res), v, width)
	if res != nil {
		lines = append(render.CallHead(st, args, res.Duration, width), lines...)
	}
	if res != nil && res.Task != nil {
		lines = append(render.TaskSummary(st, clientview.Task(*res.Task), width), lines...)
	}
	return lines
}
