package ui

import "charm.land/bubbles/v2/key"

// tasksKeys act on the Tasks screen's list of tasks and on a result shown
// there on its own.
type tasksKeys struct {
	Up, Down, PageUp, PageDown key.Binding
	Refresh, Cancel, Result    key.Binding
	Lookup, Back               key.Binding
}

// taskConfirmKeys answer "cancel this task?".
type taskConfirmKeys struct {
	Yes, No key.Binding
}

// taskIDKeys end the typing of a task id; the rest is typed into it.
type taskIDKeys struct {
	Done, Cancel key.Binding
}

// appKeys act on the MCP App section of the Meta tab.
type appKeys struct {
	Read key.Binding
}

func newTasksKeys() tasksKeys {
	return tasksKeys{
		Up:       bind([]string{"up", "k"}, "↑/k", "previous task; scroll a result up"),
		Down:     bind([]string{"down", "j"}, "↓/j", "next task; scroll a result down"),
		PageUp:   bind([]string{"pgup"}, "pgup", "five tasks back; a result's page up"),
		PageDown: bind([]string{"pgdown", "space"}, "pgdown/space", "five tasks on; a result's page down"),
		Refresh:  bind([]string{"r"}, "r", "list the tasks again"),
		Cancel:   bind([]string{"x"}, "x", "cancel the task (tasks/cancel), after a yes"),
		Result:   bind([]string{"enter"}, "enter", "fetch the task's result (tasks/result) into the result view"),
		Lookup:   bind([]string{"i"}, "i", "look a task up by its id (tasks/get)"),
		Back:     bind([]string{"esc", "q"}, "esc/q", "back: from a result to the tasks, stop waiting, close the screen"),
	}
}

func newTaskConfirmKeys() taskConfirmKeys {
	return taskConfirmKeys{
		Yes: bind([]string{"y"}, "y", "yes, cancel the task"),
		No:  bind([]string{"n", "esc"}, "n/esc", "no, let it run"),
	}
}

func newTaskIDKeys() taskIDKeys {
	return taskIDKeys{
		Done:   bind([]string{"enter"}, "enter", "look the task up"),
		Cancel: bind([]string{"esc"}, "esc", "do not look it up"),
	}
}

func newAppKeys() appKeys {
	return appKeys{Read: bind([]string{"r"}, "r", "read the tool's ui:// app resource (resources/read)")}
}

// asTaskHelp is the help of the list's and the detail pane's AsTask.
const asTaskHelp = "call a task-optional tool as a task, or not (toggle)"
