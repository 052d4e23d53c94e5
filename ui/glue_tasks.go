package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/screen"
	taskscreen "github.com/toolbench/toolbench/ui/screens/tasks"
	"github.com/toolbench/toolbench/ui/screens/tools"
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
			return tools.ResultRows(m.st, nil, res, check.OutputVerdict{}, nil, width)
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
	name := m.tasks.tools[id]
	if !m.tools.Has(name) {
		return nil, false
	}
	// The result shows where it went when the Tasks screen is still up;
	// a person who went elsewhere meanwhile is only told where it is.
	show := m.tasksOnTop()
	if show {
		m.stack.Pop()
	}
	m.given.Forget(name)
	return m.toTools(tools.TaskResult{Tool: name, Result: res, Show: show}), true
}
