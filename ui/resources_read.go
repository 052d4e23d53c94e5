package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// resourceRead is the last resources/read: the result, and its rows
// rendered off the UI goroutine (a 20 MB text is hundreds of thousands of
// rows).
type resourceRead struct {
	req int
	uri string
	res *client.ReadResult
	err error
	// lines were rendered for width; ready is set once they arrive,
	// rendering while they are rendered again for a new width.
	lines            []string
	width            int
	ready, rendering bool
	offset           int
	// fromForm is set for a read of a template's URI: back returns to
	// the form.
	fromForm bool
}

// resourceReadMsg is a read's outcome, rendered at width.
type resourceReadMsg struct {
	req   int
	res   *client.ReadResult
	err   error
	lines []string
	width int
}

// readResource reads uri in a command and renders what it gets there
// too; the screen shows the read as "reading…" meanwhile, and a reply to
// an older read is dropped.
func (m *Model) readResource(uri string) tea.Cmd {
	sess := m.readySession("")
	if sess == nil {
		return nil
	}
	r := &m.resources
	r.seq++
	req, st, width := r.seq, m.st, m.width
	r.read = &resourceRead{req: req, uri: uri, width: width}
	r.mode = resRead
	return func() tea.Msg {
		res, err := sess.ReadResource(background, uri)
		msg := resourceReadMsg{req: req, res: res, err: err, width: width}
		if err == nil {
			msg.lines = render.ReadLines(st, res, width)
		}
		return msg
	}
}

// handleResourceRead takes a read or a new rendering of it.
func (m *Model) handleResourceRead(msg resourceReadMsg) tea.Cmd {
	rd := m.resources.read
	if rd == nil || rd.req != msg.req {
		return nil
	}
	first := !rd.ready
	if first {
		rd.res, rd.err = msg.res, msg.err
	}
	rd.lines, rd.width, rd.ready, rd.rendering = msg.lines, msg.width, true, false
	switch {
	case !first:
	case msg.err != nil:
		m.setStatus(levelError, msg.err.Error())
	default:
		m.setStatus(levelOK, "read "+rd.uri)
	}
	return nil
}

// wantReadWidth renders the shown read again when the screen's width
// changed since.
func (m *Model) wantReadWidth() tea.Cmd {
	rd := m.resources.read
	if !m.resources.shown || m.resources.mode != resRead || rd == nil || !rd.ready || rd.rendering ||
		rd.res == nil || rd.width == m.width {
		return nil
	}
	rd.rendering = true
	st, res, width, req := m.st, rd.res, m.width, rd.req
	return func() tea.Msg {
		return resourceReadMsg{req: req, res: res, lines: render.ReadLines(st, res, width), width: width}
	}
}

// readKey takes a key while a read is shown.
func (m *Model) readKey(msg tea.KeyPressMsg) tea.Cmd {
	r := &m.resources
	rd, k, page := r.read, m.keys.Resources, m.readRows()
	// Home and End go past either end; layout clamps the offset.
	if d, ok := k.moves().move(msg, page, 1<<30); ok {
		rd.offset += d
		return nil
	}
	switch {
	case key.Matches(msg, k.Back):
		r.mode = resList
		if rd.fromForm && r.form != nil {
			r.mode = resForm
		}
	case key.Matches(msg, k.Reread):
		from := rd.fromForm
		cmd := m.readResource(rd.uri)
		m.resources.read.fromForm = from
		return cmd
	case key.Matches(msg, k.Subscribe):
		return m.toggleSubscription(rd.uri)
	case key.Matches(msg, k.Save):
		return m.startSave()
	}
	return nil
}

// readView draws the read: the URI, what the screen knows of it, then
// the rows in view.
func (m *Model) readView(width, height int) []string {
	r := &m.resources
	rd := r.read
	lines := []string{m.st.Heading.Render(render.Clip("Resource "+termsafe.Line(rd.uri), width))}
	if note := m.resourceNote(rd.uri); note != "" {
		lines = append(lines, m.st.Muted.Render(note))
	}
	switch {
	case !rd.ready:
		return append(lines, m.st.Muted.Render("reading…"))
	case rd.err != nil:
		return append(lines, render.FailureLines(m.st, render.Failure{Head: "Reading the resource failed",
			Message: rd.err.Error(), Evidence: evidenceLines(rd.err, nil)}, width)...)
	}
	foot := m.saveLines(width)
	rows := max(1, height-len(lines)-len(foot))
	return append(append(lines, scrolled(rd.lines, rd.offset, rows)...), foot...)
}

// readRows is how many rows of the read are in view.
func (m *Model) readRows() int { return max(1, m.bodyHeight()-3) }

// resourceNote is "subscribed · updated 12:03:04" for uri, or "".
func (m *Model) resourceNote(uri string) string {
	r := &m.resources
	var parts []string
	if r.subscribed[uri] {
		parts = append(parts, "subscribed")
	}
	if at, ok := r.updated[uri]; ok {
		parts = append(parts, "updated "+at.Format("15:04:05"))
	}
	return strings.Join(parts, " · ")
}

// clampRead keeps the read's scroll within its rows.
func (m *Model) clampRead() {
	rd := m.resources.read
	if rd == nil || !rd.ready {
		return
	}
	rd.offset = render.Scroll(rd.offset, len(rd.lines), m.readRows()-len(m.saveLines(m.width)))
}
