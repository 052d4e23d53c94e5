package ui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// render draws the screen: header, panes (or the log), status line.
func (m *Model) render() string {
	body := m.bodyHeight()
	var middle []string
	if m.help {
		middle = m.helpLines()
	} else if m.showLog {
		middle = m.logLines(m.width, body)
	} else {
		middle = m.panes(body)
	}
	lines := append([]string{m.header()}, fit(middle, body)...)
	lines = append(lines, m.statusLine())
	return strings.Join(lines, "\n")
}

func (m *Model) bodyHeight() int { return max(3, m.height-2) }

func (m *Model) listWidth() int { return max(24, min(40, m.width/4)) }

func (m *Model) detailWidth() int { return max(20, m.width-m.listWidth()-1) }

// panes joins the tool list and the detail pane with a rule between.
func (m *Model) panes(height int) []string {
	lw, dw := m.listWidth(), m.detailWidth()
	left := fit(m.list.view(m.st, lw, height, m.focus == focusList), height)
	right := fit(m.detailView(dw, height), height)
	sep := m.st.Border.Render("│")
	out := make([]string, height)
	for i := range out {
		// The detail pane's rows are cut here too: a report quoting the
		// server's stderr or a banner with padding must not wrap the terminal.
		out[i] = pad(left[i], lw) + sep + truncate(right[i], dw)
	}
	return out
}

func (m *Model) header() string {
	info := m.conn.info
	parts := []string{m.st.Title.Render("toolbench")}
	if info.Name != "" {
		parts = append(parts, m.st.Text.Render(termsafe.Line(info.Name+" "+info.Version)))
	} else if m.target != "" {
		parts = append(parts, m.st.Muted.Render(termsafe.Line(m.target)))
	}
	if m.conn.tport != "" {
		parts = append(parts, m.st.Muted.Render(string(m.conn.tport)))
	}
	if info.ProtocolVersion != "" {
		parts = append(parts, m.st.Muted.Render(termsafe.Line(info.ProtocolVersion)))
	}
	parts = append(parts, m.phaseBadge())
	return truncate(strings.Join(parts, m.st.Subtle.Render(" · ")), m.width)
}

func (m *Model) phaseBadge() string {
	text := "● " + m.conn.phase.String()
	switch m.conn.phase {
	case phaseReady:
		return m.st.OK.Render(text)
	case phaseError:
		return m.st.Error.Render(text)
	}
	return m.st.Warn.Render(text)
}

// statusLine shows the last message, or the running call, and key hints.
func (m *Model) statusLine() string {
	left := ""
	switch {
	case m.calls.running != nil:
		left = m.progressText()
	case m.status.text != "":
		style := map[statusLevel]lipgloss.Style{levelInfo: m.st.Text, levelOK: m.st.OK, levelError: m.st.Error}[m.status.level]
		left = style.Render(m.status.text)
	}
	hints := render.Hints(m.st, m.keyHints(), max(0, m.width-lipgloss.Width(left)-2))
	gap := max(1, m.width-lipgloss.Width(left)-lipgloss.Width(hints))
	return truncate(left+strings.Repeat(" ", gap)+hints, m.width)
}

// progressText is the running call: a bar when the total is known, the
// server's message and the time so far.
func (m *Model) progressText() string {
	r := m.calls.running
	elapsed := m.now().Sub(r.start).Round(100 * 1e6)
	s := m.st.Accent.Render("calling "+termsafe.Line(r.tool)) + m.st.Muted.Render(fmt.Sprintf(" %s", elapsed))
	if r.total > 0 {
		s += " " + progressBar(m.st, r.progress/r.total, 20) + m.st.Muted.Render(fmt.Sprintf(" %g/%g", r.progress, r.total))
	} else if r.progress > 0 {
		s += m.st.Muted.Render(fmt.Sprintf(" progress %g", r.progress))
	}
	if r.message != "" {
		s += " " + m.st.Text.Render(termsafe.Line(r.message))
	}
	return s + m.st.Help.Render(" · esc cancels")
}

// progressBar draws frac (0 to 1) as a bar width cells wide.
func progressBar(st *theme.Styles, frac float64, width int) string {
	frac = max(0, min(1, frac))
	done := int(frac * float64(width))
	return st.Accent.Render(strings.Repeat("█", done)) + st.Subtle.Render(strings.Repeat("░", width-done))
}

// fit pads or cuts lines to exactly n.
func fit(lines []string, n int) []string {
	if len(lines) > n {
		return lines[:n]
	}
	for len(lines) < n {
		lines = append(lines, "")
	}
	return lines
}

// pad fills a styled line to width with spaces, cutting it when longer.
func pad(s string, width int) string {
	s = truncate(s, width)
	return s + strings.Repeat(" ", max(0, width-lipgloss.Width(s)))
}

func truncate(s string, width int) string {
	if lipgloss.Width(s) <= width {
		return s
	}
	return ansi.Truncate(s, width, "…")
}
