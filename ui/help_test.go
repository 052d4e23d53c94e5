package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

var f1 = tea.KeyPressMsg{Code: tea.KeyF1}

// helpPosition is the help title's "12–35 of 140".
var helpPosition = regexp.MustCompile(`Keys · (\d+)–(\d+) of (\d+) · `)

// helpWindow reads the rows the help screen says it shows.
func helpWindow(t *testing.T, v string) (first, last, total int) {
	t.Helper()
	m := helpPosition.FindStringSubmatch(v)
	if m == nil {
		t.Fatalf("the help shows no position:\n%s", v)
	}
	fmt.Sscan(m[1]+" "+m[2]+" "+m[3], &first, &last, &total)
	return first, last, total
}

// TestHelpScrollsAt80x24: at 80×24 the help says which of its rows it
// shows, page down walks to its last section and end jumps there; read
// page by page, every binding's row is there whole, its description
// wrapped rather than cut, and no row is cut with "…".
func TestHelpScrollsAt80x24(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.resize(80, 24)
	h.key("?")
	first, last, total := helpWindow(t, h.view())
	if first != 1 || last != 21 || total < 100 {
		t.Fatalf("the first page shows rows %d–%d of %d", first, last, total)
	}
	var text strings.Builder
	for seen := 0; seen < total; {
		v := h.view()
		first, last, _ = helpWindow(t, v)
		// A page may overlap the one before only when it is the last
		// (the view stops at the last row); it never skips a row.
		if seen > 0 && (first > seen+1 || last <= seen || first != seen+1 && last != total) {
			t.Fatalf("after row %d the next page shows %d–%d of %d", seen, first, last, total)
		}
		rows := strings.Split(v, "\n")
		body := rows[2 : len(rows)-1][:last-first+1]
		for _, r := range body {
			if strings.HasSuffix(strings.TrimRight(r, " "), "…") {
				t.Errorf("a help row is cut: %q", r)
			}
			if ansi.StringWidth(r) > 80 {
				t.Errorf("a help row is wider than 80: %q", r)
			}
		}
		text.WriteString(strings.Join(body[seen+1-first:], "\n") + "\n")
		seen = last
		h.key("pgdown")
	}
	joined := strings.Join(strings.Fields(text.String()), " ")
	for _, s := range h.m.helpFor {
		for _, r := range s.Rows {
			if want := r.Keys + " " + strings.Join(strings.Fields(r.Desc), " "); !strings.Contains(joined, want) {
				t.Errorf("paging through the help never shows %q whole", want)
			}
		}
	}
	h.key("home")
	if first, _, _ := helpWindow(t, h.view()); first != 1 {
		t.Errorf("home shows row %d first", first)
	}
	h.key("end")
	v := h.view()
	if _, last, total := helpWindow(t, v); last != total || !strings.Contains(v, "This help") {
		t.Errorf("end does not show the last section:\n%s", v)
	}
}

// TestFooterNamesHelp: on every screen of the key contexts, at 80 and 120
// columns, the status line names the help key and fits; where ? is typed
// (the form, a form modal) it names f1 and says so.
func TestFooterNamesHelp(t *testing.T) {
	t.Parallel()
	contexts := append(keyContexts(), keyContext{name: "form", setup: func(h *harness) { h.selectTool("echo") }})
	for _, c := range contexts {
		for _, width := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s/%d", c.name, width), func(t *testing.T) {
				t.Parallel()
				h := newHarness(t, newFakeSession(t, fixtureTools))
				h.resize(width, 24)
				c.setup(h)
				v := h.view()
				status := v[strings.LastIndex(v, "\n")+1:]
				want := "? help"
				if h.m.helpShownNow() {
					want = "esc/? close"
				} else if h.m.takesText() {
					want = "f1 help (? typed)"
				}
				if !strings.HasSuffix(strings.TrimRight(status, " "), want) {
					t.Errorf("the status line does not end with %q: %q", want, status)
				}
				if w := ansi.StringWidth(status); w > width {
					t.Errorf("the status line is %d wide: %q", w, status)
				}
			})
		}
	}
}

// TestHelpWhereQuestionMarkIsTyped: in the form ? is typed into the
// field, f1 opens the help over it, and closing it leaves the form as it
// was; over a question's form modal f1 opens the help too, and esc comes
// back to the modal.
func TestHelpWhereQuestionMarkIsTyped(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.resize(120, 30)
	h.selectTool("echo")
	h.typeText("why?")
	if h.m.helpShownNow() {
		t.Fatal("? in the form opened the help")
	}
	h.update(f1)
	if !h.m.helpShownNow() || !strings.Contains(h.view(), "Keys · 1–") {
		t.Fatalf("f1 in the form did not open the help:\n%s", h.view())
	}
	h.key("esc")
	if got := h.m.formArgs(); got != `{"message":"why?"}` {
		t.Errorf("the form after the help: %s", got)
	}

	s := newFakeSession(t, fixtureTools)
	h = newHarness(t, s)
	h.resize(120, 30)
	h.callAsking(s, elicitAsk(t, "testdata/everything.elicitation.json", "Tell me"))
	// The status line's clock ticks on; the rest must be as it was.
	above := func(v string) string { return v[:strings.LastIndex(v, "\n")] }
	before := above(h.view())
	h.update(f1)
	if v := h.view(); !strings.Contains(v, "Keys · 1–") {
		t.Fatalf("f1 over the modal did not open the help:\n%s", v)
	}
	h.key("esc")
	if above(h.view()) != before || h.m.asks.modal == nil {
		t.Errorf("after the help the modal reads:\n%s\nwant\n%s", h.view(), before)
	}
}

// TestHelpOpensOnTheCurrentScreen: the help starts with the keys of the
// screen it was opened on, and `/` searches every screen's keys.
func TestHelpOpensOnTheCurrentScreen(t *testing.T) {
	t.Parallel()
	cases := []struct {
		keys  []string
		first string
	}{
		{nil, "Tool list"},
		{[]string{"V"}, "Log level"},
		{[]string{"alt+l"}, "Log"},
	}
	for _, c := range cases {
		t.Run(c.first, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, newFakeSession(t, fixtureTools))
			h.resize(80, 24)
			h.key(c.keys...)
			h.key("?")
			rows := strings.Split(h.view(), "\n")
			if !strings.Contains(rows[1], "on "+c.first) || strings.TrimSpace(rows[3]) != c.first {
				t.Fatalf("the help does not open on %q:\n%s", c.first, h.view())
			}
		})
	}
	h := newHarness(t, newFakeSession(t, fixtureTools))
	h.resize(80, 24)
	h.key("?", "/")
	h.typeText("directory")
	v := h.view()
	if !strings.Contains(v, "add a directory") || strings.Contains(v, "previous tool") {
		t.Fatalf("searching the help for 'directory' did not keep just the roots' row:\n%s", v)
	}
	h.key("esc")
	if v := h.view(); !strings.Contains(v, "previous tool") {
		t.Fatalf("esc did not clear the search:\n%s", v)
	}
}
