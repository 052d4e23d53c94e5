package widget

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
)

// Viewport is a scrolled window over lines a screen draws: the help, a
// frame, a result. It keeps the offset and clamps it; the screen keeps
// the lines.
type Viewport struct {
	// Keys scroll it.
	Keys   Nav
	offset int
	height int
	lines  int
}

// NewViewport returns a viewport scrolled by the navigation keys.
func NewViewport() Viewport {
	return Viewport{Keys: NewNav("line"), height: 1}
}

// SetSize tells the viewport how many lines there are and how many
// show; the offset is clamped to them.
func (v *Viewport) SetSize(lines, height int) {
	v.lines, v.height = lines, max(1, height)
	v.clamp()
}

// Offset is the first line in view.
func (v *Viewport) Offset() int { return v.offset }

// ScrollTo puts line at the top of the view, as far as it goes.
func (v *Viewport) ScrollTo(line int) {
	v.offset = line
	v.clamp()
}

// Update scrolls for a navigation key or the wheel; handled is false for
// anything else.
func (v *Viewport) Update(msg tea.Msg) (handled bool) {
	d, ok := v.Keys.Delta(msg, v.height, v.lines)
	if !ok {
		return false
	}
	v.offset += d
	v.clamp()
	return true
}

// Window is the range of lines in view, [from, to).
func (v *Viewport) Window() (from, to int) {
	return v.offset, min(v.lines, v.offset+v.height)
}

func (v *Viewport) clamp() {
	v.offset = render.Scroll(v.offset, v.lines, v.height)
}
