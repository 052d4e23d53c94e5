package tools

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/toolbench/toolbench/ui/screen"
)

// last is the last action of type A the screen asked for; ok is false
// when there is none.
func last[A screen.Action](h *harness) (a A, ok bool) {
	for _, x := range h.Actions {
		if v, is := x.(A); is {
			a, ok = v, true
		}
	}
	return a, ok
}

// TestListKeysAreActions: the list's keys that reach beyond the screen
// (quit, reconnect, the log) are Actions the root carries out.
func TestListKeysAreActions(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		key  string
		want screen.Action
	}{{"q", screen.Quit{}}, {"R", screen.Reconnect{}}, {"L", screen.Open{ID: "log"}}} {
		h := newHarness(t, 120, 30)
		h.Key(c.key)
		if len(h.Actions) != 1 || h.Actions[0] != c.want {
			t.Errorf("%s asked for %#v, want %#v", c.key, h.Actions, c.want)
		}
	}
}

// TestCopyKeysAreActions: on the Result tab, y, a and c ask the root to
// copy the result, the arguments and a command line; the command line's
// variables are named after the status, and without a writer of command
// lines the status says so.
func TestCopyKeysAreActions(t *testing.T) {
	t.Parallel()
	withCommand := func(d *Deps) {
		d.Command = func(tool string, args []byte) (string, []string) {
			return "toolbench call " + tool + " " + string(args), []string{"TOKEN"}
		}
	}
	h := newHarness(t, 120, 30, withCommand)
	h.open("echo")
	h.Type("hi")
	h.Key("ctrl+s", "y", "a", "c")
	var copies []screen.Copy
	for _, a := range h.Actions {
		if c, ok := a.(screen.Copy); ok {
			copies = append(copies, c)
		}
	}
	want := []screen.Copy{
		{Text: `{"content":[{"type":"text","text":"ok"}]}`, What: "the result"},
		{Text: `{"message":"hi"}`, What: "the arguments"},
		{Text: `toolbench call echo {"message":"hi"}`, What: "the command line", Then: "; set TOKEN in the shell before running it"},
	}
	if fmt.Sprint(copies) != fmt.Sprint(want) {
		t.Errorf("copied %q, want %q", copies, want)
	}
	h = newHarness(t, 120, 30)
	h.open("echo")
	h.Type("hi")
	h.Key("ctrl+s", "c")
	if st := h.Statuses(); len(st) == 0 || st[len(st)-1] != "this workbench cannot write a command line for its server" {
		t.Errorf("without a command writer the status says %q", st)
	}
}

// TestCallWithoutSessionSaysSo: a call asked for while there is no live
// session is not made; the root is asked to say so, keeping the values.
func TestCallWithoutSessionSaysSo(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 120, 30, func(d *Deps) { d.Session = func() (Session, int) { return nil, 1 } })
	h.open("echo")
	h.Type("hi")
	h.Key("ctrl+s")
	if nc, ok := last[screen.NotConnected](h); !ok || nc.Then != "your values are kept" {
		t.Errorf("asked for %#v, want NotConnected keeping the values", h.Actions)
	}
	if _, _, running := h.s.Running(); running || len(h.ended) != 0 {
		t.Error("a call was made without a session")
	}
}

// TestLoadAndCallRequests: the root's Load puts arguments in a tool's
// form and shows it, refused for a tool the server lacks; its Call opens
// the tool's Result tab and calls it with the arguments given.
func TestLoadAndCallRequests(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 120, 30)
	if r := h.Send(Load{Tool: "nope", Args: json.RawMessage(`{}`)}); r.Handled {
		t.Error("arguments were loaded into a tool the server lacks")
	}
	if r := h.Send(Load{Tool: "echo", Args: json.RawMessage(`{"message":"from history"}`), What: "a call"}); !r.Handled {
		t.Fatal("the arguments were refused")
	}
	if got := string(h.s.form("echo").JSON()); got != `{"message":"from history"}` || h.s.tab() != "Form" || h.s.listFocused() {
		t.Errorf("form %s on tab %s (list focused %t)", got, h.s.tab(), h.s.listFocused())
	}
	if st := h.Statuses(); len(st) == 0 || !strings.HasPrefix(st[len(st)-1], "loaded a call into the form of echo") {
		t.Errorf("the status says %q", st)
	}
	h.Send(ShowList{})
	h.Send(Call{Tool: "echo", Args: json.RawMessage(`{"message":"again"}`), Open: true})
	if len(h.ended) != 1 || string(h.ended[0].Args) != `{"message":"again"}` || h.s.tab() != "Result" || h.s.Shown() != "echo" {
		t.Errorf("calls %+v; tab %s of %s", h.ended, h.s.tab(), h.s.Shown())
	}
}

