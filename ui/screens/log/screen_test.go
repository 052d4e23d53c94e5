package log

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// newTestScreen is a log screen over an empty store, the body width×height.
func newTestScreen(width, height int) (*Screen, *Store) {
	l := NewStore()
	s := New(Deps{Styles: theme.Plain(), Store: l})
	s.Update(tea.WindowSizeMsg{Width: width, Height: height})
	return s, l
}

// view brings the screen up to date, as the root does after a message,
// and draws it without styles.
func view(s *Screen) string {
	s.Refresh()
	return ansi.Strip(strings.Join(s.View(s.width, s.height), "\n"))
}

// press sends the keys named, each as its binding names it.
func press(s *Screen, names ...string) {
	for _, n := range names {
		k, ok := screen.Press(n)
		if !ok {
			panic("no key " + n)
		}
		s.Update(k)
		s.Refresh()
	}
}

// typeText types text, a key a rune.
func typeText(s *Screen, text string) {
	for _, r := range text {
		s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	s.Refresh()
}

// rowOf is the screen's row that holds every one of parts, or "".
func rowOf(view string, parts ...string) string {
	for _, row := range strings.Split(view, "\n") {
		ok := true
		for _, p := range parts {
			ok = ok && strings.Contains(row, p)
		}
		if ok {
			return row
		}
	}
	return ""
}

// lines fills the log with n stderr lines, "line 0" first.
func lines(l *Store, n int) {
	for i := range n {
		l.Add(logAt, "stderr", "", fmt.Sprintf("line %d", i))
	}
}

// callFrames records a tools/call of tool with id and its result.
func callFrames(l *Store, id int, tool string) {
	l.AddFrame(frame(client.Sent, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q}}`, id, tool)))
	l.AddFrame(frame(client.Received, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":{"content":[]}}`, id)))
}

// TestLogFilterSyntax: the filter's words all match; direction words,
// #id, method and tool name; esc clears it.
func TestLogFilterSyntax(t *testing.T) {
	t.Parallel()
	s, l := newTestScreen(120, 30)
	callFrames(l, 4, "get-sum")
	callFrames(l, 5, "echo")
	l.AddFrame(frame(client.Received, `{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}}`))
	l.Add(logAt, "stderr", "", "get-sum was called")
	s.Refresh()
	tests := []struct {
		filter string
		want   int
	}{
		{"get-sum", 3}, // both frames, and the stderr line that names it
		{"tools/call", 4},
		{"in", 3},
		{"←", 3},
		{"out", 2},
		{"→ echo", 1},
		{"#4", 2},
		{"#4 in", 1},
		{"progress", 1},
		{"GET-SUM out", 1},
		{"nothing-like-it", 0},
	}
	for _, tt := range tests {
		press(s, "/")
		typeText(s, tt.filter)
		press(s, "enter")
		if got := s.list.Count(); got != tt.want {
			t.Errorf("filter %q: %d entries, want %d:\n%s", tt.filter, got, tt.want, view(s))
		}
	}
	press(s, "/", "esc")
	if s.filter != "" || s.list.Count() != len(l.ring) {
		t.Errorf("esc does not clear the filter: %q, %d of %d shown", s.filter, s.list.Count(), len(l.ring))
	}
}

