package ui

import (
	"encoding/json"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/changes"
	historyscreen "github.com/toolbench/toolbench/ui/screens/history"
	"github.com/toolbench/toolbench/ui/screens/presets"
	"github.com/toolbench/toolbench/ui/theme"
)

// memoryKeyContexts are the memory's screens and pickers, with a fake
// store given after the start, in the middle of things.
func memoryKeyContexts() []keyContext {
	withCalls := func(h *harness) *fakeMemory {
		mem := newFakeMemory()
		long := json.RawMessage(`{"content":[{"type":"text","text":"` + strings.Repeat("a line\\n", 10) + `"}],"structuredContent":` +
			`{"rows":[` + strings.Repeat(`1,`, 60) + `1]}}`)
		for i := range 20 {
			r := rec("echo", `{"message":"call `+strconv.Itoa(i)+`"}`, 40-i)
			r.Result = long
			mem.records = append(mem.records, r)
		}
		h.m.mem.store = mem
		return mem
	}
	// group is the bindings of sc's group title.
	group := func(sc screen.Screen, title string) []key.Binding {
		for _, g := range sc.Keys() {
			if g.Title == title {
				return g.Bindings
			}
		}
		panic("no key group " + title)
	}
	picker := presets.New(presets.Deps{})
	quitAnd := func(km keyMap, bs ...key.Binding) []key.Binding {
		return append([]key.Binding{km.Global.Quit, km.Global.Help}, bs...)
	}
	return []keyContext{
		{"history", func(km keyMap) []key.Binding {
			return append(everywhere(km.Global), screenBindings(historyscreen.New(historyscreen.Deps{}))...)
		}, func(h *harness) {
			withCalls(h)
			h.key("alt+h", "down", "down", "alt+j")
		}},
		{"diff", func(km keyMap) []key.Binding {
			return append(everywhere(km.Global), screenBindings(changes.New(theme.Plain()))...)
		}, func(h *harness) {
			withCalls(h)
			r := handReport()
			for range 5 {
				r.Groups = append(r.Groups, r.Groups...)
			}
			h.m.showChanges(r)
			h.key("alt+c", "pgdown", "down")
		}},
		{"presets", func(km keyMap) []key.Binding {
			return quitAnd(km, group(picker, "Presets")...)
		}, func(h *harness) {
			mem := withCalls(h)
			for _, n := range []string{"a", "b", "c"} {
				mem.presets["echo"] = append(mem.presets["echo"], history.Preset{Name: n, Tool: "echo",
					Arguments: json.RawMessage(`{"message":"` + n + `"}`)})
			}
			h.selectTool("echo")
			h.key("alt+b", "down")
		}},
		{"deleting a preset", func(km keyMap) []key.Binding {
			return quitAnd(km, group(picker, "Deleting a preset")...)
		}, func(h *harness) {
			mem := withCalls(h)
			mem.presets["echo"] = []history.Preset{{Name: "a", Tool: "echo", Arguments: json.RawMessage(`{}`)}}
			h.selectTool("echo")
			h.key("alt+b", "d")
		}},
	}
}
