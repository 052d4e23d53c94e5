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
	keep := hintsFitting(pairs, width)
	if keep == 0 && len(pairs) > 0 {
		keep = 1
	}
	s := drawHints(st, pairs[:keep])
	if width > 0 {
		return ansi.Truncate(s, width, "…")
	}
	return s
}

// hintsFitting counts the pairs, from the first, that fit in width
// (width <= 0: all).
func hintsFitting(pairs [][2]string, width int) int {
	keep, used := 0, 0
	for i, p := range pairs {
		w := hintWidth(p)
		if i > 0 {
			w += ansi.StringWidth(hintSep)
		}
		if width > 0 && used+w > width {
			break
		}
		keep, used = i+1, used+w
	}
	return keep
}

// hintWidth is the width of one pair, "key desc".
func hintWidth(p [2]string) int {
	w := ansi.StringWidth(p[0])
	if p[1] != "" {
		w += 1 + ansi.StringWidth(p[1])
	}
	return w
}

// drawHints styles pairs, joined by the separator.
func drawHints(st *theme.Styles, pairs [][2]string) string {
	var b strings.Builder
	for i, p := range pairs {
		if i > 0 {
			b.WriteString(st.Subtle.Render(hintSep))
		}
		b.WriteString(st.Key.Render(p[0]))
		if p[1] != "" {
			b.WriteString(" " + st.Help.Render(p[1]))
		}
	}
	return b.String()
}

// KeyPair joins the keys of two opposite bindings, as their help names
// them, into one hint: the first key of each, sharing a modifier. "↑/k"
// and "↓/j" make "↑↓"; "alt+↑" and "alt+↓" make "alt+↑↓".
func KeyPair(a, b string) string {
	x, y := FirstKey(a), FirstKey(b)
	if i := strings.LastIndex(x, "+"); i >= 0 && strings.HasPrefix(y, x[:i+1]) {
		return x + y[i+1:]
	}
	return x + y
}

// KeyRange names a run of bindings by their first and last keys, sharing
// a modifier: "alt+1" and "alt+7" make "alt+1-7".
func KeyRange(first, last string) string {
	x, y := FirstKey(first), FirstKey(last)
	if i := strings.LastIndex(x, "+"); i >= 0 && strings.HasPrefix(y, x[:i+1]) {
		y = y[i+1:]
	}
	return x + "-" + y
}

// KeyNames splits the keys a help text names: "?/f1" names two, "/" one.
func KeyNames(help string) []string {
	if help == "/" {
		return []string{"/"} // the slash key itself
	}
	return strings.Split(help, "/")
}

// FirstKey is the first of the keys a help text names: "↑/k" names two.
func FirstKey(help string) string {
	if strings.HasPrefix(help, "/") {
		return "/" // the slash key itself
	}
	k, _, _ := strings.Cut(help, "/")
	return k
}
