package tasks

import (
	"github.com/toolbench/toolbench/ui/render"
)

// View draws the tasks in view, or a task's result shown on the screen.
func (s *Screen) View(width, height int) []string {
	return render.TasksScreen(s.d.Styles, s.shown(true), width, height)
}

// shown is the screen as it stands, with the tasks in view when rows is
// set.
func (s *Screen) shown(rows bool) render.TasksView {
	v := render.TasksView{Cursor: -1, Count: s.list.Count(), Total: len(s.rows), Listed: s.listed, Loaded: s.loaded,
		Loading: s.loading, Confirm: s.confirm, Waiting: s.waiting, Failure: s.failure, Result: s.lines,
		ResultOf: s.resultOf, Offset: s.result.Offset(), Now: s.now}
	if s.list.ShowsFilter() {
		v.Filter = s.list.FilterLine()
	}
	if s.typing {
		v.Input = s.input.View()
	}
	if !rows {
		return v
	}
	entries, cursor := s.list.Window()
	v.Cursor = cursor
	for _, i := range entries {
		v.Rows = append(v.Rows, s.row(i))
	}
	return v
}

// row is task i as the screen lists it.
func (s *Screen) row(i int) render.TaskRow {
	t := s.rows[i]
	return render.TaskRow{ID: t.ID, Status: t.Status, Message: t.StatusMessage, Tool: s.toolOf(t.ID),
		CreatedAt: t.CreatedAt, LastUpdatedAt: t.LastUpdatedAt}
}

// measure finds the tallest task's rows at the body's width: layout
// fits the tasks in view by it. It runs when the rows or the width
// change, not on every key.
func (s *Screen) measure() {
	s.tallest = 1
	for i := range s.rows {
		s.tallest = max(s.tallest, render.TaskRowHeight(s.row(i), s.width))
	}
}

// layout brings what View reads up to date after every message: how many
// tasks fit under the head and above the footer (each as tall as the
// tallest, so any run of them fits), where each task in view is drawn
// (for the mouse), the id input's width, and the result's scroll.
func (s *Screen) layout() {
	// The placeholder is cut to the input's width; without one it shows
	// its first letter, which reads as a typed character.
	s.input.SetWidth(max(1, s.width-len(s.input.Prompt)-1))
	s.result.SetSize(len(s.lines), s.height-1)
	v := s.shown(false)
	st := s.d.Styles
	if st == nil {
		return
	}
	s.headRows = len(render.TasksHead(st, v, s.width))
	room := s.height - s.headRows - len(render.TasksFooter(st, v, s.width))
	// The filter line is its prompt, the text and the cursor's cell.
	s.list.Resize(s.width-1, max(1, room/max(1, s.tallest)))
	entries, _ := s.list.Window()
	s.heights = s.heights[:0]
	for _, i := range entries {
		s.heights = append(s.heights, render.TaskRowHeight(s.row(i), s.width))
	}
}
