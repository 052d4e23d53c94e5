// Package render turns toolbench's data into styled terminal lines: tool
// results, highlighted JSON, wrapped text, tool rows, log lines and key
// hints. Every function is pure: data and a width in, strings out, with no
// state, no IO and no Bubble Tea, so views are golden-testable at fixed
// widths and can be rendered off the UI goroutine. The data are view
// structs of this package (Block, ResultView, TaskView, FrameRow…), never
// the client's types: ui/clientview converts those, so a renderer can be
// fed without a session.
//
// Server text is untrusted: everything a server sent goes through termsafe
// before it is styled. Functions that return lines return one string per
// terminal row; each row opens and closes its own styles, so any row can be
// drawn on its own (a scrolled viewport shows a window of them).
package render

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// span is a style reduced to the escape codes around its text. Styling
// millions of JSON tokens with lipgloss's Render (which parses, wraps and
// measures on every call) is far too slow for a 20 MB result; writing a
// prefix and a suffix costs two copies.
type span struct {
	open, close string
	// style is kept for styles that are not a plain prefix and suffix
	// (padding, width, borders), which are rendered in full every time.
	// It is a pointer because a Style is hundreds of bytes.
	style *lipgloss.Style
	// inline is true when open and close are all the style adds.
	inline bool
}

// probe is a private-use rune: no style transforms it, and no real text
// is needed to find where a style's codes go.
const probe = "\ue000"

// newSpan finds a style's codes by rendering the probe once.
func newSpan(s lipgloss.Style) span {
	out := s.Render(probe)
	i := strings.Index(out, probe)
	if i < 0 || ansi.Strip(out) != probe {
		return span{style: &s}
	}
	return span{open: out[:i], close: out[i+len(probe):], inline: true}
}

// render returns text in the span's style.
func (p *span) render(text string) string {
	if !p.inline {
		return p.style.Render(text)
	}
	return p.open + text + p.close
}

// heading is a section title followed by a rule to the full width, so
// sections stand apart even without colour.
func heading(title string, width int, head, rule lipgloss.Style) string {
	fill := 2
	if width > 0 && width < 6 {
		return head.Render(truncate(title, width)) // no room for rules
	}
	if width > 0 {
		title = truncate(title, max(1, width-4))
		fill = max(0, width-4-ansi.StringWidth(title)) // "── " + title + " "
	}
	return rule.Render("──") + " " + head.Render(title) + " " + rule.Render(strings.Repeat("─", fill))
}

// humanBytes is a byte count as a person reads it, matching the CLI.
func humanBytes(n int) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d bytes", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
}

// padRight pads s with spaces to n cells (display width, not bytes: the
// frame arrows are three bytes but one cell).
func padRight(s string, n int) string {
	if w := ansi.StringWidth(s); w < n {
		return s + strings.Repeat(" ", n-w)
	}
	return s
}
