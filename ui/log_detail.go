package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// frameDetail is an entry of the log opened on its own: a frame
// pretty-printed, or a line wrapped whole.
type frameDetail struct {
	open bool
	seq  int
	// lines are the entry rendered for width, nil until they arrive;
	// rendering is set while a rendering is on its way, req numbers them
	// so a stale one is dropped.
	lines     []string
	width     int
	rendering bool
	req       int
	offset    int
}

// logDetailMsg is an entry rendered off the UI goroutine: a frame can be
// hundreds of kilobytes.
type logDetailMsg struct {
	req, width int
	lines      []string
}

// openDetail opens the entry of seq, if the log still holds it.
func (l *logView) openDetail(seq int) {
	if l.at(seq) == nil {
		return
	}
	l.detail = frameDetail{open: true, seq: seq, req: l.detail.req + 1}
}

// wantDetail returns the command that renders the open entry for the
// screen's width, when it is not rendered for it yet.
func (m *Model) wantDetail() tea.Cmd {
	d := &m.log.detail
	if !m.showLog || !d.open || d.rendering || (d.lines != nil && d.width == m.width) {
		return nil
	}
	e := m.log.at(d.seq)
	if e == nil {
		// The log let it go while it was open.
		d.open = false
		return nil
	}
	d.rendering = true
	d.req++
	req, width, st, entry, raw := d.req, m.width, m.st, e.LogEntry, e.raw
	return func() tea.Msg {
		return logDetailMsg{req: req, width: width, lines: detailLines(st, entry, raw, width)}
	}
}

// detailLines is an entry's detail: a frame pretty-printed, another entry's
// text wrapped.
func detailLines(st *theme.Styles, e render.LogEntry, raw []byte, width int) []string {
	if e.Frame == nil {
		return render.Wrap(termsafe.Text(e.Text), width)
	}
	return render.JSON(st, raw, width)
}

// handleLogDetail takes a rendered entry, unless another was opened since.
func (m *Model) handleLogDetail(msg logDetailMsg) tea.Cmd {
	d := &m.log.detail
	if msg.req != d.req || !d.open {
		return nil
	}
	d.lines, d.width, d.rendering = msg.lines, msg.width, false
	return nil
}

// detailShown is the open entry as the detail screen draws it.
func (l *logView) detailShown() render.FrameDetail {
	d := &l.detail
	e := l.at(d.seq)
	if e == nil {
		return render.FrameDetail{}
	}
	out := render.FrameDetail{Entry: e.LogEntry, Lines: d.lines, Offset: d.offset}
	if p := l.at(e.pair); p != nil {
		out.PairAt = p.At
	}
	if f := e.Frame; f != nil && len(e.raw) < f.Size {
		out.Note = fmt.Sprintf("only the first %s of %s are kept: the log bounds the memory its frames take",
			render.HumanBytes(len(e.raw)), render.HumanBytes(f.Size))
	}
	return out
}

// detailRows is how many rows the detail's text gets on screen.
func (m *Model) detailRows() int {
	head := render.FrameDetailHead(m.st, m.log.detailShown(), m.width)
	return max(1, m.bodyHeight()-len(head))
}

// layoutLog keeps the log's cursor and window, or the open entry's
// scroll, within what they show, and asks for the open entry's rendering.
func (m *Model) layoutLog() tea.Cmd {
	if !m.showLog {
		return nil
	}
	l := &m.log
	if l.detail.open {
		cmd := m.wantDetail()
		if l.detail.lines != nil {
			l.detail.offset = render.Scroll(l.detail.offset, len(l.detail.lines), m.detailRows())
		}
		return cmd
	}
	l.clamp(m.bodyHeight() - 1)
	return nil
}
