package widget

import (
	"charm.land/bubbles/v2/key"
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

// DetailKeys scroll a detail pane shown under a list, whose arrows move
// the list: a line at a time, with keys every terminal sends beside the
// list's (alt+k and alt+j, as j and k move the list).
type DetailKeys struct {
	Up, Down key.Binding
}

// NewDetailKeys makes the keys that scroll what, worded for help: "the
// call's detail", "the cell's findings".
func NewDetailKeys(what string) DetailKeys {
	return DetailKeys{
		Up:   key.NewBinding(key.WithKeys("alt+k"), key.WithHelp("alt+k", "scroll "+what+" up")),
		Down: key.NewBinding(key.WithKeys("alt+j"), key.WithHelp("alt+j", "scroll "+what+" down")),
	}
}

// ScrollDetail scrolls the viewport a line for one of k's keys; handled
// is false for any other key.
func (v *Viewport) ScrollDetail(msg tea.KeyPressMsg, k DetailKeys) (handled bool) {
	switch {
	case key.Matches(msg, k.Up):
		v.ScrollTo(v.offset - 1)
	case key.Matches(msg, k.Down):
		v.ScrollTo(v.offset + 1)
	default:
		return false
	}
	return true
}
