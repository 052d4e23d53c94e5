package ui

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
)

// tasksScreen is the Tasks screen's state: the tasks as last listed and
// seen since, the cursor, and what the screen is in the middle of.
type tasksScreen struct {
	shown bool
	rows  []client.Task
	// listed says the server listed rows (tasks/list); loaded that a
	// listing arrived; loading that one is on its way (seq tells the
	// newest).
	listed, loaded, loading bool
	seq                     int
	cursor                  int
	// confirm is the id of the task whose cancel waits for a yes.
	confirm string
	// typing is set while a task id is typed into input.
	typing bool
	input  textinput.Model
	// waiting is the id of the task whose result is awaited; stopWait
	// stops waiting, and waitSeq tells a stale answer.
	waiting  string
	stopWait context.CancelFunc
	waitSeq  int
	// failure is the last failed request of the screen, shown until the
	// next request.
	failure *render.Failure
	// result is a task's result shown on the screen, when its tool is
	// not known; offset scrolls it.
	result   []string
	resultOf string
	offset   int
}

func newTasksScreen() tasksScreen {
	ti := textinput.New()
	ti.Prompt = "task id: "
	ti.Placeholder = "the id the server gave the task"
	return tasksScreen{input: ti}
}

// upsert puts a task's newest state in its row, or adds a row for a task
// the screen has not seen yet.
func (s *tasksScreen) upsert(t client.Task) {
	for i := range s.rows {
		if s.rows[i].ID == t.ID {
			s.rows[i] = t
			return
		}
	}
	s.rows = append(s.rows, t)
}

// selected is the task under the cursor, or nil.
func (s *tasksScreen) selected() *client.Task {
	if s.cursor < 0 || s.cursor >= len(s.rows) {
		return nil
	}
	return &s.rows[s.cursor]
}

// moveTo puts the cursor on task id, if it has a row.
func (s *tasksScreen) moveTo(id string) {
	for i := range s.rows {
		if s.rows[i].ID == id {
			s.cursor = i
		}
	}
}

// toggleTasks shows the Tasks screen, listing the tasks afresh, or hides
// it. The other screens over the panes make way.
func (m *Model) toggleTasks() tea.Cmd {
	s := &m.tasks.screen
	if s.shown {
		s.shown = false
		return nil
	}
	m.hideScreens()
	s.shown = true
	return m.listTasks()
}

// tasksKey takes a key on the Tasks screen.
func (m *Model) tasksKey(msg tea.KeyPressMsg) tea.Cmd {
	s := &m.tasks.screen
	switch {
	case s.typing:
		return m.taskIDKey(msg)
	case s.confirm != "":
		return m.taskConfirmKey(msg)
	case s.result != nil:
		m.taskResultKey(msg)
		return nil
	}
	k := m.keys.Tasks
	switch {
	case key.Matches(msg, k.Up):
		s.cursor = max(0, s.cursor-1)
	case key.Matches(msg, k.Down):
		s.cursor = max(0, min(len(s.rows)-1, s.cursor+1))
	case key.Matches(msg, k.PageUp):
		s.cursor = max(0, s.cursor-5)
	case key.Matches(msg, k.PageDown):
		s.cursor = max(0, min(len(s.rows)-1, s.cursor+5))
	case key.Matches(msg, k.Refresh):
		return m.listTasks()
	case key.Matches(msg, k.Cancel) && s.selected() != nil:
		s.confirm = s.selected().ID
	case key.Matches(msg, k.Result) && s.selected() != nil:
		return m.fetchTaskResult(s.selected().ID)
	case key.Matches(msg, k.Lookup):
		s.typing = true
		s.input.SetValue("")
		return s.input.Focus()
	case key.Matches(msg, k.Back):
		if s.waiting != "" {
			m.stopWaiting()
			return nil
		}
		s.shown = false
	}
	return nil
}

// taskIDKey takes a key while a task id is typed.
func (m *Model) taskIDKey(msg tea.KeyPressMsg) tea.Cmd {
	s := &m.tasks.screen
	switch {
	case key.Matches(msg, m.keys.TaskID.Done):
		id := strings.TrimSpace(s.input.Value())
		if id == "" {
			m.setStatus(levelError, "type the id of a task to look up, or esc")
			return nil
		}
		s.typing = false
		s.input.Blur()
		return m.lookUpTask(id)
	case key.Matches(msg, m.keys.TaskID.Cancel):
		s.typing = false
		s.input.Blur()
		return nil
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return cmd
}

// taskConfirmKey takes the answer to "cancel this task?".
func (m *Model) taskConfirmKey(msg tea.KeyPressMsg) tea.Cmd {
	s := &m.tasks.screen
	switch {
	case key.Matches(msg, m.keys.TaskConfirm.Yes):
		id := s.confirm
		s.confirm = ""
		return m.cancelTask(id)
	case key.Matches(msg, m.keys.TaskConfirm.No):
		s.confirm = ""
	}
	return nil
}

// taskResultKey scrolls a result shown on the screen, or goes back to
// the tasks.
func (m *Model) taskResultKey(msg tea.KeyPressMsg) {
	s, k, page := &m.tasks.screen, m.keys.Tasks, m.bodyHeight()-1
	switch {
	case key.Matches(msg, k.Up):
		s.offset--
	case key.Matches(msg, k.Down):
		s.offset++
	case key.Matches(msg, k.PageUp):
		s.offset -= page
	case key.Matches(msg, k.PageDown):
		s.offset += page
	case key.Matches(msg, k.Back):
		s.result, s.resultOf, s.offset = nil, "", 0
	}
}

// tasksShown is the Tasks screen as it stands.
func (m *Model) tasksShown() render.TasksView {
	s := &m.tasks.screen
	v := render.TasksView{Tasks: s.rows, Tools: m.tasks.tools, Listed: s.listed, Loaded: s.loaded, Loading: s.loading,
		Cursor: s.cursor, Confirm: s.confirm, Waiting: s.waiting, Failure: s.failure, Result: s.result,
		ResultOf: s.resultOf, Offset: s.offset, Now: m.now()}
	if s.typing {
		v.Input = s.input.View()
	}
	return v
}

// tasksHints are the Tasks screen's keys for what it shows.
func (m *Model) tasksHints() [][2]string {
	s, k := &m.tasks.screen, m.keys.Tasks
	switch {
	case s.typing:
		return [][2]string{hint(m.keys.TaskID.Done, "look up"), hint(m.keys.TaskID.Cancel, "cancel")}
	case s.confirm != "":
		return [][2]string{hint(m.keys.TaskConfirm.Yes, "cancel the task"), hint(m.keys.TaskConfirm.No, "keep it")}
	case s.result != nil:
		return [][2]string{hintPair(k.Up, k.Down, "scroll"), hint(k.Back, "tasks")}
	case s.waiting != "":
		return [][2]string{hint(k.Back, "stop waiting"), hint(m.keys.Global.Quit, "quit")}
	}
	return [][2]string{hintPair(k.Up, k.Down, "select"), hint(k.Result, "result"), hint(k.Cancel, "cancel task"),
		hint(k.Refresh, "refresh"), hint(k.Lookup, "look up id"), hint(k.Back, "back")}
}