// TestKeysFollowWhatTakesThem: the help's first group, the hints and
// whether keys are text follow the part that takes the keys.
func TestKeysFollowWhatTakesThem(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 120, 30)
	if g := h.s.Keys()[0].Title; g != titleList || h.s.Typing() {
		t.Errorf("in the list: first group %q, typing %t", g, h.s.Typing())
	}
	h.Key("/")
	if !h.s.Typing() {
		t.Error("the list's filter does not take text")
	}
	h.Key("esc")
	h.open("echo")
	if g := h.s.Keys()[0].Title; g != h.s.keys.Form.FullHelp()[0].Title || !h.s.Typing() {
		t.Errorf("in the form: first group %q, typing %t", g, h.s.Typing())
	}
	h.Key("alt+4")
	if g := h.s.Keys()[0].Title; g != titleLint || h.s.Typing() || h.s.Hints()[1][1] != "go to field" {
		t.Errorf("on the Lint tab: first group %q, typing %t, hints %q", g, h.s.Typing(), h.s.Hints())
	}
}

// TestClicksPickAndOpen: a click on a tool's row selects it, a second
// click opens it, and the wheel over the detail pane scrolls the tab.
func TestClicksPickAndOpen(t *testing.T) {
	t.Parallel()
	h := newHarness(t, 120, 30)
	// Row 0 is the pane's heading: row 3 is the third tool.
	h.Send(tea.MouseClickMsg{X: 3, Y: 3, Button: tea.MouseLeft})
	if h.s.list.Selected() != 2 || !h.s.listFocused() {
		t.Fatalf("a click on the third tool's row: cursor %d, list focused %t", h.s.list.Selected(), h.s.listFocused())
	}
	h.Send(tea.MouseClickMsg{X: 3, Y: 3, Button: tea.MouseLeft})
	if h.s.listFocused() || h.s.tab() != "Form" {
		t.Errorf("a second click did not open the tool: list focused %t, tab %s", h.s.listFocused(), h.s.tab())
	}
	h.Key("alt+2")
	h.Send(tea.WindowSizeMsg{Width: 120, Height: 12})
	lw := h.s.listWidth()
	h.Send(tea.MouseWheelMsg{X: lw + 5, Y: 10, Button: tea.MouseWheelDown})
	if h.s.scroll() == 0 {
		t.Error("the wheel over the Input tab did not scroll it")
	}
}

// TestGoldenTools draws the screen alone, the list and a tool's form, at
// 80 and 120 columns.
func TestGoldenTools(t *testing.T) {
	t.Parallel()
	for _, width := range []int{80, 120} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, width, 24)
			h.open("create_order")
			golden.RequireEqual(t, []byte(h.View()))
		})
	}
}

// TestHereNamesTheMemorySection: the root's section of what the
// workbench remembers is named before the tabs' where its keys apply
// (the form among them), and not on the list or the Lint tab.
func TestHereNamesTheMemorySection(t *testing.T) {
	t.Parallel()
	const memory = "Remembered"
	h := newHarness(t, 120, 30, func(d *Deps) { d.Shared.MemoryHelp = memory })
	has := func() bool { return slices.Contains(h.s.Here(), memory) }
	if has() {
		t.Errorf("the list names the memory section: %q", h.s.Here())
	}
	h.open("echo")
	if here := h.s.Here(); len(here) < 2 || here[len(here)-2] != memory || here[len(here)-1] != titleTabs {
		t.Errorf("the form: %q, want the memory section before the tabs'", here)
	}
	if g := h.s.Keys()[0].Title; g == memory {
		t.Errorf("the memory section leads the screen's own keys")
	}
	h.Key("alt+4")
	if has() {
		t.Errorf("the Lint tab names the memory section: %q", h.s.Here())
	}
}
