package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/client"
)

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
		h.pumpUntil("the listing", func() bool { return !h.m.tasks.screen.loading })
		h.key("down")
	}
	return []keyContext{
		{"tasks", func(km keyMap) []key.Binding {
			k := km.Tasks
			return append(g(km), k.Up, k.Down, k.PageUp, k.PageDown, k.Refresh, k.Cancel, k.Result, k.Lookup, k.Back)
		}, withTasks},
		{"cancelling a task", func(km keyMap) []key.Binding {
			return append(g(km), km.TaskConfirm.Yes, km.TaskConfirm.No)
		}, func(h *harness) { withTasks(h); h.key("x") }},
		{"a task's result", func(km keyMap) []key.Binding {
			k := km.Tasks
			return append(g(km), k.Up, k.Down, k.PageUp, k.PageDown, k.Back)
		}, func(h *harness) {
			s := h.m.conn.sess.(*fakeSession)
			s.tmu.Lock()
			s.results = map[string]*client.CallResult{"t-1": {Content: []client.Content{{Type: "text",
				Text: strings.Repeat("a line of the report\n", 100)}}}}
			s.tmu.Unlock()
			withTasks(h)
			h.key("enter")
			h.pumpUntil("the result", func() bool { return h.m.tasks.screen.result != nil })
			h.key("down", "down")
		}},
	}
}
