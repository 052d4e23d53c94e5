package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/clientview"
	"github.com/toolbench/toolbench/ui/render"
)

// appRead is the reading of one tool's MCP App resource, kept per tool
// for as long as the workbench runs, like its last result.
type appRead struct {
	uri     string
	reading bool
	seq     int
	err     error
	// contents are the parsed entries; lines their rows at width, made
	// in a command (an app's HTML may be large); rendering is set while
	// they are made again for a new width.
	contents  []render.AppContent
	lines     []string
	width     int
	read      bool
	rendering bool
}

// appReadMsg is the outcome of reading a tool's app resource.
type appReadMsg struct {
	tool, uri string
	seq       int
	contents  []render.AppContent
	lines     []string
	width     int
	err       error
}

// appRenderedMsg brings an app resource's rows for a new width.
type appRenderedMsg struct {
	tool  string
	seq   int
	lines []string
	width int
}

// appKey takes a key on the Meta tab of a tool with an app; ok is false
// when the key is not the app's.
func (m *Model) appKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	t := m.detail.tool
	if t == nil || t.App == nil || !key.Matches(msg, m.keys.App.Read) {
		return nil, false
	}
	return m.readApp(t.Name, t.App.ResourceURI), true
}

// readApp reads a tool's ui:// resource (resources/read) and renders
// what it holds, in a command.
func (m *Model) readApp(tool, uri string) tea.Cmd {
	sess := m.readySession("")
	if sess == nil {
		return nil
	}
	a := m.apps[tool]
	if a == nil {
		a = &appRead{}
		m.apps[tool] = a
	}
	if a.reading {
		return nil
	}
	a.seq++
	a.uri, a.reading, a.err = uri, true, nil
	st, width, seq := m.st, m.detailWidth(), a.seq
	return func() tea.Msg {
		res, err := sess.ReadResource(background, uri)
		if err != nil {
			return appReadMsg{tool: tool, uri: uri, seq: seq, err: err}
		}
		contents := clientview.AppContents(res)
		return appReadMsg{tool: tool, uri: uri, seq: seq, contents: contents, width: width,
			lines: render.AppContents(st, contents, width)}
	}
}

func (m *Model) handleAppRead(msg appReadMsg) tea.Cmd {
	a := m.apps[msg.tool]
	if a == nil || a.seq != msg.seq {
		return nil
	}
	a.reading, a.err = false, msg.err
	if msg.err != nil {
		m.setStatus(levelError, "read "+msg.uri+": "+msg.err.Error())
		return nil
	}
	a.contents, a.lines, a.width, a.read = msg.contents, msg.lines, msg.width, true
	return nil
}

// wantApp renders the shown tool's app resource again when the pane's
// width changed since it was rendered.
func (m *Model) wantApp() tea.Cmd {
	t := m.detail.tool
	if t == nil || m.detail.tab != tabMeta {
		return nil
	}
	a, width := m.apps[t.Name], m.detailWidth()
	if a == nil || !a.read || a.rendering || a.width == width {
		return nil
	}
	a.rendering = true
	st, contents, name, seq := m.st, a.contents, t.Name, a.seq
	return func() tea.Msg {
		return appRenderedMsg{tool: name, seq: seq, lines: render.AppContents(st, contents, width), width: width}
	}
}

func (m *Model) handleAppRendered(msg appRenderedMsg) tea.Cmd {
	if a := m.apps[msg.tool]; a != nil && a.seq == msg.seq {
		a.lines, a.width, a.rendering = msg.lines, msg.width, false
	}
	return nil
}

// appParts are the MCP App rows above the Meta tab's, for a tool with an
// app: what its _meta says, the resource once read, a blank row. They are
// kept in parts: the resource's rows may be many, and are not copied.
func (m *Model) appParts(width int) [][]string {
	t := m.detail.tool
	if t == nil || t.App == nil {
		return nil
	}
	s := render.AppState{ReadKey: render.FirstKey(m.keys.App.Read.Help().Key)}
	a := m.apps[t.Name]
	if a != nil {
		s.Reading, s.Read = a.reading, a.read
		if a.err != nil {
			s.Failure = &render.Failure{Head: "Reading the app's resource failed", Message: a.err.Error(),
				Evidence: evidenceLines(a.err, nil)}
		}
	}
	parts := [][]string{render.AppHead(m.st, *t.App, s, width)}
	if a != nil && a.read && a.err == nil {
		parts = append(parts, a.lines)
	}
	return append(parts, []string{""})
}

// appRows is how many rows the app parts take.
func (m *Model) appRows(width int) int {
	n := 0
	for _, p := range m.appParts(width) {
		n += len(p)
	}
	return n
}

// withAppRead adds the key that reads the app resource to the hints of
// the Meta tab of a tool with an app.
func (m *Model) withAppRead(hints [][2]string) [][2]string {
	if t := m.detail.tool; t == nil || t.App == nil || m.detail.tab != tabMeta {
		return hints
	}
	return append([][2]string{hint(m.keys.App.Read, "read app")}, hints...)
}

// metaWindow is the Meta tab's window of height rows from offset: the
// app's rows, then the tab's lines, copying only the rows in view.
func (m *Model) metaWindow(lines []string, offset, height int) []string {
	parts := append(m.appParts(m.detailWidth()), lines)
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	off := render.Scroll(offset, total, height)
	out := make([]string, 0, height)
	for _, p := range parts {
		if off >= len(p) {
			off -= len(p)
			continue
		}
		for _, l := range p[off:] {
			if len(out) == height {
				return out
			}
			out = append(out, l)
		}
		off = 0
	}
	return out
}
