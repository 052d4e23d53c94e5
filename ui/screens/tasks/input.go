package tasks

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
)

// key takes a key in whichever state the screen is.
func (s *Screen) key(msg tea.KeyPressMsg) screen.Result {
	switch {
	case s.typing:
		return s.idKey(msg)
	case s.confirm != "":
		return s.confirmKey(msg)
	case s.lines != nil:
		return s.resultKey(msg)
	case s.list.Filtering():
		_, cmd := s.list.Update(msg)
		return screen.Done(cmd)
	}
	k := s.keys
	switch {
	case key.Matches(msg, k.Refresh):
		return s.listTasks()
	case key.Matches(msg, k.Cancel):
		if t := s.selected(); t != nil {
			s.confirm = t.ID
			return screen.Done(nil)
		}
		return screen.Unhandled()
	case key.Matches(msg, k.Result):
		if t := s.selected(); t != nil {
			return s.fetchResult(t.ID)
		}
		return screen.Unhandled()
	case key.Matches(msg, k.Lookup):
		s.typing = true
		s.input.SetValue("")
		return screen.Done(s.input.Focus())
	case key.Matches(msg, k.Back):
		if s.waiting != "" {
			return s.stopWaiting()
		}
		return screen.Done(nil, screen.Pop{})
	}
	if ok, cmd := s.list.Update(msg); ok {
		return screen.Done(cmd)
	}
	return screen.Unhandled()
}

// idKey takes a key while a task id is typed: everything but its end is
// typed.
func (s *Screen) idKey(msg tea.KeyPressMsg) screen.Result {
	switch {
	case key.Matches(msg, s.keys.Find):
		id := strings.TrimSpace(s.input.Value())
		if id == "" {
			return screen.Done(nil, screen.Status{Level: render.LevelError, Text: "type the id of a task to look up, or esc"})
		}
		s.typing = false
		s.input.Blur()
		return s.lookUp(id)
	case key.Matches(msg, s.keys.Drop):
		s.typing = false
		s.input.Blur()
		return screen.Done(nil)
	}
	value, pos := s.input.Value(), s.input.Position()
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	// A chord the input has no use for is one of the keys that work on
	// every screen (alt+t closes this one, alt+l shows the log).
	if msg.Mod&(tea.ModAlt|tea.ModCtrl) != 0 && s.input.Value() == value && s.input.Position() == pos {
		return screen.Result{Cmd: cmd}
	}
	return screen.Done(cmd)
}

// confirmKey takes the answer to "cancel this task?"; any other key
// leaves the question open.
func (s *Screen) confirmKey(msg tea.KeyPressMsg) screen.Result {
	switch {
	case key.Matches(msg, s.keys.Yes):
		id := s.confirm
		s.confirm = ""
		return s.cancel(id)
	case key.Matches(msg, s.keys.No):
		s.confirm = ""
		return screen.Done(nil)
	}
	return screen.Unhandled()
}

// resultKey scrolls a result shown on the screen, or goes back to the
// tasks.
func (s *Screen) resultKey(msg tea.KeyPressMsg) screen.Result {
	if key.Matches(msg, s.keys.Back) {
		s.lines, s.resultOf = nil, ""
		s.result.ScrollTo(0)
		return screen.Done(nil)
	}
	if s.result.Update(msg) {
		return screen.Done(nil)
	}
	return screen.Unhandled()
}

// paste types pasted text into the id or the filter being typed.
func (s *Screen) paste(msg tea.PasteMsg) screen.Result {
	switch {
	case s.typing:
		var cmd tea.Cmd
		s.input, cmd = s.input.Update(msg)
		return screen.Done(cmd)
	case s.list.Filtering():
		_, cmd := s.list.Update(msg)
		return screen.Done(cmd)
	}
	return screen.Unhandled()
}

// wheel scrolls a result shown on the screen, or the tasks.
func (s *Screen) wheel(msg tea.MouseWheelMsg) screen.Result {
	if s.lines != nil {
		s.result.Update(msg)
		return screen.Done(nil)
	}
	if ok, cmd := s.list.Update(msg); ok {
		return screen.Done(cmd)
	}
	return screen.Unhandled()
}

// click selects the task clicked; a click on the selected task fetches
// its result, as enter does.
func (s *Screen) click(msg tea.MouseClickMsg) screen.Result {
	if s.lines != nil || s.typing || s.confirm != "" || msg.Button != tea.MouseLeft {
		return screen.Done(nil)
	}
	row, ok := s.rowAt(msg.Y)
	if !ok {
		return screen.Done(nil)
	}
	if entry, _, again := s.list.ClickAgain(row); again {
		return s.fetchResult(s.rows[entry].ID)
	}
	return screen.Done(nil)
}

// rowAt is the index among the tasks in view of the one drawn on body
// row y; ok is false off the tasks.
func (s *Screen) rowAt(y int) (int, bool) {
	y -= s.headRows
	if y < 0 {
		return 0, false
	}
	for i, h := range s.heights {
		if y < h {
			return i, true
		}
		y -= h
	}
	return 0, false
}
