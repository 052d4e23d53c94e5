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
		return statusText(st, s, -1) + "  " + drawHints(st, append(append([][2]string(nil), hints...), pin))
	}
	mustW := hintsWidth(must)
	sep := ansi.StringWidth(hintSep)
	keep := 0
	var left string
	if s.Repeats > 1 && s.Running == nil {
		floor := min(lipgloss.Width(statusText(st, s, -1)), repeatFloor+ansi.StringWidth(repeatCount(s.Repeats)))
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
	gap := max(0, width-lipgloss.Width(left)-lipgloss.Width(right))
	if left != "" {
		gap = max(1, gap) // a cut status still stands apart from the keys
	}
	return Clip(left+strings.Repeat(" ", gap)+right, width)
}

// statusText is the status drawn in at most room cells (below 0: no
// limit); a repeated message is cut before its count is.
func statusText(st *theme.Styles, s Status, room int) string {
	switch {
	case room == 0:
		return ""
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
