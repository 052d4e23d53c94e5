package form

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/render"
)

// descriptionLines caps how much of a long description the selected row
// shows, so the rows around it stay in view.
const descriptionLines = 6

// rowLine draws a row that is not selected: one line, value first, then
// its problems, then its constraints, cut to the width.
func (m *Model) rowLine(n *schemaform.Node) string {
	line := "  " + m.labelCell(n, false) + "  " + m.valueAndErrors(n)
	if c := constraintsOf(n); c != "" {
		line += "  " + m.st.Muted.Render(c)
	}
	return render.Clip(line, m.width)
}

// valueAndErrors is a row's value with its problems beside it; a long
// value is cut shorter so the problems still fit.
func (m *Model) valueAndErrors(n *schemaform.Node) string {
	beside := m.errorsBeside(n)
	w := m.valueWidth()
	if beside != "" {
		w = max(min(12, w), w-ansi.StringWidth(beside))
	}
	return m.valueText(n, w) + beside
}

// selectedBlock draws the selected row: its value or live field with its
// problems, then its description and constraints on lines of their own.
func (m *Model) selectedBlock(n *schemaform.Node) []string {
	prefix := m.st.Accent.Render("› ") + m.labelCell(n, true) + "  "
	var lines []string
	editing := m.edit != nil && (m.edit.node == n || m.edit.node.Parent == n)
	switch {
	case editing:
		if m.edit.node != n {
			prefix += m.st.Accent.Render("‹"+termsafe.Line(variantLabel(n))+"›") + " "
		}
		lines = block(prefix, m.edit.field.View())
	case m.toggle != nil && m.toggle.node == n:
		lines = []string{prefix + m.toggle.field.View() + m.errorsBeside(n)}
	default:
		lines = []string{prefix + m.valueAndErrors(n)}
	}
	for i := range lines {
		lines[i] = render.Clip(lines[i], m.width)
	}
	indent := "    "
	if editing {
		// The field fills the value column: its problems go below it.
		for _, e := range m.errorsOf(n) {
			lines = append(lines, ansi.Truncate(indent+m.st.Error.Render("✗ "+e), m.width, "…"))
		}
	}
	for _, d := range m.descriptionOf(n, m.width-len(indent)) {
		lines = append(lines, indent+m.st.Muted.Render(d))
	}
	if c := constraintsOf(n); c != "" {
		lines = append(lines, ansi.Truncate(indent+m.st.Subtle.Render(c), m.width, "…"))
	}
	return lines
}

// errorsBeside is a row's problems as they follow its value.
func (m *Model) errorsBeside(n *schemaform.Node) string {
	if errs := m.errorsOf(n); len(errs) > 0 {
		return "  " + m.st.Error.Render("✗ "+strings.Join(errs, "; "))
	}
	return ""
}

// labelCell is the label column: the field's title or key, a star when it
// is required, padded to the column's width.
func (m *Model) labelCell(n *schemaform.Node, selected bool) string {
	w := m.labelW
	star := ""
	if n.Required {
		star, w = " "+m.st.Required.Render("*"), w-2
	}
	label := rowLabel(n, max(1, w))
	style := m.st.Text
	if selected {
		style = m.st.Focused
	}
	return style.Render(label) + star + strings.Repeat(" ", max(0, w-ansi.StringWidth(label)))
}

// rowLabel names a row in at most width cells: a list item's index, a
// variant's label, else the field's title or key.
func rowLabel(n *schemaform.Node, width int) string {
	p := n.Parent
	switch {
	case p == nil:
		return short("(arguments)", width)
	case p.Shape.Kind == schemaform.KindArray && !p.Raw():
		return short("["+strconv.Itoa(n.Index())+"]", width)
	case p.Shape.Kind == schemaform.KindUnion && !p.Raw():
		return short(variantLabel(p), width)
	}
	return short(n.Shape.Label(n.Key), width)
}

