package render

import (
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/theme"
)

// headerRowGap is the least space between the connection and the screen
// row.
const headerRowGap = 3

// headerRowFloor is the least room the connection keeps when the screen
// row needs it: the state and a cut name still fit in it.
const headerRowFloor = 30

// headerRowEnough is how many tabs of the screen row make the header's
// decoration worth giving up no further: the tools, three screens and the
// palette.
const headerRowEnough = 5

// HeaderLayout is the top line laid out: the connection at the left and,
// where it fits, the screen row right-aligned beside it. Drawing and
// clicks use this one layout, so a click lands on the tab it is drawn over.
type HeaderLayout struct {
	// Line is the whole top line.
	Line string
	// RowStart is the cell the screen row starts at; Spans are its tabs,
	// counted from there. Spans is nil when no row is drawn.
	RowStart int
	Spans    []TabSpan
}

// LayHeader lays the connection and the screen row out in width cells.
// The row matters more than the header's decoration: where the row would
// show fewer than headerRowEnough tabs beside the whole header, the header
// turns brief (Connection.Brief) when that shows more; where even the row's core
// (Tools, the screen shown, the palette) does not fit, the header is cut
// to leave the core its room, down to headerRowFloor. Below that the
// header has the line alone.
func LayHeader(st *theme.Styles, c Connection, tabs []ScreenTab, width int) HeaderLayout {
	brief := c
	brief.Brief = true
	best, bestN := "", -1
	for _, v := range []Connection{c, brief} {
		head := Header(st, v, 0)
		n := len(ScreenRowSpans(tabs, width-ansi.StringWidth(head)-headerRowGap))
		if n > bestN {
			best, bestN = head, n
		}
		if n >= min(headerRowEnough, len(tabs)) {
			break
		}
	}
	if len(tabs) > 0 && bestN >= len(coreTabs(tabs)) {
		return besideHeader(st, best, tabs, width-ansi.StringWidth(best)-headerRowGap, width)
	}
	core := coreWidth(tabs)
	if len(tabs) == 0 || width-core-headerRowGap < headerRowFloor {
		return HeaderLayout{Line: Header(st, c, width)}
	}
	head := Header(st, brief, width-core-headerRowGap)
	return besideHeader(st, head, tabs, width-ansi.StringWidth(head)-headerRowGap, width)
}

// besideHeader draws the row in room cells, right-aligned after head.
func besideHeader(st *theme.Styles, head string, tabs []ScreenTab, room, width int) HeaderLayout {
	spans := ScreenRowSpans(tabs, room)
	if len(spans) == 0 {
		return HeaderLayout{Line: head}
	}
	start := width - (spans[len(spans)-1].To + 1)
	line := head + Pad("", start-ansi.StringWidth(head)) + ScreenRow(st, tabs, room)
	return HeaderLayout{Line: line, RowStart: start, Spans: spans}
}

// coreTabs are the tabs the row always keeps: the first (the tools), the
// one shown and the last (the palette, which reaches every other).
func coreTabs(tabs []ScreenTab) []int {
	if len(tabs) == 0 {
		return nil
	}
	core := []int{0}
	for i, t := range tabs {
		if t.Active && i != 0 && i != len(tabs)-1 {
			core = append(core, i)
		}
	}
	if len(tabs) > 1 {
		core = append(core, len(tabs)-1)
	}
	return core
}

// coreWidth is the cells the core tabs take, gaps included; never below
// the row's floor, under which the row is not drawn at all.
func coreWidth(tabs []ScreenTab) int {
	w := 0
	for n, i := range coreTabs(tabs) {
		if n > 0 {
			w += len(screenTabGap)
		}
		w += ansi.StringWidth(tabText(tabs[i]))
	}
	return max(w, screenRowFloor)
}
