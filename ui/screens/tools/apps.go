package tools

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
func (s *Screen) appKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	t := s.detail.tool
	if t == nil || t.App == nil || !key.Matches(msg, s.keys.App.Read) {
		return nil, false
	}
	return s.readApp(t.Name, t.App.ResourceURI), true
}

// readApp reads a tool's ui:// resource (resources/read) and renders
// what it holds, in a command.
func (s *Screen) readApp(tool, uri string) tea.Cmd {
	sess, _ := s.session("")
	if sess == nil {
		return nil
	}
	a := s.apps[tool]
	if a == nil {
		a = &appRead{}
		s.apps[tool] = a
	}
	if a.reading {
		return nil
	}
	a.seq++
	a.uri, a.reading, a.err = uri, true, nil
	st, width, seq := s.st, s.detailWidth(), a.seq
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

func (s *Screen) handleAppRead(msg appReadMsg) tea.Cmd {
	a := s.apps[msg.tool]
	if a == nil || a.seq != msg.seq {
		return nil
	}
	a.reading, a.err = false, msg.err
	if msg.err != nil {
		s.status(render.LevelError, "read "+msg.uri+": "+msg.err.Error())
		return nil
	}
	a.contents, a.lines, a.width, a.read = msg.contents, msg.lines, msg.width, true
	return nil
}

// wantApp renders the shown tool's app resource again when the pane's
// width changed since it was rendered.
func (s *Screen) wantApp() tea.Cmd {
	t := s.detail.tool
	if t == nil || s.detail.tab != tabMeta {
		return nil
	}
	a, width := s.apps[t.Name], s.detailWidth()
	if a == nil || !a.read || a.rendering || a.width == width {
		return nil
	}
	a.rendering = true
	st, contents, name, seq := s.st, a.contents, t.Name, a.seq
	return func() tea.Msg {
		return appRenderedMsg{tool: name, seq: seq, lines: render.AppContents(st, contents, width), width: width}
	}
}

func (s *Screen) handleAppRendered(msg appRenderedMsg) tea.Cmd {
	if a := s.apps[msg.tool]; a != nil && a.seq == msg.seq {
		a.lines, a.width, a.rendering = msg.lines, msg.width, false
	}
	return nil
}

// appParts are the MCP App rows above the Meta tab's, for a tool with an
// app: what its _meta says, the resource once read, a blank row. They are
// kept in parts: the resource's rows may be many, and are not copied.
func (s *Screen) appParts(width int) [][]string {
	t := s.detail.tool
	if t == nil || t.App == nil {
		return nil
	}
	as := render.AppState{ReadKey: render.FirstKey(s.keys.App.Read.Help().Key)}
	a := s.apps[t.Name]
	if a != nil {
		as.Reading, as.Read = a.reading, a.read
		if a.err != nil {
			as.Failure = &render.Failure{Head: "Reading the app's resource failed", Message: a.err.Error(),
				Evidence: s.evidence(a.err, nil)}
		}
	}
	parts := [][]string{render.AppHead(s.st, *t.App, as, width)}
	if a != nil && a.read && a.err == nil {
		parts = append(parts, a.lines)
	}
	return append(parts, []string{""})
}

// appRows is how many rows the app parts take.
func (s *Screen) appRows(width int) int {
	n := 0
	for _, p := range s.appParts(width) {
		n += len(p)
	}
	return n
}

// withAppRead adds the key that reads the app resource to the hints of
// the Meta tab of a tool with an app.
func (s *Screen) withAppRead(hints [][2]string) [][2]string {
	if t := s.detail.tool; t == nil || t.App == nil || s.detail.tab != tabMeta {
		return hints
	}
	return append([][2]string{hint(s.keys.App.Read, "read app")}, hints...)
}

// metaWindow is the Meta tab's window of height rows from offset: the
// app's rows, then the tab's lines, copying only the rows in view.
func (s *Screen) metaWindow(lines []string, offset, height int) []string {
	parts := append(s.appParts(s.detailWidth()), lines)
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
