package tools

import (
	"strings"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// detailView draws the selected tool: its heading, the broken connection
// if any, the tab bar and the tab.
func (s *Screen) detailView(width, height int) []string {
	head := s.detailHeading(width)
	if s.detail.tool == nil {
		return head
	}
	return append(head, s.tabContent(width, max(1, height-len(head)))...)
}

// detailHeading is what sits above the tab: the tool's title and
// description, the report on a broken connection, the tab bar. Without a
// tool it says why there is none.
func (s *Screen) detailHeading(width int) []string {
	var lines []string
	t := s.detail.tool
	if t != nil {
		lines = render.ToolHeading(s.st, *t, width)
	}
	c := s.d.Conn()
	if d := c.Disconnect; d != nil {
		lines = append(lines, render.DisconnectLines(s.st, *d, width)...)
	}
	if t != nil {
		busy := -1
		if s.calls.running != nil {
			busy = int(tabResult)
		}
		return append(lines, render.TabBar(s.st, tabNames[:], int(s.detail.tab), busy, width))
	}
	switch {
	case c.Connecting:
		lines = append(lines, s.st.Muted.Render("connecting to "+termsafe.Line(c.Target)+"…"))
	case c.Listing:
		lines = append(lines, s.st.Muted.Render("listing tools…"))
	case c.ListErr != nil:
		err := c.ListErr
		lines = append(lines, render.FailureLines(s.st, render.Failure{Head: "Listing the tools failed",
			Message: err.Error(), Evidence: s.evidence(err, nil)}, width)...)
	}
	return append(lines, s.st.Muted.Render("no tool selected"))
}

func (s *Screen) tabContent(width, height int) []string {
	t := s.detail.tool
	switch s.detail.tab {
	case tabForm:
		return s.formTab(width, height)
	case tabResult:
		return s.resultTab(width, height)
	case tabHosts:
		return s.hostsTabLines(height)
	case tabOutput:
		if t.OutputSchema == nil {
			return []string{s.st.Muted.Render("this tool declares no outputSchema; results are not checked")}
		}
	}
	v := s.shownView()
	if v == nil {
		return []string{s.st.Muted.Render("rendering…")}
	}
	if s.detail.tab == tabLint {
		return lintLines(s.st, v, s.detail.qa.cursor, width, height)
	}
	if s.detail.tab == tabMeta {
		return s.metaWindow(v.lines, s.detail.offset[tabMeta], height)
	}
	return scrolled(v.lines, s.detail.offset[s.detail.tab], height)
}

// scrolled is the window of height lines from offset, clamped.
func scrolled(lines []string, offset, height int) []string {
	off := render.Scroll(offset, len(lines), height)
	return lines[off:min(len(lines), off+height)]
}

// formTab shows the form and, beside or below it, the arguments as JSON.
func (s *Screen) formTab(width, height int) []string {
	e := s.detail.editor()
	if e == nil {
		return nil
	}
	if width >= previewMinWidth {
		fw := s.detail.formWidth()
		left := render.Fit(strings.Split(e.model.View(), "\n"), height)
		right := render.Fit(append([]string{s.st.Heading.Render("Arguments")}, strings.Split(e.model.PreviewView(), "\n")...), height)
		out := make([]string, height)
		for i := range out {
			out[i] = render.Pad(left[i], fw) + s.st.Border.Render("│") + " " + right[i]
		}
		return out
	}
	formH := max(3, height*2/3)
	out := render.Fit(strings.Split(e.model.View(), "\n"), formH)
	out = append(out, s.st.Heading.Render("Arguments"))
	return append(out, strings.Split(e.model.PreviewView(), "\n")...)
}

// progressHead is the running call, when it is the shown tool's, above
// its Result tab, with its task when it runs as one.
func (s *Screen) progressHead() []string {
	if p := s.Progress(s.d.CancelKey()); p != nil && p.Tool == s.detail.tool.Name {
		return append([]string{render.ProgressText(s.st, *p)}, s.runningTask()...)
	}
	return nil
}

// resultTab shows the running call and the tool's last result.
func (s *Screen) resultTab(width, height int) []string {
	head := s.progressHead()
	tr := s.calls.results[s.detail.tool.Name]
	switch {
	case tr == nil && len(head) == 0:
		return []string{s.st.Muted.Render("no result yet — fill the form and press ctrl+s to call")}
	case tr == nil:
		return head
	}
	lines := s.resultLines(tr, width)
	if lines == nil {
		return append(head, s.st.Muted.Render("checking and rendering the result…"))
	}
	return append(head, scrolled(lines, s.detail.offset[tabResult], height-len(head))...)
}

// resultLines is a call's outcome as the Result tab shows it; nil while
// the result is judged and rendered. A failure is drawn here, on each
// frame: it is a few rows.
func (s *Screen) resultLines(tr *toolResult, width int) []string {
	switch {
	case tr == nil:
		return nil
	case tr.err != nil:
		// What was sent matters most when the call failed.
		head := render.CallHead(s.st, tr.args, tr.took, width)
		return append(head, render.FailureLines(s.st, s.callFailure(tr.err), width)...)
	case !tr.ready:
		return nil
	}
	return tr.lines
}
