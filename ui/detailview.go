package ui

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// detailView draws the selected tool: title, description, the broken
// connection if any, the tab bar and the tab.
func (m *Model) detailView(width, height int) []string {
	t := m.detail.tool
	if t == nil {
		lines := m.disconnectReport()
		if m.conn.phase == phaseConnecting {
			lines = append(lines, m.st.Muted.Render("connecting to "+termsafe.Line(m.target)+"…"))
		}
		return append(lines, m.st.Muted.Render("no tool selected"))
	}
	title := m.st.Title.Render(termsafe.Line(t.DisplayTitle()))
	if t.DisplayTitle() != t.Name {
		title += m.st.Muted.Render("  " + termsafe.Line(t.Name))
	}
	lines := []string{truncate(title+"  "+render.Badges(m.st, t.Annotations), width)}
	desc := render.Wrap(termsafe.Text(t.Description), width)
	if len(desc) > 3 {
		desc = append(desc[:2], truncate(desc[2], width-1)+"…")
	}
	for _, l := range desc {
		lines = append(lines, m.st.Text.Render(l))
	}
	lines = append(lines, m.disconnectReport()...)
	lines = append(lines, m.tabBar(width))
	return append(lines, m.tabContent(width, max(1, height-len(lines)))...)
}

func (m *Model) tabBar(width int) string {
	var parts []string
	for i, name := range tabNames {
		label := name
		if tab(i) == tabResult && m.calls.running != nil {
			label += " ⋯"
		}
		if tab(i) == m.detail.tab {
			parts = append(parts, m.st.Focused.Render("["+label+"]"))
		} else {
			parts = append(parts, m.st.Muted.Render(label))
		}
	}
	return truncate(strings.Join(parts, " "), width)
}

func (m *Model) tabContent(width, height int) []string {
	t := m.detail.tool
	switch m.detail.tab {
	case tabForm:
		return m.formTab(width, height)
	case tabInput:
		return m.scrolled(tabInput, render.JSON(m.st, t.InputSchema, width), height)
	case tabOutput:
		if t.OutputSchema == nil {
			return []string{m.st.Muted.Render("this tool declares no outputSchema; results are not checked")}
		}
		return m.scrolled(tabOutput, render.JSON(m.st, t.OutputSchema, width), height)
	case tabMeta:
		return m.scrolled(tabMeta, m.metaLines(width), height)
	case tabLint:
		return m.lintTab(width, height)
	case tabProviders:
		return m.scrolled(tabProviders, m.providerLines(width), height)
	}
	return m.resultTab(width, height)
}

// formTab shows the form and, beside or below it, the arguments as JSON.
func (m *Model) formTab(width, height int) []string {
	e := m.detail.editorFor(m.st, m.detail.tool)
	if width >= previewMinWidth {
		fw := m.detail.formWidth()
		left := fit(strings.Split(e.model.View(), "\n"), height)
		right := fit(append([]string{m.st.Heading.Render("Arguments")}, strings.Split(e.model.Preview(width-fw-2), "\n")...), height)
		out := make([]string, height)
		for i := range out {
			out[i] = pad(left[i], fw) + m.st.Border.Render("│") + " " + right[i]
		}
		return out
	}
	formH := max(3, height*2/3)
	out := fit(strings.Split(e.model.View(), "\n"), formH)
	out = append(out, m.st.Heading.Render("Arguments"))
	return append(out, strings.Split(e.model.Preview(width), "\n")...)
}

// resultTab shows the running call and the tool's last result.
func (m *Model) resultTab(width, height int) []string {
	var head []string
	if r := m.calls.running; r != nil && r.tool == m.detail.tool.Name {
		head = append(head, m.progressText())
	}
	tr := m.calls.results[m.detail.tool.Name]
	switch {
	case tr == nil && len(head) == 0:
		return []string{m.st.Muted.Render("no result yet — fill the form and press ctrl+s to call")}
	case tr == nil:
		return head
	case !tr.ready:
		return append(head, m.st.Muted.Render("rendering the result…"))
	}
	return append(head, m.scrolled(tabResult, tr.lines, height-len(head))...)
}

// scrolled shows lines from the tab's scroll offset.
func (m *Model) scrolled(t tab, lines []string, height int) []string {
	off := max(0, min(m.detail.offset[t], len(lines)-height))
	m.detail.offset[t] = off
	end := min(len(lines), off+height)
	return lines[off:end]
}

func (m *Model) metaLines(width int) []string {
	t := m.detail.tool
	var lines []string
	section := func(name string) { lines = append(lines, "", m.st.Heading.Render(name)) }
	section("Description")
	lines = append(lines, render.Wrap(termsafe.Text(orNone(t.Description)), width)...)
	section("Annotations")
	if t.Annotations.Raw == nil {
		lines = append(lines, m.st.Muted.Render("none sent"))
	} else {
		lines = append(lines, render.JSON(m.st, t.Annotations.Raw, width)...)
	}
	section("_meta")
	if t.Meta == nil {
		lines = append(lines, m.st.Muted.Render("none sent"))
	} else {
		lines = append(lines, render.JSON(m.st, t.Meta, width)...)
	}
	e := m.detail.editorFor(m.st, t)
	section("Schema problems the form works around")
	if e.err != nil {
		lines = append(lines, m.st.Error.Render(termsafe.Line(e.err.Error())))
	}
	if len(e.form.Warnings) == 0 && e.err == nil {
		lines = append(lines, m.st.OK.Render("none"))
	}
	for _, w := range e.form.Warnings {
		lines = append(lines, m.st.Warn.Render(termsafe.Line(w.Pointer)+": ")+m.st.Text.Render(termsafe.Line(w.Message)))
	}
	section("Tool as sent")
	return append(lines, render.JSON(m.st, t.Raw, width)...)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// logLines is the log screen.
func (m *Model) logLines(width, height int) []string {
	head := m.st.Heading.Render("Log") + m.st.Muted.Render(" · "+m.log.summary())
	if m.log.editing || m.log.filter != "" {
		head += m.st.Accent.Render(" · filter: " + termsafe.Line(m.log.filter))
		if m.log.editing {
			head += "▏"
		}
	}
	entries := m.log.entries()
	rows := height - 1
	end := max(0, len(entries)-m.log.offset)
	start := max(0, end-rows)
	lines := []string{truncate(head, width)}
	for _, e := range entries[start:end] {
		lines = append(lines, render.LogLine(m.st, e, width))
	}
	return lines
}

var _ = lipgloss.Width
