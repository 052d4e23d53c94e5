package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/screen"
	taskscreen "github.com/toolbench/toolbench/ui/screens/tasks"
)

// This file ties the Tasks screen (ui/screens/tasks) to what the root
// owns: the session, the tool each task of this session ran, the tools'
// Result tabs, and the task states calls and notifications bring.

// newTasksScreen makes the Tasks screen, sized to the body.
func (m *Model) newTasksScreen() screen.Screen {
	sc := taskscreen.New(taskscreen.Deps{Styles: m.st, Session: m.tasksSession, Now: m.now,
		ToolOf:  func(id string) string { return m.tasks.tools[id] },
		Deliver: m.deliverTaskResult,
		ResultLines: func(res *client.CallResult, width int) []string {
			return resultRows(m.st, nil, res, check.OutputVerdict{}, width)
		},
		Evidence: func(err error) []string { return evidenceLines(err, nil) }})
	sc.Update(tea.WindowSizeMsg{Width: m.width, Height: m.bodyHeight()})
	return sc
}

// tasksScreen is the Tasks screen, made now if it was not yet.
func (m *Model) tasksScreen() *taskscreen.Screen {
	return m.screens.get(taskscreen.ID).(*taskscreen.Screen)
}

// tasksSession is the live session as the Tasks screen needs it.
func (m *Model) tasksSession() (taskscreen.Session, int) {
	if s := m.liveSession(); s != nil {
		return s, m.conn.gen
	}
	return nil, m.conn.gen
}

// openTasks opens the Tasks screen, which lists the tasks afresh when it
// is shown (screen.Opened), or closes it when it is on top.
func (m *Model) openTasks() tea.Cmd { return m.openScreen(taskscreen.ID) }

// tasksOnTop reports whether the Tasks screen is the one shown.
func (m *Model) tasksOnTop() bool {
	top := m.stack.Top()
	return top != nil && top.ID() == taskscreen.ID
}

// taskSeen gives the Tasks screen a task's newest state.
func (m *Model) taskSeen(t client.Task) { m.tasksScreen().Seen(t) }

// stopTaskWait stops the Tasks screen's wait for a result, if it was
// made: the workbench is ending.
func (m *Model) stopTaskWait() {
	if sc, ok := m.screens.made[taskscreen.ID]; ok {
		sc.(*taskscreen.Screen).Stop()
	}
}

// deliverTaskResult puts the result of task id in the Result tab of the
// tool that ran it; ok is false when the list has no such tool.
func (m *Model) deliverTaskResult(id string, res *client.CallResult) (tea.Cmd, bool) {
	t := m.list.ByName(m.tasks.tools[id])
	if t == nil {
		return nil, false
	}
	return m.showTaskResult(t.Name, res), true
}

// showTaskResult puts a task's result in its tool's Result tab, judged
// against the tool's outputSchema like a call's, and shows it there when
// the Tasks screen is still up; a person who went elsewhere meanwhile is
// only told where it is.
func (m *Model) showTaskResult(name string, res *client.CallResult) tea.Cmd {
	m.calls.seq++
	req := m.calls.seq
	tr := &toolResult{req: req, result: res}
	m.calls.results[name] = tr
	// The verdict's status message would hide where the result went.
	judged := m.tasksOnTop()
	if judged {
		m.selectByName(name)
		m.stack.Pop()
		m.detail.tab, m.focus = tabResult, focusDetail
	} else {
		m.setStatus(levelInfo, "the task's result is in the Result tab of "+name)
	}
	var outputSchema []byte
	if t := m.list.ByName(name); t != nil {
		outputSchema = t.OutputSchema
	}
	st, width := m.st, m.detailWidth()
	tr.width = width
	return func() tea.Msg {
		v := judgeResult(outputSchema, res)
		return resultReadyMsg{req: req, tool: name, verdict: v, lines: resultRows(st, nil, res, v, width), width: width, judged: judged}
	}
}

// selectByName puts the list's cursor on tool name, clearing a filter
// that hides it, and shows the tool.
func (m *Model) selectByName(name string) {
	m.list.Reveal(name)
	m.syncDetail()
}
