package render

import (
	"fmt"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/internal/termsafe"
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
}

// Header is the top line: toolbench, the server, the transport, the
// protocol version and the state of the connection, cut to width. The
// state is what a person looks up here, so it is kept: the server's name
// (or the target) is cut first, then the protocol and the transport are
// dropped, then the auth flow is cut. Server text is escaped.
func Header(st *theme.Styles, c Connection, width int) string {
	sep := st.Subtle.Render(" · ")
	title := st.Title.Render("toolbench")
	state := c.Level.style(st).Render("● " + c.Phase)
	var link []string
	if c.Transport != "" {
		link = append(link, st.Muted.Render(safeLine(c.Transport, width)))
	}
	if c.Protocol != "" {
		proto := c.Protocol
		if c.Era != "" {
			proto += " (" + c.Era + ")"
		}
		link = append(link, st.Muted.Render(safeLine(proto, width)))
	}
	auth := ""
	if c.Auth != "" {
		auth = c.AuthLevel.style(st).Render(safeLine(c.Auth, width))
	}
	join := func(name string, link []string, auth string) string {
		parts := []string{title}
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

// Progress is a running call as the status line shows it.
type Progress struct {
	Tool    string
	Elapsed time.Duration
	// Done and Total are the server's last progress notification; Total
	// is 0 when the server did not say.
	Done, Total float64
	Message     string
	// Cancel names the key that cancels the call; "" says nothing.
	Cancel string
}

// ProgressText is a running call on one line: its tool, the time so far,
// a bar when the total is known, the server's message, and the key that
// cancels it.
func ProgressText(st *theme.Styles, p Progress) string {
	s := st.Accent.Render("calling "+termsafe.Line(p.Tool)) + st.Muted.Render(" "+p.Elapsed.Round(100*time.Millisecond).String())
	if p.Total > 0 {
		s += " " + progressBar(st, p.Done/p.Total, 20) + st.Muted.Render(fmt.Sprintf(" %g/%g", p.Done, p.Total))
	} else if p.Done > 0 {
		s += st.Muted.Render(fmt.Sprintf(" progress %g", p.Done))
	}
	if p.Message != "" {
		s += " " + st.Text.Render(termsafe.Line(p.Message))
	}
	if p.Cancel != "" {
		s += st.Help.Render(" · " + p.Cancel + " cancels")
	}
	return s
}

// progressBar draws frac (0 to 1) as a bar width cells wide.
func progressBar(st *theme.Styles, frac float64, width int) string {
	frac = max(0, min(1, frac))
	done := int(frac * float64(width))
	return st.Accent.Render(strings.Repeat("█", done)) + st.Subtle.Render(strings.Repeat("░", width-done))
}

// Status is the left part of the bottom line: a running call, else the
// last message, else nothing; and how the hints beside it weigh against it.
type Status struct {
	Running *Progress
	Text    string
	Level   Level
	// Repeats counts how many times in a row Text was said (0 or 1: once).
	// A repeated message reads "text (×3)" and gives way to the hints: the
	// person has read it already, and a server that says it every second
	// must not hide the keys for good.
	Repeats int
	// Answers counts the hints, from the first, that answer the question
	// on screen (quit?, a server's request). They are never dropped: the
	// status is cut for them, as for the pin.
	Answers int
}

// repeatFloor is how much of a repeated message's text is kept when the
// hints want its room: enough to recognise it.
const repeatFloor = 20

// StatusLine is the bottom line: the status on the left, key hints (most
// important first, dropped whole from the end when they do not fit) on the
// right, and pin, the hint that is always there, at the right end. The
// status is cut before pin and the answering hints are (s.Answers); the
// other hints give way to the status, unless it repeats.
func StatusLine(st *theme.Styles, s Status, hints [][2]string, pin [2]string, width int) string {
	answers := min(max(0, s.Answers), len(hints))
	must := append(append([][2]string(nil), hints[:answers]...), pin)
	rest := hints[answers:]
	if width <= 0 {
		return statusText(st, s, 0) + "  " + drawHints(st, append(append([][2]string(nil), hints...), pin))
	}
	mustW := hintsWidth(must)
	sep := ansi.StringWidth(hintSep)
	keep := 0
	var left string
	if s.Repeats > 1 && s.Running == nil {
		floor := min(lipgloss.Width(statusText(st, s, 0)), repeatFloor+ansi.StringWidth(repeatCount(s.Repeats)))
		if room := width - floor - 2 - mustW - sep; room > 0 {
			keep = hintsFitting(rest, room)
		}
		left = statusText(st, s, max(0, width-2-mustW-hintsWidth(rest[:keep])-sepIf(keep, sep)))
	} else {
		left = statusText(st, s, max(0, width-2-mustW))
		if room := width - lipgloss.Width(left) - 2 - mustW - sep; room > 0 {
			keep = hintsFitting(rest, room)
		}
	}
	shown := append(append(append([][2]string(nil), hints[:answers]...), rest[:keep]...), pin)
	right := drawHints(st, shown)
	gap := max(1, width-lipgloss.Width(left)-lipgloss.Width(right))
	return Clip(left+strings.Repeat(" ", gap)+right, width)
}

// statusText is the status drawn in at most room cells (0: no limit); a
// repeated message is cut before its count is.
func statusText(st *theme.Styles, s Status, room int) string {
	switch {
	case s.Running != nil:
		return Clip(ProgressText(st, *s.Running), room)
	case s.Text == "":
		return ""
	}
	style := s.Level.style(st)
	text := termsafe.Line(s.Text)
	if s.Repeats <= 1 {
		return Clip(style.Render(text), room)
	}
	count := repeatCount(s.Repeats)
	if room > 0 {
		cw := ansi.StringWidth(count)
		if room <= cw {
			return Clip(style.Render(strings.TrimPrefix(count, " ")), room)
		}
		text = truncate(text, room-cw)
	}
	return style.Render(text) + st.Muted.Render(count)
}

// repeatCount follows a message said n times.
func repeatCount(n int) string { return fmt.Sprintf(" (×%d)", n) }

// hintsWidth is the width pairs take when drawn.
func hintsWidth(pairs [][2]string) int {
	w := 0
	for i, p := range pairs {
		if i > 0 {
			w += ansi.StringWidth(hintSep)
		}
		w += hintWidth(p)
	}
	return w
}

// sepIf is sep when n hints are shown before the answers and pin, else 0.
func sepIf(n, sep int) int {
	if n > 0 {
		return sep
	}
	return 0
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
