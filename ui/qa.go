package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/lint"
	"github.com/toolbench/toolbench/check/provider"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/render"
)

// qaState holds what the Lint and Providers tabs show, computed when a tab
// is first opened for a tool: linting ten thousand tools up front would
// delay the list for no one.
type qaState struct {
	findings map[string][]check.Finding
	cursor   int
	provider int
}

func newQAState() qaState { return qaState{findings: map[string][]check.Finding{}} }

// findingsFor lints the tool, once per tool and schema.
func (m *Model) findingsFor(t *tool.Tool) []check.Finding {
	key := t.Name + "\x00" + string(t.Raw)
	if f, ok := m.detail.qa.findings[key]; ok {
		return f
	}
	f := append(lint.Check([]tool.Tool{*t}), provider.Compat(*t)...)
	m.detail.qa.findings[key] = f
	return f
}

// lintTab lists the selected tool's findings; enter shows the field.
func (m *Model) lintTab(width, height int) []string {
	findings := m.findingsFor(m.detail.tool)
	if len(findings) == 0 {
		return []string{m.st.OK.Render("✓ no findings: the schema follows every rule toolbench checks")}
	}
	q := &m.detail.qa
	q.cursor = max(0, min(q.cursor, len(findings)-1))
	var lines []string
	at := 0
	for i, f := range findings {
		if i == q.cursor {
			at = len(lines)
		}
		lines = append(lines, m.findingLines(f, width, i == q.cursor)...)
	}
	// Keep the selected finding in view.
	off := max(0, min(at, len(lines)-height))
	if at < off || at >= off+height {
		off = at
	}
	return lines[off:min(len(lines), off+height)]
}

func (m *Model) findingLines(f check.Finding, width int, selected bool) []string {
	sev := map[check.Severity]func(...string) string{check.Error: m.st.Error.Render,
		check.Warning: m.st.Warn.Render, check.Info: m.st.Muted.Render}[f.Severity]
	marker := "  "
	if selected {
		marker = m.st.Focused.Render("› ")
	}
	head := marker + sev(fmt.Sprintf("%-7s", f.Severity)) + " " + m.st.Accent.Render(f.Rule) + " " + m.st.Muted.Render(termsafe.Line(f.Pointer))
	lines := []string{truncate(head, width)}
	for _, l := range render.Wrap(termsafe.Text(f.Message), width-4) {
		lines = append(lines, "    "+m.st.Text.Render(l))
	}
	if f.Fix != "" && selected {
		for _, l := range render.Wrap("fix: "+termsafe.Text(f.Fix), width-4) {
			lines = append(lines, "    "+m.st.Help.Render(l))
		}
	}
	return lines
}

// qaKey handles the keys of the Lint and Providers tabs; ok is false for
// keys they leave to the pane.
func (m *Model) qaKey(k string) (tea.Cmd, bool) {
	q := &m.detail.qa
	if m.detail.tab == tabProviders {
		n := len(provider.All())
		switch k {
		case "right", "l":
			q.provider = (q.provider + 1) % n
		case "left", "h":
			q.provider = (q.provider + n - 1) % n
		default:
			return nil, false
		}
		m.detail.offset[tabProviders] = 0
		return nil, true
	}
	findings := m.findingsFor(m.detail.tool)
	switch k {
	case "up", "k":
		q.cursor = max(0, q.cursor-1)
	case "down", "j":
		q.cursor = min(len(findings)-1, q.cursor+1)
	case "enter":
		if q.cursor < len(findings) {
			m.jumpToField(findings[q.cursor])
		}
	default:
		return nil, false
	}
	return nil, true
}

// jumpToField shows the finding's field in the form.
func (m *Model) jumpToField(f check.Finding) {
	if f.Field == "" || !strings.HasPrefix(f.Pointer, "/inputSchema") {
		m.status.set(m.now(), levelInfo, "this finding is about the tool as a whole, not one field")
		return
	}
	e := m.detail.editorFor(m.st, m.detail.tool)
	if !e.model.JumpTo(strings.ReplaceAll(f.Field, "/*", "/0")) && !e.model.JumpTo(parentPointer(f.Field)) {
		m.status.set(m.now(), levelInfo, "open the field's parent in the form to reach "+termsafe.Line(f.Field))
	}
	m.detail.tab, m.focus = tabForm, focusDetail
}

// parentPointer drops the last token of a pointer, and any list wildcard.
func parentPointer(p string) string {
	p = strings.ReplaceAll(p, "/*", "")
	if i := strings.LastIndex(p, "/"); i > 0 {
		return p[:i]
	}
	return ""
}

// providerLines shows the tool converted for the chosen provider, with
// what blocks or changes the conversion.
func (m *Model) providerLines(width int) []string {
	providers := provider.All()
	p := providers[m.detail.qa.provider%len(providers)]
	var tabs []string
	for _, q := range providers {
		if q == p {
			tabs = append(tabs, m.st.Focused.Render("["+string(q)+"]"))
		} else {
			tabs = append(tabs, m.st.Muted.Render(string(q)))
		}
	}
	lines := []string{truncate(strings.Join(tabs, " "), width)}
	out, findings, err := provider.Convert(*m.detail.tool, p)
	if err != nil {
		return append(lines, m.st.Error.Render(termsafe.Line(err.Error())))
	}
	blockers := 0
	for _, f := range findings {
		if f.Severity == check.Error {
			blockers++
		}
	}
	summary := m.st.OK.Render("usable as is")
	if blockers > 0 {
		summary = m.st.Error.Render(fmt.Sprintf("%d %s", blockers, plural(blockers, "blocker")))
	}
	if notes := len(findings) - blockers; notes > 0 {
		summary += m.st.Muted.Render(fmt.Sprintf(" · %d %s (below)", notes, plural(notes, "note")))
	}
	lines = append(lines, summary, "")
	if out != nil {
		lines = append(lines, render.JSON(m.st, out, width)...)
	}
	if len(findings) > 0 {
		lines = append(lines, "")
	}
	for _, f := range findings {
		lines = append(lines, m.findingLines(f, width, false)...)
	}
	return lines
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
