package render

import (
	"fmt"

	"github.com/toolbench/toolbench/ui/theme"
)

// Size is a terminal's or a screen's size in cells.
type Size struct{ Width, Height int }

// TooSmall is the whole screen of a terminal smaller than the workbench
// needs: what to do and the two sizes, then note (the quit key, or the
// question quitting asks), wrapped to width and cut to height.
func TooSmall(st *theme.Styles, need, have Size, note string, width, height int) []string {
	text := fmt.Sprintf("make the terminal larger (need %d×%d, have %d×%d)", need.Width, need.Height, have.Width, have.Height)
	var lines []string
	for _, l := range Wrap(text, width) {
		lines = append(lines, st.Warn.Render(l))
	}
	for _, l := range Wrap(note, width) {
		lines = append(lines, st.Muted.Render(l))
	}
	if len(lines) > height {
		lines = lines[:max(0, height)]
	}
	return lines
}
