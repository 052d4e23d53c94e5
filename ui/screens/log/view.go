package log

import (
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
)

// View draws the opened entry, or the rows in view under the log's
// heading: a screenful however long the log is.
func (s *Screen) View(width, height int) []string {
	if s.detail.open {
		return render.FrameDetailScreen(s.st, s.detailShown(), width, height)
	}
	entries, cursor := s.list.Window()
	rows := make([]render.LogEntry, 0, len(entries))
	for _, i := range entries {
		if e := s.store.at(s.shown[i]); e != nil {
			rows = append(rows, e.LogEntry)
		}
	}
	return render.LogScreen(s.st, render.LogView{Summary: s.store.summary(), Show: s.show.String(), Filter: s.filter,
		Editing: s.editing, Matches: len(s.shown), Rows: rows, Cursor: cursor}, width, height)
}

// Keys lists the log's keys, those of what is on screen first.
func (s *Screen) Keys() []screen.Group {
	list, filter, entry := s.keys.groups()
	now := list.Title
	switch {
	case s.editing:
		now = filter.Title
	case s.detail.open:
		now = entry.Title
	}
	return screen.Lead([]screen.Group{list, filter, entry}, now)
}

// Hints are the keys that matter on what is on screen.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	switch {
	case s.editing:
		return [][2]string{screen.Hint(k.FilterDone, "keep"), screen.Hint(k.FilterClear, "clear"), screen.Hint(k.FilterDelete, "delete")}
	case s.detail.open:
		hints := [][2]string{screen.HintPair(k.EntryNav.Up, k.EntryNav.Down, "scroll"), screen.Hint(k.EntryBack, "back")}
		if e := s.store.at(s.detail.seq); e != nil && s.store.at(e.pair) != nil {
			hints = append([][2]string{screen.Hint(k.EntryPair, pairWord(e))}, hints...)
		}
		return hints
	}
	hints := [][2]string{screen.HintPair(k.List.Up, k.List.Down, "select"), screen.Hint(k.Open, "open"),
		screen.Hint(k.Filter, "filter"), screen.Hint(k.Show, "frames/stderr"), screen.Hint(k.Back, "back")}
	if _, e := s.selected(); e != nil && s.store.at(e.pair) != nil {
		hints = append(hints[:2], append([][2]string{screen.Hint(k.Pair, pairWord(e))}, hints[2:]...)...)
	}
	return hints
}

// pairWord says where the pair key goes from e.
func pairWord(e *entry) string {
	if e.Frame != nil && e.Frame.Kind.IsResponse() {
		return "request"
	}
	return "response"
}
