package ui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/screens/savetest"
)

// weatherResult is a result of weather_ok that its outputSchema accepts.
const weatherResult = `{"content":[{"type":"text","text":"sunny"}],"structuredContent":{"city":"Oslo","temperature":21,"unit":"celsius"}}`

// saveTestHarness calls weather_ok and opens the save-as-test modal.
func saveTestHarness(t *testing.T, result string) (*harness, *fakeMemory) {
	t.Helper()
	s := newFakeSession(t, fixtureTools)
	s.call = func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
		return client.ParseCallResult(json.RawMessage(result))
	}
	mem := newFakeMemory()
	h := newMemoryHarness(t, s, mem, 120, 30, nil)
	h.selectTool("weather_ok")
	h.loadArgs(`{"city":"Oslo","unit":"celsius"}`)
	h.key("ctrl+s", "t")
	if onTop(h.m) != savetest.ID {
		t.Fatalf("t on the Result tab should open the modal:\n%s", h.view())
	}
	return h, mem
}

func TestSaveAsTestBuildsTheTest(t *testing.T) {
	t.Parallel()
	h, mem := saveTestHarness(t, weatherResult)
	v := h.view()
	for _, want := range []string{"Save the call of weather_ok as a test", "name:       weather_ok-1", "collection: toolbench.tests.json",
		"[x] isError = false", "[x] outputValid = true", `[x] snapshot = {"city":"Oslo","temperature":21,"unit":"celsius"}`,
		`[ ] /structuredContent/city = "Oslo"`, "[ ] /structuredContent/temperature = 21", `[ ] /structuredContent/unit = "celsius"`} {
		if !strings.Contains(v, want) {
			t.Errorf("the modal lacks %q:\n%s", want, v)
		}
	}
	// Leave out the snapshot, keep the temperature's match.
	h.key("tab", "tab", "tab", "tab", "space", "down", "down", "space")
	h.key("enter")
	saved := mem.savedTests()
	if len(saved) != 1 {
		t.Fatalf("%d tests saved:\n%s", len(saved), h.view())
	}
	got := saved[0]
	tt := got.test
	if got.path != "toolbench.tests.json" || tt.Name != "weather_ok-1" || tt.Tool != "weather_ok" ||
		string(tt.Arguments) != `{"city":"Oslo","unit":"celsius"}` {
		t.Errorf("saved %+v", got)
	}
	e := tt.Expect
	if e.IsError == nil || *e.IsError || e.OutputValid == nil || !*e.OutputValid || e.Snapshot || got.snap != nil {
		t.Errorf("expect = %+v, snap %s", e, got.snap)
	}
	if len(e.Match) != 1 || e.Match[0].Pointer != "/structuredContent/temperature" || string(e.Match[0].Equals) != "21" {
		t.Errorf("match = %+v", e.Match)
	}
	if onTop(h.m) == savetest.ID || !strings.Contains(h.view(), "saved test weather_ok-1 in toolbench.tests.json") {
		t.Errorf("the save closes the modal and says so:\n%s", h.view())
	}
}

func TestSaveAsTestSnapshotOfContent(t *testing.T) {
	t.Parallel()
	h, mem := saveTestHarness(t, `{"content":[{"type":"text","text":"no structure"}],"isError":true}`)
	h.key("enter")
	saved := mem.savedTests()
	if len(saved) != 1 {
		t.Fatalf("%d tests saved:\n%s", len(saved), h.view())
	}
	e := saved[0].test.Expect
	if e.IsError == nil || !*e.IsError || e.OutputValid != nil || !e.Snapshot || len(e.Match) != 0 {
		t.Errorf("expect = %+v", e)
	}
	if string(saved[0].snap) != `[{"type":"text","text":"no structure"}]` {
		t.Errorf("the snapshot of a result without structuredContent is its content: %s", saved[0].snap)
	}
}

// TestSaveAsTestErrorStays: a refused save is shown in the modal, which
// stays open with what was typed.
func TestSaveAsTestErrorStays(t *testing.T) {
	t.Parallel()
	h, mem := saveTestHarness(t, weatherResult)
	h.key("enter")
	h.key("t")
	// The second is named weather_ok-2; the person types the first name.
	for range len("weather_ok-2") {
		h.key("backspace")
	}
	h.typeText("weather_ok-1")
	h.key("enter")
	if v := h.view(); onTop(h.m) != savetest.ID || !strings.Contains(v, "not saved: toolbench.tests.json: a test named weather_ok-1 is already there") {
		t.Errorf("a duplicate name is shown in the modal:\n%s", v)
	}
	if n := len(mem.savedTests()); n != 1 {
		t.Errorf("%d tests saved", n)
	}
	h.key("esc")
	if onTop(h.m) == savetest.ID {
		t.Error("esc closes the modal")
	}
}

func TestSaveAsTestNeedsAResult(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	s.call = func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
		return nil, &client.RPCError{Method: "tools/call", Code: -32603, Message: "boom"}
	}
	h := newMemoryHarness(t, s, newFakeMemory(), 120, 30, nil)
	h.selectTool("echo")
	h.typeText("x")
	h.key("ctrl+s", "t")
	if v := h.view(); onTop(h.m) == savetest.ID || !strings.Contains(v, "only a call that returned a result can be saved as a test") {
		t.Errorf("a failed call is no test:\n%s", v)
	}
}