func variantLabel(u *schemaform.Node) string {
	if i := u.Variant(); i >= 0 && i < len(u.Shape.Variants) {
		return u.Shape.Variants[i].Label
	}
	return "variant"
}

// errorsOf lists what is wrong with a row: the last validation's issues
// until the field is edited, then its own live check. A missing value is
// not flagged before validation: an empty form is not an error.
func (m *Model) errorsOf(n *schemaform.Node) []string {
	out := append([]string(nil), m.issues[n]...)
	v := variantOf(n)
	if v != nil {
		out = append(out, m.issues[v]...)
	}
	if len(out) == 0 {
		for _, x := range []*schemaform.Node{n, v} {
			if x != nil && x.State() != schemaform.Unset {
				out = append(out, x.Check()...)
			}
		}
	}
	if inside := m.insideCount(n, v); inside > 0 {
		out = append(out, plural.Count(inside, "problem")+" inside")
	}
	for i := range out {
		out[i] = termsafe.Line(out[i])
	}
	return out
}

// insideCount counts the issues of the last validation below a container
// row, leaving out its variant's own (shown directly). Issues of nodes an
// edit has since replaced do not count.
func (m *Model) insideCount(n, variant *schemaform.Node) int {
	if !isContainer(n) && !isUnion(n) {
		return 0
	}
	count := 0
	for x, msgs := range m.issues {
		// isAncestor is cheap and rules out most issues before the costlier
		// check that x is still in n's subtree.
		if x == n || x == variant || !isAncestor(n, x) || !pathAttached(x, n) {
			continue
		}
		count += len(msgs)
	}
	return count
}

// pathAttached reports whether every node from x up to its ancestor a is
// still among its parent's children.
func pathAttached(x, a *schemaform.Node) bool {
	for p := x; p != a; p = p.Parent {
		if p.Index() < 0 {
			return false
		}
	}
	return true
}

// constraintsOf describes a row's rules in one muted line.
func constraintsOf(n *schemaform.Node) string {
	c := schemaform.Constraints(n.Shape)
	if v := variantOf(n); v != nil && !isContainer(v) {
		c = append(c, schemaform.Constraints(v.Shape)...)
	}
	if n.Shape.Nullable {
		c = append(c, "or null")
	}
	if n.Shape.Deprecated {
		c = append(c, "deprecated")
	}
	if n.Shape.ReadOnly {
		c = append(c, "read-only")
	}
	return termsafe.Line(strings.Join(c, " · "))
}

// descriptionOf wraps the row's description, and its variant's, to width.
func (m *Model) descriptionOf(n *schemaform.Node, width int) []string {
	var texts []string
	for _, s := range []*schemaform.Shape{n.Shape, shapeOf(variantOf(n))} {
		if s != nil && s.Description != "" {
			texts = append(texts, s.Description)
		}
		if s != nil && s.Note != "" {
			texts = append(texts, s.Note)
		}
	}
	if len(texts) == 0 {
		return nil
	}
	joined := strings.Join(texts, "\n")
	// Only a few rows show: a schema's 100,000-character description is
	// cut before it is wrapped, on every key and frame.
	limit := (descriptionLines + 1) * max(10, width) * 8
	clipped := len(joined) > limit
	if clipped {
		joined = strings.ToValidUTF8(joined[:limit], "")
	}
	text := strings.ReplaceAll(termsafe.Text(joined), "\t", "    ")
	lines := strings.Split(ansi.Wrap(text, max(10, width), ""), "\n")
	if clipped && len(lines) <= descriptionLines {
		lines[len(lines)-1] = ansi.Truncate(lines[len(lines)-1], width-1, "") + "…"
	}
	if len(lines) > descriptionLines {
		lines = append(lines[:descriptionLines-1], ansi.Truncate(lines[descriptionLines-1], width-1, "")+"…")
	}
	return lines
}

func shapeOf(n *schemaform.Node) *schemaform.Shape {
	if n == nil {
		return nil
	}
	return n.Shape
}