// TestLogClickAndWheel: the wheel moves through the list and scrolls
// the opened entry; a click selects the row under it, and a click on the
// selected row opens it.
func TestLogClickAndWheel(t *testing.T) {
	t.Parallel()
	s, l := newTestScreen(100, 11) // a heading and 10 rows
	lines(l, 40)
	l.AddFrame(frame(client.Sent, `{"jsonrpc":"2.0","id":9,"method":"tools/list"}`))
	items := make([]string, 60)
	for i := range items {
		items[i] = fmt.Sprintf(`{"name":"tool_%d"}`, i)
	}
	l.AddFrame(frame(client.Received, `{"jsonrpc":"2.0","id":9,"result":{"tools":[`+strings.Join(items, ",")+`]}}`))
	if v := view(s); !strings.Contains(v, "line 32") || strings.Contains(v, "line 31") {
		t.Fatalf("the log does not start at its newest page:\n%s", v)
	}
	for range 4 {
		s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	}
	if e, _ := s.Selected(); e.Text != "line 29" || !strings.Contains(strings.Split(view(s), "\n")[1], "line 29") {
		t.Errorf("four notches up select %q, want line 29 on the top row:\n%s", e.Text, view(s))
	}
	if r := s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 2}); r.Cmd != nil || s.detail.open {
		t.Errorf("a click on another row opens it")
	}
	if e, _ := s.Selected(); e.Text != "line 30" {
		t.Errorf("a click on the second row selects %q, want line 30:\n%s", e.Text, view(s))
	}
	if r := s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 2}); r.Cmd == nil || !s.detail.open {
		t.Fatalf("a click on the selected row does not open it:\n%s", view(s))
	}
	press(s, "esc", "end")
	r := s.Update(tea.KeyPressMsg{Code: tea.KeyEnter})
	if r.Cmd == nil {
		t.Fatal("enter on the response asks for no rendering")
	}
	s.Update(r.Cmd())
	if s.Rendering() || len(s.detail.lines) < 60 {
		t.Fatalf("the response is not rendered: %d lines", len(s.detail.lines))
	}
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if got := s.detail.view.Offset(); got != 3 {
		t.Errorf("a notch down scrolls the opened entry to line %d, want 3", got)
	}
}

// TestLogKeepsTheRowsWhileEntriesArrive: entries that arrive while the
// person reads an older page move neither the rows nor the cursor; at
// the newest entry the cursor follows them.
func TestLogKeepsTheRowsWhileEntriesArrive(t *testing.T) {
	t.Parallel()
	s, l := newTestScreen(100, 11)
	lines(l, 40)
	view(s)
	press(s, "pgup", "pgup", "down")
	before := view(s)
	sel, _ := s.Selected()
	lines(l, 5)
	after := view(s)
	if got, _ := s.Selected(); got.Text != sel.Text || strings.SplitN(after, "\n", 2)[1] != strings.SplitN(before, "\n", 2)[1] {
		t.Errorf("new entries moved the page or the cursor (%q, was %q):\n%s\n---\n%s", got.Text, sel.Text, before, after)
	}
	press(s, "end")
	lines(l, 1)
	view(s)
	if got, _ := s.Selected(); got.Text != "line 0" || s.list.Selected() != s.list.Count()-1 {
		t.Errorf("at the newest entry the cursor does not follow: %q", got.Text)
	}
}

// TestLogKeysFollowWhatIsOnScreen: the help's first group and the hints
// are those of the list, the filter being typed, or the opened entry.
func TestLogKeysFollowWhatIsOnScreen(t *testing.T) {
	t.Parallel()
	s, l := newTestScreen(100, 20)
	callFrames(l, 4, "get-sum")
	view(s)
	steps := []struct {
		keys           []string
		group, hint    string
		typing, paired bool
	}{
		{nil, "Log", "↑↓", false, true},
		{[]string{"/"}, "Filtering the log", "enter", true, false},
		{[]string{"enter", "enter"}, "An entry of the log", "p", false, true},
	}
	for _, st := range steps {
		press(s, st.keys...)
		hints := s.Hints()
		if got := s.Keys()[0].Title; got != st.group || hints[0][0] != st.hint || s.Typing() != st.typing {
			t.Errorf("after %v: first group %q, first hint %q, typing %v; want %q, %q, %v",
				st.keys, got, hints[0][0], s.Typing(), st.group, st.hint, st.typing)
		}
		pair := false
		for _, h := range hints {
			pair = pair || h[1] == "request" || h[1] == "response"
		}
		if pair != st.paired {
			t.Errorf("after %v: a hint for the pair %v, want %v: %v", st.keys, pair, st.paired, hints)
		}
	}
}
