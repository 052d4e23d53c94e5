package resources

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/widget"
)

// read is the last resources/read: the result, and its rows rendered off
// the UI goroutine (a 20 MB text is hundreds of thousands of rows).
type read struct {
	req int
	uri string
	res *client.ReadResult
	err error
	// lines were rendered for width; ready is set once they arrive,
	// rendering while they are rendered again for a new width.
	lines            []string
	width            int
	ready, rendering bool
	view             widget.Viewport
	// fromForm is set for a read of a template's URI: back returns to
	// the form.
	fromForm bool
}

// readMsg is a read's outcome, rendered at width.
type readMsg struct {
	req   int
	res   *client.ReadResult
	err   error
	lines []string
	width int
}

// openRead shows uri read, listing the resources too when they were
// never listed or were listed on an older connection: how a tool
// result's resource link opens the screen.
func (s *Screen) openRead(uri string) screen.Result {
	r := s.readURI(uri, false)
	if sess, gen := s.deps.Session(); sess != nil && s.listing.Stale(gen) && s.listing.Loading == 0 {
		r.Cmd = tea.Batch(r.Cmd, s.load(sess, gen))
	}
	return r
}

// readURI reads uri in a command and renders what it gets there too; the
// screen shows the read as "reading…" meanwhile, and a reply to an older
// read is dropped. fromForm says back returns to the template's form.
func (s *Screen) readURI(uri string, fromForm bool) screen.Result {
	sess, _, none := s.session("")
	if none != nil {
		return screen.Done(nil, none)
	}
	req := 1
	if s.read != nil {
		req = s.read.req + 1
	}
	st, width := s.st, s.width
	s.read = &read{req: req, uri: uri, width: width, fromForm: fromForm, view: widget.NewViewport()}
	s.read.view.Keys = s.keys.Read.Nav
	s.mode = modeRead
	return screen.Done(func() tea.Msg {
		res, err := sess.ReadResource(context.Background(), uri)
		msg := readMsg{req: req, res: res, err: err, width: width}
		if err == nil {
			msg.lines = render.ReadLines(st, viewOf(res), width)
		}
		return msg
	})
}

// handleRead takes a read or a new rendering of it.
func (s *Screen) handleRead(msg readMsg) screen.Result {
	rd := s.read
	if rd == nil || rd.req != msg.req {
		return screen.Done(nil)
	}
	first := !rd.ready
	if first {
		rd.res, rd.err = msg.res, msg.err
	}
	rd.lines, rd.width, rd.ready, rd.rendering = msg.lines, msg.width, true, false
	switch {
	case !first:
		return screen.Done(nil)
	case msg.err != nil:
		return screen.Done(nil, status(render.LevelError, msg.err.Error()))
	}
	return screen.Done(nil, status(render.LevelOK, "read "+rd.uri))
}

// rerender renders the shown read again when the screen's width changed
// since.
func (s *Screen) rerender() tea.Cmd {
	rd := s.read
	if s.mode != modeRead || rd == nil || !rd.ready || rd.rendering || rd.res == nil || rd.width == s.width {
		return nil
	}
	rd.rendering = true
	st, res, width, req := s.st, rd.res, s.width, rd.req
	return func() tea.Msg {
		return readMsg{req: req, res: res, lines: render.ReadLines(st, viewOf(res), width), width: width}
	}
}

// readInput takes a key or the wheel while a read is shown.
func (s *Screen) readInput(msg tea.Msg) screen.Result {
	rd, k := s.read, s.keys.Read
	if rd == nil {
		s.mode = modeList
		return s.listInput(msg)
	}
	if rd.view.Update(msg) {
		return screen.Done(nil)
	}
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return screen.Done(nil)
	}
	switch {
	case key.Matches(km, k.Back):
		s.mode = modeList
		if rd.fromForm && s.form != nil {
			s.mode = modeForm
		}
	case key.Matches(km, k.Reread):
		return s.readURI(rd.uri, rd.fromForm)
	case key.Matches(km, k.Subscribe):
		return s.toggleSubscription(rd.uri)
	case key.Matches(km, k.Save):
		return s.startSave()
	default:
		return screen.Unhandled()
	}
	return screen.Done(nil)
}

// note is "subscribed · updated 12:03:04" for uri, or "".
func (s *Screen) note(uri string) string {
	var parts []string
	if s.subscribed[uri] {
		parts = append(parts, "subscribed")
	}
	if at, ok := s.updated[uri]; ok {
		parts = append(parts, "updated "+at.Format("15:04:05"))
	}
	return strings.Join(parts, " · ")
}
