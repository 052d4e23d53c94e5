package history

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	callhistory "github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// clock is the tests' now; the records are minutes before it.
var clock = time.Date(2026, 12, 1, 18, 0, 0, 0, time.UTC)

// rec is a record of tool called with args, min minutes before the clock.
func rec(tool, args string, min int) callhistory.Record {
	return callhistory.Record{V: callhistory.RecordVersion, Time: clock.Add(-time.Duration(min) * time.Minute), Tool: tool,
		Arguments: json.RawMessage(args), Result: json.RawMessage(`{"content":[{"type":"text","text":"done"}]}`),
		DurationMs: 12, Output: &callhistory.Output{Valid: true}}
}

// fakeStore holds records, oldest first, and warnings.
type fakeStore struct {
	mu       sync.Mutex
	records  []callhistory.Record
	warnings []callhistory.Warning
}

func (f *fakeStore) Calls() ([]callhistory.Record, []callhistory.Warning, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.records), slices.Clone(f.warnings), nil
}

// open makes the screen at 120×28 over the records and reads them, as
// the root does when the screen opens.
func open(t *testing.T, store *fakeStore) *Screen {
	t.Helper()
	s := New(Deps{Styles: theme.Plain(), Store: func() Store { return store }, Now: func() time.Time { return clock }})
	s.Update(tea.WindowSizeMsg{Width: 120, Height: 28})
	reload(t, s)
	return s
}

// reload reads the history again and hands the screen the answer,
// returning what the screen made of it.
func reload(t *testing.T, s *Screen) screen.Result {
	t.Helper()
	cmd := s.Reload()
	if cmd == nil || !s.Busy() {
		t.Fatal("Reload started no reading")
	}
	r := s.Update(cmd())
	if s.Busy() {
		t.Fatal("the screen still waits after the history arrived")
	}
	return r
}

func press(k string) tea.KeyPressMsg {
	p, ok := screen.Press(k)
	if !ok {
		panic("no key " + k)
	}
	return p
}

func keys(s *Screen, ks ...string) screen.Result {
	var r screen.Result
	for _, k := range ks {
		r = s.Update(press(k))
	}
	return r
}

