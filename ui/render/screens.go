package render

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// HelpSection is a titled group of keys on the help screen.
type HelpSection struct {
	Title string
	Rows  []HelpRow
}

// HelpRow is one line of the help screen: the keys, and what they do.
type HelpRow struct {
	Keys, Desc string
	// Press is the binding's first key as the program receives it
	// ("alt+e"), which the palette replays; empty for a row that is not a
	// binding (a legend).
	Press string
}

// helpKeyWidth is the key column of the help screen.
const helpKeyWidth = 18

// HelpView is the help screen's content and where it is scrolled to.
type HelpView struct {
	Sections []HelpSection
	// Note follows the title and the position: how to scroll and close
	// the screen, in the help keys' own names.
	Note   string
	Offset int
}

// Help is the help screen from its offset on, height rows at most: the
// title with the rows shown ("12–35 of 140"), then each section's keys and
// what they do, wrapped to width so nothing is cut.
func Help(st *theme.Styles, v HelpView, width, height int) []string {
	body := HelpBody(st, v.Sections, width)
	rows := max(1, height-1)
	off := Scroll(v.Offset, len(body), rows)
	end := min(len(body), off+rows)
	pos := fmt.Sprintf(" · %d–%d of %d", min(off+1, end), end, len(body))
	head := Clip(st.Title.Render("Keys")+st.Muted.Render(pos+" · "+v.Note), width)
	return append([]string{head}, body[off:end]...)
}

// HelpLines is the whole help screen, unscrolled: the title, then the
// body.
func HelpLines(st *theme.Styles, v HelpView, width int) []string {
	head := Clip(st.Title.Render("Keys")+st.Muted.Render(" · "+v.Note), width)
	return append([]string{head}, HelpBody(st, v.Sections, width)...)
}

// HelpBody is the help screen below its title: each section's title and
// its rows, a description longer than the row continuing under itself
// (width <= 0: no wrapping).
func HelpBody(st *theme.Styles, sections []HelpSection, width int) []string {
	var lines []string
	for _, s := range sections {
		lines = append(lines, "", Clip(st.Heading.Render(s.Title), width))
		for _, r := range s.Rows {
			lines = append(lines, helpRow(st, r, width)...)
		}
	}
	return lines
}

// helpRow is one binding on the help screen: its keys, then what it does,
// wrapped in the description's column.
func helpRow(st *theme.Styles, r HelpRow, width int) []string {
	lead := 2 + max(helpKeyWidth, lipgloss.Width(r.Keys)+1)
	gap := strings.Repeat(" ", lead-2-lipgloss.Width(r.Keys))
	descs := []string{r.Desc}
	if width > 0 {
		descs = Wrap(r.Desc, max(8, width-lead))
	}
	lines := []string{Clip("  "+st.Key.Render(r.Keys)+gap+st.Help.Render(descs[0]), width)}
	for _, d := range descs[1:] {
		lines = append(lines, Clip(strings.Repeat(" ", lead)+st.Help.Render(d), width))
	}
	return lines
}

// Scroll clamps a scroll offset so that a window of height rows over n
// rows stays full where it can.
func Scroll(offset, n, height int) int {
	return max(0, min(offset, n-height))
}

// Disconnect explains a broken connection in the detail pane.
type Disconnect struct {
	// Lost is set when a request lost its connection while the session may
	// live on (streamable HTTP), rather than the connection ending.
	Lost bool
	// SessionLost is set when the server no longer knows the session: the
	// connection works, the session does not.
	SessionLost bool
	// Message is the error on one line; Evidence what it left behind, in
	// words.
	Message  string
	Evidence []string
	// Reconnect is the key that reconnects.
	Reconnect string
}

// DisconnectLines is the report on a broken connection: what happened,
// the evidence, and how to reconnect keeping everything.
func DisconnectLines(st *theme.Styles, d Disconnect, width int) []string {
	head := d.head()
	// The message is wrapped, not cut: it is the one line that says what
	// went wrong, and a URL alone can fill a narrow pane.
	var lines []string
	for i, row := range disconnectMessage(head, d.Message, width) {
		if i == 0 {
			row = st.Error.Render(head) + st.Text.Render(strings.TrimPrefix(row, head))
		} else {
			row = st.Text.Render(row)
		}
		lines = append(lines, row)
	}
	for _, e := range d.Evidence {
		lines = append(lines, Clip(st.Muted.Render(termsafe.Line(e)), width))
	}
	return append(lines, Clip(st.Key.Render(d.Reconnect)+st.Help.Render(" reconnect · your forms and results are kept"), width))
}

// DisconnectRows is how many rows DisconnectLines draws for d at width.
func DisconnectRows(d Disconnect, width int) int {
	return len(disconnectMessage(d.head(), d.Message, width)) + 1 + len(d.Evidence)
}

// head names what happened: the connection ended, or one request lost it.
func (d Disconnect) head() string {
	if d.SessionLost {
		return "Session lost: "
	}
	if d.Lost {
		return "Connection lost: "
	}
	return "Disconnected: "
}

// disconnectMessage is the report's head and message, escaped and wrapped.
func disconnectMessage(head, message string, width int) []string {
	return Wrap(head+termsafe.Line(message), width)
}

// Failure is a request that failed, as the Result tab shows it: a banner,
// the error wrapped, and the evidence in words.
type Failure struct {
	Head     string
	Message  string
	Evidence []string
}

// FailureLines renders a failed request to width.
func FailureLines(st *theme.Styles, f Failure, width int) []string {
	lines := []string{st.ErrorBanner.Render(f.Head)}
	// The message may quote the server, which nobody vetted.
	for _, l := range Wrap(termsafe.Text(f.Message), width) {
		lines = append(lines, st.Error.Render(l))
	}
	for _, e := range f.Evidence {
		lines = append(lines, Clip(st.Muted.Render(termsafe.Line(e)), width))
	}
	return lines
}
