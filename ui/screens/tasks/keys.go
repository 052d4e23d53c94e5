package tasks

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/ui/screen"
)

// Keys are the Tasks screen's keys, in each of its states: the list of
// tasks, the question before a cancel, a task id being typed, a result
// shown on the screen.
type Keys struct {
	// Result fetches the selected task's result; Cancel asks to cancel
	// it; Refresh lists the tasks again; Lookup starts typing an id.
	Result, Cancel, Refresh, Lookup key.Binding
	// Back goes back one step: from a result to the tasks, out of a
	// wait, out of the screen.
	Back key.Binding
	// Yes and No answer "cancel this task?".
	Yes, No key.Binding
	// Find looks up the id typed; Drop stops typing it.
	Find, Drop key.Binding
}

func newKeys() Keys {
	bind := func(keys []string, help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return Keys{
		Result:  bind([]string{"enter"}, "enter", "fetch the task's result (tasks/result) into the result view"),
		Cancel:  bind([]string{"x"}, "x", "cancel the task (tasks/cancel), after a yes"),
		Refresh: bind([]string{"r"}, "r", "list the tasks again"),
		Lookup:  bind([]string{"i"}, "i", "look a task up by its id (tasks/get)"),
		Back:    bind([]string{"esc", "q"}, "esc/q", "back: from a result to the tasks, stop waiting, close the screen"),
		Yes:     bind([]string{"y"}, "y", "yes, cancel the task"),
		No:      bind([]string{"n", "esc"}, "n/esc", "no, let it run"),
		Find:    bind([]string{"enter"}, "enter", "look the task up"),
		Drop:    bind([]string{"esc"}, "esc", "do not look it up"),
	}
}

// Group titles, as the help and the palette show them.
const (
	groupTasks   = "Tasks"
	groupFilter  = "Filtering the tasks"
	groupConfirm = "Cancelling a task"
	groupID      = "Typing a task id"
	groupResult  = "A task's result"
)

// Keys is every binding of the screen, the group of what it shows now
// first.
func (s *Screen) Keys() []screen.Group {
	k, l := s.keys, s.list.Keys
	groups := []screen.Group{
		{Title: groupTasks, Bindings: append(l.Bindings(), l.Filter, k.Result, k.Cancel, k.Refresh, k.Lookup, k.Back)},
		{Title: groupFilter, Bindings: []key.Binding{l.Done, l.Clear}},
		{Title: groupConfirm, Bindings: []key.Binding{k.Yes, k.No}},
		{Title: groupID, Bindings: []key.Binding{k.Find, k.Drop}},
		{Title: groupResult, Bindings: append(s.result.Keys.Bindings(), k.Back)},
	}
	now := groupTasks
	switch {
	case s.typing:
		now = groupID
	case s.confirm != "":
		now = groupConfirm
	case s.lines != nil:
		now = groupResult
	case s.list.Filtering():
		now = groupFilter
	}
	return screen.Lead(groups, now)
}

// Hints are the keys that answer what the screen shows now, most
// important first.
func (s *Screen) Hints() [][2]string {
	k, l := s.keys, s.list.Keys
	switch {
	case s.typing:
		return [][2]string{screen.Hint(k.Find, "look up"), screen.Hint(k.Drop, "cancel")}
	case s.confirm != "":
		return [][2]string{screen.Hint(k.Yes, "cancel the task"), screen.Hint(k.No, "keep it")}
	case s.lines != nil:
		v := s.result.Keys
		return [][2]string{screen.HintPair(v.Up, v.Down, "scroll"), screen.Hint(k.Back, "tasks")}
	case s.list.Filtering():
		return [][2]string{screen.Hint(l.Done, "keep the filter"), screen.Hint(l.Clear, "clear it")}
	case s.waiting != "":
		return [][2]string{screen.Hint(k.Back, "stop waiting")}
	}
	return [][2]string{screen.HintPair(l.Up, l.Down, "select"), screen.Hint(k.Result, "result"), screen.Hint(k.Cancel, "cancel task"),
		screen.Hint(k.Refresh, "refresh"), screen.Hint(k.Lookup, "look up id"), screen.Hint(k.Back, "back")}
}
