package ui

import (
	"encoding/json"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/history"
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
	quitAnd := func(km keyMap, bs ...key.Binding) []key.Binding {
		return append([]key.Binding{km.Global.Quit, km.Global.Help}, bs...)
	}
	return []keyContext{
		{"history", func(km keyMap) []key.Binding {
			k := km.Mem.History
			return append(everywhere(km.Global), k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End, k.Filter, k.Rerun, k.Edit,
				k.DetailUp, k.DetailDown, k.Back)
		}, func(h *harness) {
			withCalls(h)
			h.key("alt+h", "down", "down", "alt+j")
		}},
		{"diff", func(km keyMap) []key.Binding {
			k := km.Mem.Diff
			return append(everywhere(km.Global), k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End, k.Back)
		}, func(h *harness) {
			withCalls(h)
			r := handReport()
			for range 5 {
				r.Groups = append(r.Groups, r.Groups...)
			}
			h.m.mem.diff.report, h.m.mem.diff.banner = r, true
			h.key("alt+c", "pgdown", "down")
		}},
		{"presets", func(km keyMap) []key.Binding {
			k := km.Mem.Preset
			return quitAnd(km, k.Up, k.Down, k.Load, k.Delete, k.Back)
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
			return quitAnd(km, km.Mem.Confirm.Yes, km.Mem.Confirm.No)
		}, func(h *harness) {
			mem := withCalls(h)
			mem.presets["echo"] = []history.Preset{{Name: "a", Tool: "echo", Arguments: json.RawMessage(`{}`)}}
			h.selectTool("echo")
			h.key("alt+b", "d")
		}},
	}
}
