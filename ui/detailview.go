package ui

import (
	"strings"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// detailView draws the selected tool: its heading, the broken connection
// if any, the tab bar and the tab.
func (m *Model) detailView(width, height int) []string {
	head := m.detailHeading(width)
	if m.detail.tool == nil {
		return head
	}
	return append(head, m.tabContent(width, max(1, height-len(head)))...)
}

// detailHeading is what sits above the tab: the tool's title and
// description, the report on a broken connection, the tab bar. Without a
// tool it says why there is none.
func (m *Model) detailHeading(width int) []string {
	var lines []string
	t := m.detail.tool
	if t != nil {
		lines = render.ToolHeading(m.st, *t, width)
	}
	if d, ok := m.disconnect(); ok {
		lines = append(lines, render.DisconnectLines(m.st, d, width)...)
	}
	if t != nil {
		busy := -1
		if m.calls.running != nil {
			busy = int(tabResult)
		}
		return append(lines, render.TabBar(m.st, tabNames[:], int(m.detail.tab), busy, width))
	}
	switch {
	case m.conn.phase == phaseConnecting:
		lines = append(lines, m.st.Muted.Render("connecting to "+termsafe.Line(m.target)+"…"))
	case m.conn.listing:
		lines = append(lines, m.st.Muted.Render("listing tools…"))
	case m.conn.listErr != nil:
		err := m.conn.listErr
		lines = append(lines, render.FailureLines(m.st, render.Failure{Head: "Listing the tools failed",
			Message: err.Error(), Evidence: evidenceLines(err, nil)}, width)...)
	}
	return append(lines, m.st.Muted.Render("no tool selected"))
}

func (m *Model) tabContent(width, height int) []string {
	t := m.detail.tool
	switch m.detail.tab {
	case tabForm:
		return m.formTab(width, height)
	case tabResult:
		return m.resultTab(width, height)
	case tabOutput:
		if t.OutputSchema == nil {
			return []string{m.st.Muted.Render("this tool declares no outputSchema; results are not checked")}
		}
	}
	v := m.shownView()
	if v == nil {
		return []string{m.st.Muted.Render("rendering…")}
	}
	if m.detail.tab == tabLint {
		return lintLines(m.st, v, m.detail.qa.cursor, width, height)
	}
	if m.detail.tab == tabMeta {
		return m.metaWindow(v.lines, m.detail.offset[tabMeta], height)
	}
	return scrolled(v.lines, m.detail.offset[m.detail.tab], height)
}

// scrolled is the window of height lines from offset, clamped.
func scrolled(lines []string, offset, height int) []string {
	off := render.Scroll(offset, len(lines), height)
	return lines[off:min(len(lines), off+height)]
}

// formTab shows the form and, beside or below it, the arguments as JSON.
func (m *Model) formTab(width, height int) []string {
	e := m.detail.editor()
	if e == nil {
		return nil
	}
	if width >= previewMinWidth {
		fw := m.detail.formWidth()
		left := render.Fit(strings.Split(e.model.View(), "\n"), height)
		right := render.Fit(append([]string{m.st.Heading.Render("Arguments")}, strings.Split(e.model.PreviewView(), "\n")...), height)
		out := make([]string, height)
		for i := range out {
			out[i] = render.Pad(left[i], fw) + m.st.Border.Render("│") + " " + right[i]
		}
		return out
	}
	formH := max(3, height*2/3)
	out := render.Fit(strings.Split(e.model.View(), "\n"), formH)
	out = append(out, m.st.Heading.Render("Arguments"))
	return append(out, strings.Split(e.model.PreviewView(), "\n")...)
}

// progressHead is the running call, when it is the shown tool's, above
// its Result tab, with its task when it runs as one.
func (m *Model) progressHead() []string {
	if p := m.progress(); p != nil && p.Tool == m.detail.tool.Name {
		return append([]string{render.ProgressText(m.st, *p)}, m.runningTask()...)
	}
	return nil
}

// resultTab shows the running call and the tool's last result.
func (m *Model) resultTab(width, height int) []string {
	head := m.progressHead()
	tr := m.calls.results[m.detail.tool.Name]
	switch {
	case tr == nil && len(head) == 0:
		return []string{m.st.Muted.Render("no result yet — fill the form and press ctrl+s to call")}
	case tr == nil:
		return head
	}
	lines := m.resultLines(tr, width)
	if lines == nil {
		return append(head, m.st.Muted.Render("checking and rendering the result…"))
	}
	return append(head, scrolled(lines, m.detail.offset[tabResult], height-len(head))...)
}

// resultLines is a call's outcome as the Result tab shows it; nil while
// the result is judged and rendered. A failure is drawn here, on each
// frame: it is a few rows.
func (m *Model) resultLines(tr *toolResult, width int) []string {
	switch {
	case tr == nil:
		return nil
	case tr.err != nil:
		// What was sent matters most when the call failed.
		head := render.CallHead(m.st, tr.args, tr.took, width)
		return append(head, render.FailureLines(m.st, callFailure(tr.err), width)...)
	case !tr.ready:
		return nil
	}
	return tr.lines
}
