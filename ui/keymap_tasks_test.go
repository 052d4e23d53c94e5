package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/screen"
	taskscreen "github.com/toolbench/toolbench/ui/screens/tasks"
)

// screenGroup is the bindings of a stack screen's group titled title:
// the keys of one of its states.
func screenGroup(sc screen.Screen, title string) []key.Binding {
	for _, g := range sc.Keys() {
		if g.Title == title {
			return g.Bindings
		}
	}
	return nil
}

// taskKeyContexts are the Tasks screen's states that take keys: the list
// of tasks, the question before a cancel, and a result shown on its own.
// (Typing a task id takes typing, like the form.)
func taskKeyContexts() []keyContext {
	g := func(km keyMap) []key.Binding {
		gl := km.Global
		return everywhere(gl)
	}
	withTasks := func(h *harness) {
		s := h.m.conn.sess.(*fakeSession)
		for i := range 7 {
			s.addTask(researchTask("t-"+strconv.Itoa(i), client.TaskWorking, "stage "+strconv.Itoa(i)))
		}
		h.key("alt+t")
		h.pumpUntil("the listing", func() bool { return !h.m.tasksScreen().Loading() })
		h.key("down")
	}
	return []keyContext{
		{"tasks", func(km keyMap) []key.Binding {
			return append(g(km), screenGroup(taskscreen.New(taskscreen.Deps{}), "Tasks")...)
		}, withTasks},
		{"cancelling a task", func(km keyMap) []key.Binding {
			return append(g(km), screenGroup(taskscreen.New(taskscreen.Deps{}), "Cancelling a task")...)
		}, func(h *harness) { withTasks(h); h.key("x") }},
		{"a task's result", func(km keyMap) []key.Binding {
			return append(g(km), screenGroup(taskscreen.New(taskscreen.Deps{}), "A task's result")...)
		}, func(h *harness) {
			s := h.m.conn.sess.(*fakeSession)
			s.tmu.Lock()
			s.results = map[string]*client.CallResult{"t-1": {Content: []client.Content{{Type: "text",
				Text: strings.Repeat("a line of the report\n", 100)}}}}
			s.tmu.Unlock()
			withTasks(h)
			h.key("enter")
			h.pumpUntil("the result", func() bool { return h.m.tasksScreen().ShowsResult() })
			h.key("down", "down")
		}},
	}
}
