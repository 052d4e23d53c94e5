package render

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/ui/theme"
)

// hintSep separates key hints.
const hintSep = " · "

// Hints renders key hints, "key desc · key desc", each pair being {key,
// description}. Pairs are dropped from the end until the rest fit in width
// (width <= 0: all are kept), so order them most important first; when not
// even the first fits, it is cut with "…".
func Hints(st *theme.Styles, pairs [][2]string, width int) string {
	keep, used := 0, 0
	for i, p := range pairs {
		w := ansi.StringWidth(p[0])
		if p[1] != "" {
			w += 1 + ansi.StringWidth(p[1])
		}
		if i > 0 {
			w += ansi.StringWidth(hintSep)
		}
		if width > 0 && used+w > width {
			break
		}
		keep, used = i+1, used+w
	}
	if keep == 0 && len(pairs) > 0 {
		keep = 1
	}
	var b strings.Builder
	for i, p := range pairs[:keep] {
		if i > 0 {
			b.WriteString(st.Subtle.Render(hintSep))
		}
		b.WriteString(st.Key.Render(p[0]))
		if p[1] != "" {
			b.WriteString(" " + st.Help.Render(p[1]))
		}
	}
	if width > 0 {
		return ansi.Truncate(b.String(), width, "…")
	}
	return b.String()
}
