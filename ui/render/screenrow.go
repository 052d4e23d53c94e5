package render

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/theme"
)

// ScreenTab is one screen of the header's screen row: the key that opens
// it where nothing is typed, its name, and whether it shows now.
type ScreenTab struct {
	Key, Title string
	Active     bool
}

// screenTabGap separates the tabs of the screen row.
const screenTabGap = "  "

// screenRowFloor is the least room the row is drawn in: below it the
// palette's key alone would not say what it is.
const screenRowFloor = 12

// TabSpan is where a tab of the screen row is drawn: its index in the
// tabs and its first and last cell from the row's start.
type TabSpan struct {
	Index, From, To int
}

// ScreenRowSpans lays the row out in room cells; nil when room is below
// the floor. The tab shown and the last tab (the palette, which reaches
// every other) are kept first; the others follow in order while they fit.
// Drawing and clicks use this one layout, so a click lands on the tab it
// is drawn over.
func ScreenRowSpans(tabs []ScreenTab, room int) []TabSpan {
	if room < screenRowFloor || len(tabs) == 0 {
		return nil
	}
	keep := make([]bool, len(tabs))
	used := 0
	take := func(i int) {
		w := ansi.StringWidth(tabText(tabs[i]))
		if used > 0 {
			w += len(screenTabGap)
		}
		if !keep[i] && used+w <= room {
			keep[i], used = true, used+w
		}
	}
	for i, t := range tabs {
		if t.Active {
			take(i)
		}
	}
	take(len(tabs) - 1)
	for i := range tabs {
		take(i)
	}
	var spans []TabSpan
	at := 0
	for i, k := range keep {
		if !k {
			continue
		}
		if len(spans) > 0 {
			at += len(screenTabGap)
		}
		w := ansi.StringWidth(tabText(tabs[i]))
		spans = append(spans, TabSpan{Index: i, From: at, To: at + w - 1})
		at += w
	}
	return spans
}

// ScreenRow draws the tabs that fit in room cells, the one shown marked.
func ScreenRow(st *theme.Styles, tabs []ScreenTab, room int) string {
	var b strings.Builder
	for n, sp := range ScreenRowSpans(tabs, room) {
		t := tabs[sp.Index]
		if n > 0 {
			b.WriteString(screenTabGap)
		}
		if t.Active {
			b.WriteString(st.Selected.Render(tabText(t)))
			continue
		}
		if t.Key != "" {
			b.WriteString(st.Key.Render(t.Key) + " ")
		}
		b.WriteString(st.Muted.Render(t.Title))
	}
	return b.String()
}

// tabText is a tab as plain text: "E Resources", or the name alone.
func tabText(t ScreenTab) string {
	if t.Key == "" {
		return t.Title
	}
	return t.Key + " " + t.Title
}
