package ui

import (
	"sort"

	"github.com/toolbench/toolbench/ui/render"
)

// index is the position in shown of the cursor's entry, or of the first
// one after it when the filter hides it; -1 when nothing is shown.
func (l *logView) index() int {
	if len(l.shown) == 0 {
		return -1
	}
	return min(sort.SearchInts(l.shown, l.cursor), len(l.shown)-1)
}

// move shifts the cursor by delta entries; at the newest it follows the
// entries that arrive.
func (l *logView) move(delta int) {
	i := l.index()
	if i < 0 {
		return
	}
	i = max(0, min(len(l.shown)-1, i+delta))
	l.cursor, l.follow = l.shown[i], i == len(l.shown)-1
}

// page turns a page of delta rows: the window and the cursor move
// together, so the rows on screen change even when the cursor was not at
// the window's edge.
func (l *logView) page(delta int) {
	l.offset = max(0, l.offset+delta)
	l.move(delta)
}

// clamp puts the cursor on a shown entry and the window of rows rows
// around it.
func (l *logView) clamp(rows int) {
	i := l.index()
	if i < 0 {
		l.cursor, l.offset = -1, 0
		return
	}
	l.cursor = l.shown[i]
	rows = max(1, rows)
	if i < l.offset {
		l.offset = i
	}
	if i >= l.offset+rows {
		l.offset = i - rows + 1
	}
	l.offset = render.Scroll(l.offset, len(l.shown), rows)
}

// reveal selects the entry of seq, showing every entry again when the
// view or the filter hides it; it reports whether the entry is still kept.
func (l *logView) reveal(seq int) bool {
	e := l.at(seq)
	if e == nil {
		return false
	}
	if !l.passes(e) {
		l.show = showAll
		l.setFilter("")
	}
	l.cursor = seq
	l.follow = len(l.shown) > 0 && l.shown[len(l.shown)-1] == seq
	return true
}

// window is the part of the log the screen shows, rows rows from offset,
// and the cursor's index in it: a screenful however long the log is.
func (l *logView) window(rows int) ([]render.LogEntry, int) {
	end := min(len(l.shown), l.offset+max(0, rows))
	out := make([]render.LogEntry, 0, max(0, end-l.offset))
	cursor := -1
	for i := l.offset; i < end; i++ {
		seq := l.shown[i]
		if seq == l.cursor {
			cursor = len(out)
		}
		out = append(out, l.at(seq).LogEntry)
	}
	return out, cursor
}