func typeText(s *Screen, text string) {
	for _, r := range text {
		s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

func view(s *Screen) string { return ansi.Strip(strings.Join(s.View(s.width, s.height), "\n")) }

// shown are the tools of the rows the list shows, in order.
func shown(s *Screen) []string {
	entries, _ := s.list.Window()
	var out []string
	for _, i := range entries {
		out = append(out, s.records[i].Tool)
	}
	return out
}

func TestNewestFirst(t *testing.T) {
	t.Parallel()
	failed := rec("fail", `{"reason":"r"}`, 1)
	failed.Result, failed.Error, failed.Output = nil, "the server answered -32603: boom", nil
	s := open(t, &fakeStore{records: []callhistory.Record{rec("echo", `{"message":"first"}`, 30),
		rec("weather_ok", `{"city":"Oslo"}`, 20), failed}})
	v := view(s)
	for _, want := range []string{"History 3 calls", "17:59:00     fail", "failed", "17:40:00     weather_ok", "ok",
		`{"city":"Oslo"}`, "12ms", "Arguments", "the server answered -32603: boom"} {
		if !strings.Contains(v, want) {
			t.Errorf("the screen lacks %q:\n%s", want, v)
		}
	}
	if got := strings.Join(shown(s), " "); got != "fail weather_ok echo" {
		t.Errorf("rows %s, want newest first", got)
	}
	keys(s, "down")
	if v := view(s); !strings.Contains(v, `"city": "Oslo"`) {
		t.Errorf("the detail should show the selected call's arguments, pretty:\n%s", v)
	}
}

// TestFilterIsFuzzyAndFresh: / filters the tool names as every list of
// the workbench does, fuzzy (scattered letters match), and each / starts
// afresh.
func TestFilterIsFuzzyAndFresh(t *testing.T) {
	t.Parallel()
	s := open(t, &fakeStore{records: []callhistory.Record{rec("echo", `{}`, 3), rec("weather_ok", `{}`, 2),
		rec("weather_broken", `{}`, 1)}})
	keys(s, "/")
	if !s.Typing() {
		t.Fatal("/ should start typing the filter")
	}
	typeText(s, "wthr")
	keys(s, "enter")
	if got := shown(s); len(got) != 2 || slices.Contains(got, "echo") {
		t.Errorf("the fuzzy filter wthr shows %v, want the two weather tools", got)
	}
	if v := view(s); !strings.Contains(v, "2 matches") {
		t.Errorf("the heading should count the matches:\n%s", v)
	}
	keys(s, "/")
	if s.list.Query() != "" || len(shown(s)) != 3 {
		t.Errorf("a new / should start an empty filter, got %q and %d rows", s.list.Query(), len(shown(s)))
	}
	typeText(s, "ECHO")
	keys(s, "esc")
	if len(shown(s)) != 3 || s.Typing() {
		t.Errorf("esc clears the filter: %v", shown(s))
	}
}

// TestFilterRanksWordStartsFirst: a tool whose name starts with the
// query comes first, then one with a word starting with it, then one
// holding it inside, whatever their age; newest first among equals.
func TestFilterRanksWordStartsFirst(t *testing.T) {
	t.Parallel()
	s := open(t, &fakeStore{records: []callhistory.Record{rec("ok_now", `{}`, 5), rec("get_ok", `{}`, 4),
		rec("broken", `{}`, 3), rec("ok_now", `{"again":true}`, 2)}})
	keys(s, "/")
	typeText(s, "ok")
	if got := strings.Join(shown(s), " "); got != "ok_now ok_now get_ok broken" {
		t.Errorf("rows %s, want prefix, word start, then inside", got)
	}
	if r := s.selected(); r == nil || string(r.Arguments) != `{"again":true}` {
		t.Errorf("the newer of two equal matches should be first and selected: %+v", r)
	}
}

// TestFilterPlaceholderHasItsWidth: the empty filter shows its whole
// placeholder; without a width a text input shows one letter of it,
// which reads like a typed character.
func TestFilterPlaceholderHasItsWidth(t *testing.T) {
	t.Parallel()
	s := open(t, &fakeStore{records: []callhistory.Record{rec("echo", `{}`, 1)}})
	keys(s, "/")
	lines := strings.Split(view(s), "\n")
	if len(lines) < 2 || !strings.Contains(lines[1], "/part of a tool's name") {
		t.Errorf("the filter line should show its whole placeholder:\n%s", strings.Join(lines, "\n"))
	}
}

// TestRerunAndEditAreActions: the form is the root's, so re-running a
// call and loading its arguments are wishes the root carries out; a call
// recorded without arguments sends {}.
func TestRerunAndEditAreActions(t *testing.T) {
	t.Parallel()
	s := open(t, &fakeStore{records: []callhistory.Record{rec("echo", ``, 2), rec("weather_ok", `{"city":"Bergen"}`, 1)}})
	r := keys(s, "enter")
	if want := (screen.CallTool{Tool: "weather_ok", Args: json.RawMessage(`{"city":"Bergen"}`)}); len(r.Actions) != 1 ||
		!sameAction(r.Actions[0], want) {
		t.Errorf("enter asked %#v, want %#v", r.Actions, want)
	}
	r = keys(s, "down", "e")
	if want := (screen.LoadArgs{Tool: "echo", Args: json.RawMessage(`{}`), What: "the recorded arguments"}); len(r.Actions) != 1 ||
		!sameAction(r.Actions[0], want) {
		t.Errorf("e asked %#v, want %#v", r.Actions, want)
	}
	if r := keys(s, "q"); len(r.Actions) != 1 || r.Actions[0] != (screen.Pop{}) {
		t.Errorf("q asked %#v, want a pop", r.Actions)
	}
}

func sameAction(a, b screen.Action) bool {
	switch a := a.(type) {
	case screen.CallTool:
		b, ok := b.(screen.CallTool)
		return ok && a.Tool == b.Tool && string(a.Args) == string(b.Args)
	case screen.LoadArgs:
		b, ok := b.(screen.LoadArgs)
		return ok && a.Tool == b.Tool && string(a.Args) == string(b.Args) && a.What == b.What
	}
	return false
}

// TestMouseClickAndWheel: a click selects the row under it (and never
// calls); the wheel moves through the list over the list, and scrolls
// the detail over the detail.
func TestMouseClickAndWheel(t *testing.T) {
	t.Parallel()
	store := &fakeStore{}
	for i := range 20 {
		r := rec("echo", `{"n":`+string(rune('a'+i))+`}`, 40-i)
		r.Arguments = json.RawMessage(`{"n":"` + string(rune('a'+i)) + `"}`)
		r.Result = json.RawMessage(`{"content":[{"type":"text","text":"` + strings.Repeat("line\\n", 40) + `"}]}`)
		store.records = append(store.records, r)
	}
	s := open(t, store)
	// Row 0 is the heading; the list starts on row 1.
	r := s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 3})
	if got := s.list.Selected(); got != 2 || len(r.Actions) != 0 {
		t.Fatalf("a click on the third row selected %d with actions %v", got, r.Actions)
	}
	if v := view(s); !strings.Contains(v, `"n": "r"`) {
		t.Errorf("the detail should follow the click:\n%s", v)
	}
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown, Y: 2})
	if got := s.list.Selected(); got != 5 {
		t.Errorf("the wheel over the list moved to %d, want 5", got)
	}
	detailRow := s.list.HeadRows() + s.listRows() + 2
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown, Y: detailRow})
	if got := s.list.Selected(); got != 5 || s.detail.Offset() != 3 {
		t.Errorf("the wheel over the detail: selected %d, detail at %d; want 5 and 3", got, s.detail.Offset())
	}
}

