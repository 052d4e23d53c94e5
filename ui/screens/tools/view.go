package tools

import (
	"github.com/toolbench/toolbench/ui/render"
)

// View joins the tool list and the detail pane with a rule between. It
// reads the screen as Layout left it.
func (s *Screen) View(width, height int) []string {
	lw, dw := s.listWidth(), s.detailWidth()
	left := render.Fit(s.list.View(s.st, lw, height, s.focus == focusList), height)
	right := render.Fit(s.detailView(dw, height), height)
	sep := s.st.Border.Render("│")
	out := make([]string, height)
	for i := range out {
		// The detail pane's rows are cut here too: a report quoting the
		// server's stderr or a banner with padding must not wrap the terminal.
		out[i] = render.Pad(left[i], lw) + sep + render.Clip(right[i], dw)
	}
	return out
}

// Progress is the running call for the status line, or nil; cancel names
// the key that cancels it there.
func (s *Screen) Progress(cancel string) *render.Progress {
	r := s.calls.running
	if r == nil {
		return nil
	}
	return &render.Progress{Tool: r.tool, Elapsed: s.d.Now().Sub(r.start), Done: r.progress, Total: r.total,
		Message: r.message, Cancel: cancel}
}
