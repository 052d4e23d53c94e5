package render

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/toolbench/toolbench/ui/theme"
)

// crumbSep separates the levels of a breadcrumb.
const crumbSep = " › "

// Breadcrumb is the path into a form, "title › field › [1]", then note
// (styled by the caller: the variant shown, a row counter). When it does
// not fit in width it is cut from the left, "… › parent › current": the
// level being shown is the one that must read whole. The note goes before
// the current level is cut. Labels come from the server and are escaped.
func Breadcrumb(st *theme.Styles, title string, path []string, note string, width int) string {
	parts := make([]string, 0, len(path)+1)
	parts = append(parts, st.Title.Render(safeLine(title, width)))
	for _, p := range path {
		parts = append(parts, st.Heading.Render(safeLine(p, width)))
	}
	sep := st.Muted.Render(crumbSep)
	line := strings.Join(parts, sep)
	if width <= 0 || lipgloss.Width(line+note) <= width {
		return line + note
	}
	cut := st.Muted.Render("…")
	for lo := 1; lo < len(parts); lo++ {
		line = cut + sep + strings.Join(parts[lo:], sep)
		if lipgloss.Width(line+note) <= width {
			return line + note
		}
	}
	// Only the current level is left: it keeps what room there is.
	return Clip(line, width)
}
