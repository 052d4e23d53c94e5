package ui

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/snapshot"
	"github.com/toolbench/toolbench/ui/render"
)

// layoutDiff draws the diff screen's rows when the width changed, and
// keeps its scroll within them.
func (m *Model) layoutDiff() {
	d := &m.mem.diff
	if !d.shown {
		return
	}
	if d.lines == nil || d.width != m.width {
		d.lines, d.width = m.diffRows(d.report, m.width), m.width
	}
	d.offset = render.Scroll(d.offset, len(d.lines), m.bodyHeight())
}

// diffLines is the diff screen in height rows.
func (m *Model) diffLines(height int) []string {
	d := &m.mem.diff
	return render.Fit(d.lines[min(d.offset, len(d.lines)):], height)
}

// diffRows is the report: a heading with the counts, then each group and
// its changes, worst first as the report orders them.
func (m *Model) diffRows(r *snapshot.Report, width int) []string {
	st := m.st
	if r.Empty() {
		return []string{st.Heading.Render("Changes since last time"),
			st.Muted.Render(render.Clip("nothing changed in the server's tools since the last connect", width))}
	}
	lines := []string{st.Heading.Render("Changes since last time") +
		st.Muted.Render(fmt.Sprintf(" %d breaking · %d other", r.Breaking, r.NonBreaking))}
	for _, g := range r.Groups {
		lines = append(lines, "", st.Heading.Render(render.Clip(termsafe.Line(g.Kind+" "+g.Name), width)))
		for _, c := range g.Changes {
			lines = append(lines, m.changeRows(c, width)...)
		}
	}
	return lines
}

// changeRows is one change: severity, rule and pointer; its summary; old
// → new; and the word diff of a changed text.
func (m *Model) changeRows(c snapshot.Change, width int) []string {
	st := m.st
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
		return append(lines, m.wordDiff(c.Text, width)...)
	}
	if c.Old != nil || c.New != nil {
		arrow := "    " + compactValue(c.Old) + " → " + compactValue(c.New)
		lines = append(lines, render.Clip(arrow, width))
	}
	return lines
}

// compactValue is a change's side on one line, or "—" where absent.
func compactValue(v []byte) string {
	if v == nil {
		return "—"
	}
	return termsafe.Line(strings.Join(strings.Fields(string(v)), " "))
}

// wordDiff writes the edits as [-removed-]{+added+}, styled, wrapped at
// width; the markers stay so the diff reads without colour.
func (m *Model) wordDiff(edits []snapshot.Edit, width int) []string {
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
		out = append(out, "    "+m.styleMarkers(l))
	}
	return out
}

// styleMarkers colours the removed and added runs of a wrapped row.
func (m *Model) styleMarkers(l string) string {
	var b strings.Builder
	for len(l) > 0 {
		i := strings.IndexAny(l, "[{")
		if i < 0 {
			b.WriteString(l)
			break
		}
		b.WriteString(l[:i])
		l = l[i:]
		open, end, style := "[-", "-]", m.st.Error
		if l[0] == '{' {
			open, end, style = "{+", "+}", m.st.OK
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