func TestWarningsSaidOnce(t *testing.T) {
	t.Parallel()
	store := &fakeStore{records: []callhistory.Record{rec("echo", `{}`, 1)},
		warnings: []callhistory.Warning{{File: "calls.jsonl", Line: 7, Problem: "torn line"}, {File: "calls.jsonl", Line: 9, Problem: "not JSON"}}}
	s := New(Deps{Styles: theme.Plain(), Store: func() Store { return store }, Now: func() time.Time { return clock }})
	r := reload(t, s)
	if len(r.Actions) != 1 || r.Actions[0].(screen.Status).Text != "history: calls.jsonl:7: skipped: torn line (and 1 more lines)" {
		t.Errorf("the warnings should be said: %#v", r.Actions)
	}
	if r := reload(t, s); len(r.Actions) != 0 {
		t.Errorf("the warnings are said once: %#v", r.Actions)
	}
}

// TestStaleReadingDropped: of two readings on their way, only the newest
// is shown.
func TestStaleReadingDropped(t *testing.T) {
	t.Parallel()
	store := &fakeStore{records: []callhistory.Record{rec("echo", `{}`, 1)}}
	s := open(t, store)
	old := s.Reload()
	store.records = append(store.records, rec("weather_ok", `{}`, 0))
	reload(t, s)
	s.Update(old())
	if got := len(s.records); got != 2 {
		t.Errorf("a stale reading replaced the newest: %d records", got)
	}
}

// BenchmarkFilter10000 types a letter into the filter of 10,000 calls of
// ten tools and draws the frame: a key press on the screen (target under
// 2 ms at 120 columns).
func BenchmarkFilter10000(b *testing.B) {
	store := &fakeStore{}
	for i := range 10000 {
		store.records = append(store.records, rec("tool_"+string(rune('a'+i%10))+"_search", `{"id":1}`, i))
	}
	s := New(Deps{Styles: theme.Plain(), Store: func() Store { return store }, Now: func() time.Time { return clock }})
	s.Update(tea.WindowSizeMsg{Width: 120, Height: 28})
	s.Update(s.Reload()())
	b.ReportAllocs()
	for b.Loop() {
		keys(s, "/")
		s.Update(tea.KeyPressMsg{Code: 'c', Text: "c"})
		s.View(120, 28)
		b.StopTimer()
		if s.list.Count() != 10000 {
			b.Fatalf("c matched %d calls", s.list.Count())
		}
		keys(s, "esc")
		b.StartTimer()
	}
}
