package render

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/theme"
)

// Level says how a message or a state reads: as news, as success, as a
// warning or as a failure.
type Level int

// The levels, from plain news to failure.
const (
	LevelInfo Level = iota
	LevelOK
	LevelWarn
	LevelError
)

func (l Level) style(st *theme.Styles) lipgloss.Style {
	switch l {
	case LevelOK:
		return st.OK
	case LevelWarn:
		return st.Warn
	case LevelError:
		return st.Error
	}
	return st.Text
}

// Connection is what the header line says about the server and the link
// to it.
type Connection struct {
	// Server and Version are what the server said it is; empty before it
	// answered.
	Server, Version string
	// Target names the server as the person did, shown until the server
	// has named itself. The caller has already redacted its secrets.
	Target string
	// Transport and Protocol are the link's transport and protocol
	// version; empty while unknown.
	Transport, Protocol string
	// Era is the protocol era ("legacy" or "modern"); empty while unknown.
	Era string
	// Phase is the connection's state in a word ("ready") and Level how it
	// reads.
	Phase string
	Level Level
	// Auth is where the newest OAuth flow stands ("auth: waiting for the
	// browser's redirect") and AuthLevel how it reads; "" when there was
	// none.
	Auth      string
	AuthLevel Level
	// Brief leaves out the toolbench title and shows the era alone for
	// the protocol ("modern" for "2026-07-28 (modern)"): the header asks
	// for it when the screen row would not fit beside it otherwise.
	Brief bool
}

// Header is the top line: toolbench, the server, the transport, the
// protocol version and the state of the connection, cut to width. The
// state is what a person looks up here, so it is kept: the server's name
// (or the target) is cut first, then the protocol and the transport are
// dropped, then the auth flow is cut. Server text is escaped.
func Header(st *theme.Styles, c Connection, width int) string {
	sep := st.Subtle.Render(" · ")
	title := ""
	if !c.Brief {
		title = st.Title.Render("toolbench")
	}
	state := c.Level.style(st).Render("● " + c.Phase)
	var link []string
	if c.Transport != "" {
		link = append(link, st.Muted.Render(safeLine(c.Transport, width)))
	}
	if c.Protocol != "" {
		proto := c.Protocol
		switch {
		case c.Brief && c.Era != "":
			proto = c.Era
		case c.Era != "":
			proto += " (" + c.Era + ")"
		}
		link = append(link, st.Muted.Render(safeLine(proto, width)))
	}
	auth := ""
	if c.Auth != "" {
		auth = c.AuthLevel.style(st).Render(safeLine(c.Auth, width))
	}
	join := func(name string, link []string, auth string) string {
		var parts []string
		if title != "" {
			parts = append(parts, title)
		}
		if name != "" {
			parts = append(parts, name)
		}
		parts = append(append(parts, link...), state)
		if auth != "" {
			parts = append(parts, auth)
		}
		return strings.Join(parts, sep)
	}
	for {
		// What is left for the name, once every other part is drawn.
		room := width - lipgloss.Width(join("", link, auth)) - lipgloss.Width(sep)
		if width <= 0 || room >= headerNameFloor || len(link) == 0 {
			return Clip(join(headerName(st, c, room, width), link, auth), width)
		}
		link = link[:len(link)-1] // the protocol first, then the transport
	}
}

// headerNameFloor is the least of the server's name the header keeps
// before it drops the protocol and the transport for it.
const headerNameFloor = 12

// headerName is the server's name and version, or the target, in room
// cells (width <= 0: no limit); "" when there is no room or nothing to say.
func headerName(st *theme.Styles, c Connection, room, width int) string {
	if width > 0 && room < 2 {
		return ""
	}
	if width <= 0 {
		room = 0
	}
	// Server text is cut before it is styled.
	switch {
	case c.Server != "":
		return st.Text.Render(safeLine(c.Server+" "+c.Version, room))
	case c.Target != "":
		return st.Muted.Render(safeLine(c.Target, room))
	}
	return ""
}

// TabBar names the tabs, the active one in brackets; busy (-1 for none) is
// a tab whose content is on its way, marked with "⋯". When the tabs do not
// fit, the bar shows a run of them that holds the active one, with "‹" or
// "›" where tabs are hidden.
func TabBar(st *theme.Styles, names []string, active, busy, width int) string {
	parts := make([]string, len(names))
	for i, name := range names {
		if i == busy {
			name += " ⋯"
		}
		if i == active {
			parts[i] = st.Focused.Render("[" + name + "]")
		} else {
			parts[i] = st.Muted.Render(name)
		}
	}
	lo, hi := tabWindow(parts, active, width)
	line := strings.Join(parts[lo:hi], " ")
	if lo > 0 {
		line = st.Subtle.Render("‹ ") + line
	}
	if hi < len(parts) {
		line += st.Subtle.Render(" ›")
	}
	return Clip(line, width)
}

// tabWindow is the run of tabs, parts[lo:hi], that the bar shows in width:
// all when they fit, else the first run from the left that holds the
// active tab with room for the markers.
func tabWindow(parts []string, active, width int) (lo, hi int) {
	n := len(parts)
	if width <= 0 || lipgloss.Width(strings.Join(parts, " ")) <= width || active < 0 || active >= n {
		return 0, n
	}
	const marker = 2 // "‹ " or " ›"
	for lo = 0; lo <= active; lo++ {
		used := 0
		if lo > 0 {
			used = marker
		}
		hi = lo
		for hi < n {
			w := lipgloss.Width(parts[hi])
			if hi > lo {
				w++
			}
			// The last tab needs no marker after it.
			if tail := marker * boolInt(hi+1 < n); used+w+tail > width {
				break
			}
			used += w
			hi++
		}
		if hi > active {
			return lo, hi
		}
	}
	return active, active + 1 // not even the active tab fits: Clip cuts it
}

// boolInt is 1 for true.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Clip cuts a styled line to width cells with "…" (width <= 0: no limit).
// A line cut just after a part already shortened with "…" (a value in its
// column) ends in that one: a second would read as "12345……".
func Clip(s string, width int) string {
	if width <= 0 || lipgloss.Width(s) <= width {
		return s
	}
	out := ansi.Truncate(s, width, "…")
	if strings.HasSuffix(ansi.Strip(out), "……") {
		return ansi.Truncate(s, width-1, "")
	}
	return out
}

// Pad fills a styled line to width cells with spaces, cutting it first
// when it is longer.
func Pad(s string, width int) string {
	s = Clip(s, width)
	return s + strings.Repeat(" ", max(0, width-lipgloss.Width(s)))
}

// Fit pads or cuts lines to exactly n rows.
func Fit(lines []string, n int) []string {
	if len(lines) > n {
		return lines[:n]
	}
	for len(lines) < n {
		lines = append(lines, "")
	}
	return lines
}
