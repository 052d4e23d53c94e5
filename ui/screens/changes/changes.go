// Package changes is the screen of what changed in the server's tools
// since the snapshot kept at the last connect: each tool's changes, worst
// first, with the word diff of a changed text. The comparison is the
// root's (it runs on a connection's first listing, with or without the
// screen); the screen is given its report.
package changes

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/snapshot"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// ID names the screen.
const ID screen.ID = "changes"

// Keys are the screen's keys.
type Keys struct {
	widget.Nav
	// Back closes the screen.
	Back key.Binding
}

// Screen is the changes since last time.
type Screen struct {
	st     *theme.Styles
	keys   Keys
	report *snapshot.Report
	view   widget.Viewport
	// lines are the report's rows at width, drawn when either changed.
	lines         []string
	width, height int
}

var _ screen.Screen = (*Screen)(nil)

// New returns the screen, showing that nothing changed until SetReport.
func New(st *theme.Styles) *Screen {
	s := &Screen{st: st, report: &snapshot.Report{}, view: widget.NewViewport(), width: 80, height: 20}
	s.keys = Keys{Nav: s.view.Keys, Back: key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc/q", "close the changes"))}
	s.layout()
	return s
}

// SetReport gives the screen the comparison to show; nil shows that
// nothing changed. The scroll goes back to the top.
func (s *Screen) SetReport(r *snapshot.Report) {
	if r == nil {
		r = &snapshot.Report{}
	}
	s.report = r
	s.layout()
	s.view.ScrollTo(0)
}

// ID names the screen.
func (s *Screen) ID() screen.ID { return ID }

// Title names the screen.
func (s *Screen) Title() string { return "Changes since last time" }

// Update scrolls, closes, and takes the body's size.
func (s *Screen) Update(msg tea.Msg) screen.Result {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		resized := msg.Width != s.width
		s.width, s.height = msg.Width, msg.Height
		if resized {
			s.layout()
		}
		s.view.SetSize(len(s.lines), s.height)
		return screen.Done(nil)
	case tea.KeyPressMsg:
		if key.Matches(msg, s.keys.Back) {
			return screen.Done(nil, screen.Pop{})
		}
	case tea.MouseClickMsg:
		// Nothing to select; the click is the screen's all the same.
		return screen.Done(nil)
	}
	if s.view.Update(msg) {
		return screen.Done(nil)
	}
	return screen.Unhandled()
}

// layout draws the report's rows for the width.
func (s *Screen) layout() {
	s.lines = rows(s.st, s.report, s.width)
	s.view.SetSize(len(s.lines), s.height)
}

// View draws the rows in view.
func (s *Screen) View(width, height int) []string {
	from, to := s.view.Window()
	return render.Fit(s.lines[min(from, len(s.lines)):min(to, len(s.lines))], height)
}

// Keys lists the screen's keys.
func (s *Screen) Keys() []screen.Group {
	return []screen.Group{{Title: "Changes since last time", Bindings: append(s.keys.Bindings(), s.keys.Back)}}
}

// Hints are the screen's keys that matter.
func (s *Screen) Hints() [][2]string {
	k := s.keys
	return [][2]string{screen.HintPair(k.Up, k.Down, "scroll"), screen.Hint(k.PageDown, "page down"), screen.Hint(k.Back, "back")}
}
