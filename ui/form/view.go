package form

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// View draws the editor pane: the breadcrumb line, the rows of the level
// that fit, any question or message, and a line of key hints. Only visible
// rows are drawn, so the cost does not grow with the form.
func (m *Model) View() string {
	foot := m.footer()
	height := m.bodyHeight(foot)
	var b strings.Builder
	b.WriteString(m.breadcrumbLine(height))
	b.WriteByte('\n')
	for _, line := range m.body(height) {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	for _, line := range foot {
		b.WriteString(ansi.Truncate(line, m.width, "…"))
		b.WriteByte('\n')
	}
	b.WriteString(ansi.Truncate(m.hintLine(), m.width, "…"))
	return b.String()
}

// bodyHeight is the number of lines left for rows below the breadcrumb
// and above the footer and hints; a footer taller than the pane is cut.
func (m *Model) bodyHeight(foot []string) int {
	return max(1, m.height-2-len(foot))
}

// breadcrumbLine shows where the level is: tool › field › [1], cut from
// the left when it is too long, so the level shown stays whole.
func (m *Model) breadcrumbLine(height int) string {
	note := ""
	if l := m.level; l != nil && l.Parent != nil && isUnion(l.Parent) {
		note += m.st.Muted.Render(" (" + termsafe.Line(variantLabel(l.Parent)) + ")")
	}
	if rows := len(m.rows()); rows > height {
		note += m.st.Subtle.Render(fmt.Sprintf("  %d/%d", m.cursor+1, rows))
	}
	return render.Breadcrumb(m.st, cmpOr(m.title, "arguments"), m.Breadcrumb(), note, m.width)
}

// body renders the rows that fit in height lines, scrolled so the
// selected row, with its details, is in view.
func (m *Model) body(height int) []string {
	if m.whole != nil {
		return m.wholeBody(height)
	}
	rows := m.rows()
	if len(rows) == 0 {
		return []string{ansi.Truncate("  "+m.st.Muted.Render(m.emptyText()), m.width, "…")}
	}
	cursor := min(m.cursor, len(rows)-1)
	sel := m.selectedBlock(rows[cursor])
	if len(sel) > height {
		sel = sel[:height]
	}
	out := make([]string, 0, height)
	for i := m.offset; i < len(rows) && len(out) < height; i++ {
		if i == cursor {
			out = append(out, sel[:min(len(sel), height-len(out))]...)
			continue
		}
		out = append(out, m.rowLine(rows[i]))
	}
	return out
}

// layout brings what View reads up to date after anything that may have
// changed the rows, the cursor, the size or the footer: the label column,
// the first visible row and the preview. View itself changes nothing.
func (m *Model) layout() {
	m.layoutWhole()
	m.measureLabels()
	// Last, on the cursor as clamped here.
	defer m.refreshPreview()
	rows := m.rows()
	if len(rows) == 0 {
		m.offset = 0
		return
	}
	m.cursor = max(0, min(m.cursor, len(rows)-1))
	height := m.bodyHeight(m.footer())
	m.scroll(len(rows), min(height, len(m.selectedBlock(rows[m.cursor]))), height)
}

// scroll moves the first visible row so the cursor's block fits, and the
// body stays full when rows allow.
func (m *Model) scroll(count, selHeight, height int) {
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor-m.offset+selHeight > height {
		m.offset = m.cursor - max(0, height-selHeight)
	}
	for m.offset > 0 && count-m.offset-1+selHeight < height {
		m.offset--
	}
}

func (m *Model) emptyText() string {
	switch {
	case isList(m.level):
		return "no items: ctrl+a adds one"
	case canAddEntries(m.level):
		return "no entries: ctrl+a adds one"
	}
	return "nothing to fill in here"
}

// measureLabels sizes the label column to the level's widest label, up to
// a third of the width. It is measured once per level, not per frame.
func (m *Model) measureLabels() {
	rows := m.rows()
	if m.labelRows == len(rows) {
		return
	}
	w := 6
	for _, n := range rows {
		lw := ansi.StringWidth(rowLabel(n, m.width))
		if n.Required {
			lw += 2
		}
		w = max(w, lw)
	}
	m.labelW, m.labelRows = min(w, max(6, m.width/3)), len(rows)
}

// valueWidth is the width of the value column, as last measured.
func (m *Model) valueWidth() int {
	return max(10, m.width-m.labelW-4)
}

// footer holds the lines between the rows and the hints: a question, the
// key prompt, or a message.
func (m *Model) footer() []string {
	var out []string
	if p := m.prompt; p != nil {
		out = append(out, p.field.View())
		if p.err != "" {
			out = append(out, m.st.Error.Render(termsafe.Line(p.err)))
		}
	}
	if a := m.ask; a != nil {
		out = append(out, m.st.Error.Render(askQuestion(a)))
		out = append(out, m.askLines(a)...)
	}
	if m.status != "" {
		out = append(out, m.st.Warn.Render(termsafe.Line(m.status)))
	}
	return out[:min(len(out), max(0, m.height-3))]
}

// block joins a prefix and a multi-line widget side by side.
func block(prefix, widget string) []string {
	return strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, prefix, widget), "\n")
}

func cmpOr(s, fallback string) string {
	if s != "" {
		return s
	}
	return fallback
}
