package changes

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/snapshot"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// rows are the report: a heading with the counts, then each group and
// its changes, worst first as the report orders them.
func rows(st *theme.Styles, r *snapshot.Report, width int) []string {
	if r.Empty() {
		return []string{st.Heading.Render("Changes since last time"),
			st.Muted.Render(render.Clip("nothing changed in the server's tools since the last connect", width))}
	}
	lines := []string{st.Heading.Render("Changes since last time") +
		st.Muted.Render(fmt.Sprintf(" %d breaking · %d other", r.Breaking, r.NonBreaking))}
	for _, g := range r.Groups {
		lines = append(lines, "", st.Heading.Render(render.Clip(termsafe.Line(g.Kind+" "+g.Name), width)))
		for _, c := range g.Changes {
			lines = append(lines, changeRows(st, c, width)...)
		}
	}
	return lines
}

// changeRows is one change: severity, rule and pointer; its summary; old
// → new; and the word diff of a changed text.
func changeRows(st *theme.Styles, c snapshot.Change, width int) []string {
	sev := st.Muted.Render("other   ")
	if c.Severity == snapshot.Breaking {
		sev = st.Error.Render("breaking")
	}
	lines := []string{render.Clip("  "+sev+" "+termsafe.Line(c.Rule)+" "+st.Muted.Render(termsafe.Line(c.Pointer)), width)}
	if c.Summary != "" {
		for _, l := range render.Wrap(termsafe.Line(c.Summary), max(1, width-4)) {
			lines = append(lines, "    "+l)
		}
	}
	if c.Text != nil {
		return append(lines, wordDiff(st, c.Text, width)...)
	}
	if c.Old != nil || c.New != nil {
		arrow := "    " + render.OneLine(c.Old) + " → " + render.OneLine(c.New)
		lines = append(lines, render.Clip(arrow, width))
	}
	return lines
}

// wordDiff writes the edits as [-removed-]{+added+}, styled, wrapped at
// width; the markers stay so the diff reads without colour.
func wordDiff(st *theme.Styles, edits []snapshot.Edit, width int) []string {
	var plain strings.Builder
	for _, e := range edits {
		t := termsafe.Line(e.Text)
		switch e.Op {
		case "-":
			plain.WriteString("[-" + t + "-]")
		case "+":
			plain.WriteString("{+" + t + "+}")
		default:
			plain.WriteString(t)
		}
	}
	var out []string
	for _, l := range render.Wrap(plain.String(), max(1, width-4)) {
		out = append(out, "    "+styleMarkers(st, l))
	}
	return out
}

// styleMarkers colours the removed and added runs of a wrapped row.
func styleMarkers(st *theme.Styles, l string) string {
	var b strings.Builder
	for len(l) > 0 {
		i := strings.IndexAny(l, "[{")
		if i < 0 {
			b.WriteString(l)
			break
		}
		b.WriteString(l[:i])
		l = l[i:]
		open, end, style := "[-", "-]", st.Error
		if l[0] == '{' {
			open, end, style = "{+", "+}", st.OK
		}
		j := strings.Index(l, end)
		if !strings.HasPrefix(l, open) || j < 0 {
			b.WriteString(l[:1])
			l = l[1:]
			continue
		}
		b.WriteString(style.Render(l[:j+len(end)]))
		l = l[j+len(end):]
	}
	return b.String()
}
