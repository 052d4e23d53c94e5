package ui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/hostile"
	"github.com/toolbench/toolbench/snapshot"
)

// TestHostileMemory puts what a hostile server sent into everything the
// memory shows (recorded tool names, arguments, results and errors;
// preset names; a diff's names, pointers and texts; structuredContent's
// members in the save-as-test modal): no screen may hold more than the
// workbench's own styling, or pass the width.
func TestHostileMemory(t *testing.T) {
	t.Parallel()
	for _, p := range hostile.Payloads() {
		t.Run(p.ID, func(t *testing.T) {
			if p.ID == "long" && fixture.RaceDetector {
				t.Skip("the 100,000-character payload runs without -race")
			}
			t.Parallel()
			text := p.Text
			q, _ := json.Marshal(text)
			mem := newFakeMemory()
			r := rec(text, `{"q":`+string(q)+`}`, 2)
			r.Result = json.RawMessage(`{"content":[{"type":"text","text":` + string(q) + `}]}`)
			failed := rec("echo", `{"message":`+string(q)+`}`, 1)
			failed.Result, failed.Error = nil, text
			mem.records = []history.Record{r, failed}
			mem.presets["echo"] = []history.Preset{{Name: text, Tool: "echo", Arguments: json.RawMessage(`{"message":` + string(q) + `}`)}}
			mem.snap = &snapshot.Snapshot{Format: snapshot.Format, Tools: json.RawMessage(`[]`)}
			report := &snapshot.Report{Breaking: 1, Groups: []snapshot.Group{{Kind: snapshot.KindTool, Name: text,
				Changes: []snapshot.Change{{Severity: snapshot.Breaking, Rule: text, Pointer: "/" + text, Summary: text,
					Old: q, New: q, Text: []snapshot.Edit{{Op: "-", Text: text}, {Op: "+", Text: text}}}}}}}
			s := newFakeSession(t, fixtureTools)
			s.call = func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
				return client.ParseCallResult(json.RawMessage(`{"content":[],"structuredContent":{` + string(q) + `:` + string(q) + `}}`))
			}
			// The default theme: the screens' own styling is allowed, and
			// nothing else.
			h := memoryHarnessWith(t, s, Options{Target: "hostile", Memory: mem}, 80, 24,
				(&reports{next: []*snapshot.Report{report}}).diff)
			lookSafe(t, h, "banner", "")
			h.key("alt+h")
			lookSafe(t, h, "history", p.Shown)
			h.key("down")
			lookSafe(t, h, "history, a failed call", p.Shown)
			h.key("esc", "alt+c")
			lookSafe(t, h, "diff", p.Shown)
			h.key("esc")
			h.selectTool("echo")
			h.key("alt+b")
			lookSafe(t, h, "presets", p.Shown)
			h.key("esc")
			h.typeText("x")
			h.key("ctrl+s", "t")
			lookSafe(t, h, "save as test", "")
		})
	}
}

// lookSafe checks the screen for escapes and width, and that it shows
// shown (when not empty) somewhere under the header.
func lookSafe(t *testing.T, h *harness, label, shown string) {
	t.Helper()
	content := h.m.View().Content
	for _, leak := range hostile.ScreenLeaks(content, true) {
		t.Errorf("%s: %s", label, leak)
	}
	for i, l := range strings.Split(content, "\n") {
		if w := hostile.ScreenWidth(l); w > h.m.width {
			t.Errorf("%s: line %d is %d cells wide on a %d-column screen", label, i, w, h.m.width)
		}
	}
	if plain := ansi.Strip(content); shown != "" && !strings.Contains(plain, shown) {
		t.Errorf("%s: the screen does not show %q:\n%s", label, shown, clipRunes(plain, 4000))
	}
}
