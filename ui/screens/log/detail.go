package log

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
	"github.com/toolbench/toolbench/ui/widget"
)

// detail is an entry of the log opened on its own: a frame
// pretty-printed, or a line wrapped whole.
type detail struct {
	open bool
	seq  int
	// lines are the entry rendered for width, nil until they arrive;
	// rendering is set while a rendering is on its way, req numbers them
	// so a stale one is dropped.
	lines     []string
	width     int
	rendering bool
	req       int
	view      widget.Viewport
}

// detailMsg is an entry rendered off the UI goroutine: a frame can be
// hundreds of kilobytes.
type detailMsg struct {
	req, width int
	lines      []string
}

// openDetail opens the entry of seq, if the log still holds it, and
// returns the command that renders it.
func (s *Screen) openDetail(seq int) tea.Cmd {
	if s.store.at(seq) == nil {
		return nil
	}
	view := widget.NewViewport()
	view.Keys = s.keys.EntryNav
	s.detail = detail{open: true, seq: seq, req: s.detail.req + 1, view: view}
	return s.wantDetail()
}

// wantDetail returns the command that renders the open entry for the
// screen's width, when it is not rendered for it yet.
func (s *Screen) wantDetail() tea.Cmd {
	d := &s.detail
	if !d.open || d.rendering || (d.lines != nil && d.width == s.width) {
		return nil
	}
	e := s.store.at(d.seq)
	if e == nil {
		// The log let it go while it was open.
		d.open = false
		return nil
	}
	d.rendering = true
	d.req++
	req, width, st, entry, raw := d.req, s.width, s.st, e.LogEntry, e.raw
	return func() tea.Msg {
		return detailMsg{req: req, width: width, lines: detailLines(st, entry, raw, width)}
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

// handleDetail takes a rendered entry, unless another was opened since.
func (s *Screen) handleDetail(msg detailMsg) screen.Result {
	d := &s.detail
	if msg.req != d.req {
		return screen.Done(nil)
	}
	d.rendering = false
	if d.open {
		d.lines, d.width = msg.lines, msg.width
		s.sizeDetail()
	}
	return screen.Done(s.wantDetail())
}

// sizeDetail tells the open entry's viewport its lines and the rows under
// its heading.
func (s *Screen) sizeDetail() {
	head := render.FrameDetailHead(s.st, s.detailShown(), s.width)
	s.detail.view.SetSize(len(s.detail.lines), s.height-len(head))
}

// detailShown is the open entry as the detail screen draws it.
func (s *Screen) detailShown() render.FrameDetail {
	d := &s.detail
	e := s.store.at(d.seq)
	if e == nil {
		return render.FrameDetail{}
	}
	out := render.FrameDetail{Entry: e.LogEntry, Lines: d.lines, Offset: d.view.Offset()}
	if p := s.store.at(e.pair); p != nil {
		out.PairAt = p.At
	}
	if f := e.Frame; f != nil && len(e.raw) < f.Size {
		out.Note = fmt.Sprintf("only the first %s of %s are kept: the log bounds the memory its frames take",
			render.HumanBytes(len(e.raw)), render.HumanBytes(f.Size))
	}
	return out
}
