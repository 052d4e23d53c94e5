package widget

import (
	"fmt"
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func press(s string) tea.KeyPressMsg {
	switch s {
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	}
	r := []rune(s)[0]
	return tea.KeyPressMsg{Code: r, Text: s}
}

func TestRankPutsWordStartsFirst(t *testing.T) {
	t.Parallel()
	names := []string{"get-elaborate-icons", "trigger-url-elicitation", "elicit", "relic-finder", "trigger-elicitation-request"}
	got := Rank("elic", names, nil)
	var shown []string
	for _, i := range got {
		shown = append(shown, names[i])
	}
	want := []string{"elicit", "trigger-url-elicitation", "trigger-elicitation-request", "relic-finder", "get-elaborate-icons"}
	// The two word-start matches tie on tier; their fuzzy scores order them.
	if shown[0] != want[0] || shown[len(shown)-1] != "get-elaborate-icons" || shown[3] != "relic-finder" {
		t.Fatalf("Rank(elic) = %v, want prefix first, word starts next, inside, then scattered: %v", shown, want)
	}
	if !slices.Contains(shown[1:3], "trigger-url-elicitation") {
		t.Fatalf("trigger-url-elicitation not among the word-start matches: %v", shown)
	}
}

func TestRankCamelHumpIsAWordStart(t *testing.T) {
	t.Parallel()
	names := []string{"xxcallyy", "makeCall"}
	if got := Rank("call", names, nil); got[0] != 1 {
		t.Fatalf("Rank(call) = %v, want makeCall (a word start) first", got)
	}
}

func list(n, rows int) *List {
	l := NewList("tool", "filter")
	var hay []string
	for i := range n {
		hay = append(hay, fmt.Sprintf("tool-%03d", i))
	}
	l.Set(hay, nil)
	l.Resize(40, rows)
	return &l
}

func TestListKeysAndWheelMoveTheSameEverywhere(t *testing.T) {
	t.Parallel()
	cases := []struct {
		msgs []tea.Msg
		want int
	}{
		{[]tea.Msg{press("down"), press("down"), press("up")}, 1},
		{[]tea.Msg{press("j"), press("j")}, 2},
		{[]tea.Msg{press("pgdown")}, 5},
		{[]tea.Msg{press("space"), press("space")}, 10},
		{[]tea.Msg{press("end")}, 99},
		{[]tea.Msg{press("G"), press("g")}, 0},
		{[]tea.Msg{press("end"), tea.KeyPressMsg{Code: tea.KeyPgUp}}, 94},
		{[]tea.Msg{tea.MouseWheelMsg{Button: tea.MouseWheelDown}}, 3},
		{[]tea.Msg{press("end"), tea.MouseWheelMsg{Button: tea.MouseWheelUp}}, 96},
	}
	for _, c := range cases {
		l := list(100, 5)
		for _, m := range c.msgs {
			if ok, _ := l.Update(m); !ok {
				t.Fatalf("%v: message %v not handled", c.msgs, m)
			}
		}
		if got := l.Selected(); got != c.want {
			t.Errorf("%v: selected %d, want %d", c.msgs, got, c.want)
		}
		entries, row := l.Window()
		if row < 0 || entries[row] != c.want || len(entries) != 5 {
			t.Errorf("%v: cursor out of view: window %v row %d", c.msgs, entries, row)
		}
	}
}

func TestListClickSelectsTheRowInView(t *testing.T) {
	t.Parallel()
	l := list(100, 5)
	l.Move(10) // offset 6
	entry, ok := l.Click(2)
	if !ok || entry != 8 || l.Selected() != 8 {
		t.Fatalf("click row 2 = %d %v, selected %d; want entry 8", entry, ok, l.Selected())
	}
	if _, ok := l.Click(7); !ok {
		t.Fatal("click inside the view beyond the height must still be in the list's rows")
	}
	short := list(2, 5)
	if _, ok := short.Click(3); ok {
		t.Fatal("a click below the last entry selected something")
	}
}

func TestListClickAgainOpensAndHeadRowsCountTheFilter(t *testing.T) {
	t.Parallel()
	l := list(10, 5)
	if entry, ok, again := l.ClickAgain(2); !ok || again || entry != 2 {
		t.Fatalf("first click = %d %v %v, want entry 2 selected, not opened", entry, ok, again)
	}
	if entry, ok, again := l.ClickAgain(2); !ok || !again || entry != 2 {
		t.Fatalf("second click = %d %v %v, want entry 2 opened", entry, ok, again)
	}
	if _, ok, again := l.ClickAgain(20); ok || again {
		t.Fatal("a click below the last entry opened something")
	}
	if l.HeadRows() != 1 {
		t.Fatalf("HeadRows without a filter = %d, want the heading only", l.HeadRows())
	}
	l.SetFilter("tool")
	if l.HeadRows() != 2 {
		t.Fatalf("HeadRows with a filter = %d, want the heading and the filter line", l.HeadRows())
	}
}

func TestListFilterIsFreshAndKeepsSelection(t *testing.T) {
	t.Parallel()
	l := list(100, 5)
	l.Update(press("/"))
	for _, r := range "042" {
		l.Update(press(string(r)))
	}
	if l.Count() != 1 || l.Selected() != 42 {
		t.Fatalf("filter 042: %d shown, selected %d", l.Count(), l.Selected())
	}
	l.Update(press("enter"))
	if l.Filtering() || !l.ShowsFilter() {
		t.Fatal("enter must keep the filter and stop typing")
	}
	// A fresh / clears the old filter and keeps tool-042 under the cursor.
	l.Update(press("/"))
	if l.Query() != "" || l.Count() != 100 || l.Selected() != 42 {
		t.Fatalf("fresh filter: query %q, %d shown, selected %d", l.Query(), l.Count(), l.Selected())
	}
	l.Update(press("q"))
	if l.Query() != "q" {
		t.Fatalf("while filtering a letter is typed, got query %q", l.Query())
	}
	l.Update(press("esc"))
	if l.Filtering() || l.Query() != "" || l.Count() != 100 {
		t.Fatal("esc must clear the filter")
	}
}

func TestListUnhandledKeysGoOn(t *testing.T) {
	t.Parallel()
	l := list(3, 5)
	if ok, _ := l.Update(press("x")); ok {
		t.Fatal("x is not a list key; the screen must get it")
	}
}

func TestViewportClampsAndScrolls(t *testing.T) {
	t.Parallel()
	v := NewViewport()
	v.SetSize(50, 10)
	v.Update(press("end"))
	if from, to := v.Window(); from != 40 || to != 50 {
		t.Fatalf("end: window %d–%d, want 40–50", from, to)
	}
	v.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if v.Offset() != 37 {
		t.Fatalf("wheel up: offset %d, want 37", v.Offset())
	}
	v.SetSize(5, 10)
	if v.Offset() != 0 {
		t.Fatalf("shorter than the view: offset %d, want 0", v.Offset())
	}
	if v.Update(press("x")) {
		t.Fatal("x scrolled the viewport")
	}
}

// TestRankPutsEarlierMatchesFirst: within a tier, the match nearer the
// start ranks first, whatever the fuzzy score says.
func TestRankPutsEarlierMatchesFirst(t *testing.T) {
	t.Parallel()
	names := []string{"reconnect, keeping forms and results", "show or hide the resources"}
	if got := Rank("res", names, nil); got[0] != 1 {
		t.Fatalf("Rank(res) = %v, want the resources (a word starting at 17) before results (at 29)", got)
	}
}

// TestScrollDetail: alt+j and alt+k scroll the detail a line, clamped to
// its lines; any other key is left to the list.
func TestScrollDetail(t *testing.T) {
	t.Parallel()
	v := NewViewport()
	v.SetSize(10, 4)
	k := NewDetailKeys("the detail")
	down, up := tea.KeyPressMsg{Code: 'j', Mod: tea.ModAlt}, tea.KeyPressMsg{Code: 'k', Mod: tea.ModAlt}
	for range 9 {
		if !v.ScrollDetail(down, k) {
			t.Fatal("alt+j was not taken")
		}
	}
	if v.Offset() != 6 {
		t.Errorf("offset %d after scrolling past the end, want 6", v.Offset())
	}
	v.ScrollDetail(up, k)
	if v.Offset() != 5 {
		t.Errorf("offset %d after alt+k, want 5", v.Offset())
	}
	if v.ScrollDetail(tea.KeyPressMsg{Code: 'j'}, k) {
		t.Error("a plain j scrolled the detail")
	}
}
