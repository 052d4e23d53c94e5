package tools

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/clientview"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// callOptions are the options of a call of t as request req: progress
// and task states come back to the program tagged with req, and a
// task-optional tool the person chose to call as a task is forced.
func (s *Screen) callOptions(t tool.Tool, req int) client.CallOptions {
	send := s.d.Send
	opts := client.CallOptions{
		OnProgress: func(ev client.ProgressEvent) { send(progressMsg{req: req, ev: ev}) },
		OnTask:     func(task client.Task) { send(taskStateMsg{req: req, task: task}) },
	}
	if t.TaskSupport == tool.TaskOptional && s.force[t.Name] {
		opts.Task = client.TaskForce
	}
	return opts
}

// handleTaskState keeps the running call's task up to date and tells the
// root which tool the task ran, for the Tasks screen.
func (s *Screen) handleTaskState(msg taskStateMsg) tea.Cmd {
	r := s.calls.running
	if r == nil || r.req != msg.req {
		return nil
	}
	task := msg.task
	r.task = &task
	s.d.TaskSeen(r.tool, task)
	return nil
}

// handleTaskEvent takes a task's state the server pushed: the running
// call's task follows it.
func (s *Screen) handleTaskEvent(e client.TaskEvent) {
	if r := s.calls.running; r != nil && r.task != nil && r.task.ID == e.Task.ID {
		task := e.Task
		r.task = &task
	}
}

// toggleAsTask switches calling the selected tool as a task, for a
// task-optional tool; for others it says why there is nothing to switch.
func (s *Screen) toggleAsTask() tea.Cmd {
	t := s.list.Tool()
	if t == nil {
		return nil
	}
	name := termsafe.Line(t.Name)
	switch t.TaskSupport {
	case tool.TaskRequired:
		s.status(render.LevelInfo, name+" requires a task: it is always called as one")
	case tool.TaskOptional:
		on := !s.force[t.Name]
		s.force[t.Name] = on
		if on {
			s.status(render.LevelInfo, name+" will be called as a task")
		} else {
			s.status(render.LevelInfo, name+" will be called without a task")
		}
	default:
		s.status(render.LevelInfo, name+" does not run as a task (taskSupport: forbidden or not sent)")
	}
	return nil
}

// asTaskHint is the hint of the AsTask key for the selected tool, when it
// is task-optional.
func (s *Screen) asTaskHint() ([2]string, bool) {
	t := s.list.Tool()
	if t == nil || t.TaskSupport != tool.TaskOptional {
		return [2]string{}, false
	}
	if s.force[t.Name] {
		return hint(s.keys.Detail.AsTask, "as task: on"), true
	}
	return hint(s.keys.Detail.AsTask, "as task: off"), true
}

// withAsTask puts the AsTask hint after the first of hints, when it
// applies: it changes what the call key does.
func (s *Screen) withAsTask(hints [][2]string) [][2]string {
	h, ok := s.asTaskHint()
	if !ok || len(hints) == 0 {
		return hints
	}
	return append([][2]string{hints[0], h}, hints[1:]...)
}

// runningTask is the running call's task for the result area, when the
// call runs as one and is the shown tool's.
func (s *Screen) runningTask() []string {
	r := s.calls.running
	if r == nil || r.task == nil || s.detail.tool == nil || r.tool != s.detail.tool.Name {
		return nil
	}
	return render.TaskLines(s.st, clientview.Task(*r.task), s.detailWidth())
}

// showTaskResult puts a task's result in its tool's Result tab, judged
// against the tool's outputSchema like a call's, and shows the tab when
// asked to; else only says where it is.
func (s *Screen) showTaskResult(msg TaskResult) tea.Cmd {
	s.calls.seq++
	req, name, res := s.calls.seq, msg.Tool, msg.Result
	tr := &toolResult{req: req, result: res}
	s.calls.results[name] = tr
	// The verdict's status message would hide where the result went.
	judged := msg.Show
	if judged {
		s.list.Reveal(name)
		s.syncDetail()
		s.detail.tab, s.focus = tabResult, focusDetail
	} else {
		s.status(render.LevelInfo, "the task's result is in the Result tab of "+name)
	}
	judge := s.resultJudge(name)
	st, width := s.st, s.detailWidth()
	tr.width = width
	return func() tea.Msg {
		v, notes := judge(res)
		return resultReadyMsg{req: req, tool: name, verdict: v, notes: notes, lines: ResultRows(st, nil, res, v, notes, width),
			width: width, judged: judged}
	}
}

// ResultRows renders a call's result, after the task it ran as, if any,
// under the arguments that were sent (nil when they are not known) and
// the call's duration, and followed by the host rules it breaks (notes,
// nil when not judged). It shares nothing with a model, so it runs in a
// command; the Tasks screen draws a task's result with it too.
func ResultRows(st *theme.Styles, args []byte, res *client.CallResult, v check.OutputVerdict, notes []host.Finding, width int) []string {
	lines := append(render.Result(st, clientview.Result(res), v, width), render.HostNotes(st, notes, width)...)
	if res != nil {
		lines = append(render.CallHead(st, args, res.Duration, width), lines...)
	}
	if res != nil && res.Task != nil {
		lines = append(render.TaskSummary(st, clientview.Task(*res.Task), width), lines...)
	}
	return lines
}
