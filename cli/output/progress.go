// Package output is how the commands print for a person: a call's result
// with its verdict, progress on a live line, the server's text made safe
// for a terminal and exact on a pipe.
package output

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/term"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
)

// Control sequences of the live line: back to the start of the line, and
// erase it.
const (
	lineStart = "\r"
	eraseLine = "\x1b[K"
)

// ProgressLine shows a call's progress notifications on stderr, never on
// stdout: on a terminal as one line rewritten in place and erased when
// the call ends, elsewhere as a plain line each with -v (a script's
// stderr stays quiet when all is well). On a terminal it is also
// stderr's writer for the rest of the command, so that whatever else is
// written there (-v, server logs, a question) erases the live line first
// instead of running into it.
type ProgressLine struct {
	mu      sync.Mutex
	out     io.Writer
	live    bool
	verbose bool
	// width is the terminal's width in columns, read at each redraw.
	width func() int
	// now and drawn pace the redraws: a server that floods notifications
	// must not flood the terminal too.
	now   func() time.Time
	drawn time.Time
	// shown is the live line on screen; midLine says the last write left
	// the cursor after text (a prompt), which a redraw would erase.
	shown   string
	midLine bool
	// ended says the call is over: a notification that arrives after its
	// result is dropped, not drawn where nothing would erase it.
	ended bool
}

var _ io.Writer = (*ProgressLine)(nil)

// redrawEvery is the least time between two redraws of the live line.
const redrawEvery = 50 * time.Millisecond

// NewProgressLine writes progress to st's stderr, live when it is a
// terminal, as lines when it is not and verbose is set.
func NewProgressLine(st *iostreams.Streams, verbose bool) *ProgressLine {
	p := &ProgressLine{out: st.Err, live: st.ErrTTY, verbose: verbose, width: func() int { return 80 }, now: time.Now}
	if f, ok := st.Err.(*os.File); ok {
		p.width = func() int {
			if w, _, err := term.GetSize(f.Fd()); err == nil && w > 0 {
				return w
			}
			return 80
		}
	}
	return p
}

// Live reports whether the line is drawn in place, stderr being a
// terminal: then it should be stderr's writer for the rest of the command.
func (p *ProgressLine) Live() bool { return p.live }

// Show puts one progress notification on stderr.
func (p *ProgressLine) Show(ev client.ProgressEvent) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.ended, !p.live && !p.verbose:
		return
	case !p.live:
		fmt.Fprintln(p.out, progressText(ev))
		return
	}
	// One column short of the width: a line that fills it wraps on some
	// terminals, and \r then returns to the wrapped half only.
	p.shown = ansi.Truncate(progressText(ev), max(p.width()-1, 1), "…")
	now := p.now()
	if p.midLine || now.Sub(p.drawn) < redrawEvery && (ev.Total <= 0 || ev.Progress < ev.Total) {
		return
	}
	p.drawn = now
	fmt.Fprint(p.out, lineStart+p.shown+eraseLine)
}

// Status puts text on the live line, on a terminal only: a command that
// reports its own steps (probe) rather than a server's notifications.
// Redraws are paced as Show paces them.
func (p *ProgressLine) Status(text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ended || !p.live {
		return
	}
	p.shown = ansi.Truncate(text, max(p.width()-1, 1), "…")
	now := p.now()
	if p.midLine || now.Sub(p.drawn) < redrawEvery {
		return
	}
	p.drawn = now
	fmt.Fprint(p.out, lineStart+p.shown+eraseLine)
}

// Hide erases the live line until the next Status or Show: stdout is
// about to be written on the same screen.
func (p *ProgressLine) Hide() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
	p.shown = ""
}

// End erases the live line, if there is one: the call is over.
func (p *ProgressLine) End() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
	p.shown, p.ended = "", true
}

// Write writes b to stderr in place of the live line, which is drawn
// again below b when b ends a line.
func (p *ProgressLine) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.erase()
	n, err := p.out.Write(b)
	if len(b) > 0 {
		p.midLine = !bytes.HasSuffix(b, []byte("\n"))
	}
	if err == nil && p.shown != "" && !p.midLine {
		_, err = io.WriteString(p.out, p.shown+eraseLine)
	}
	return n, err
}

// erase clears the live line from the screen; mu is held.
func (p *ProgressLine) erase() {
	if p.shown != "" && !p.midLine {
		fmt.Fprint(p.out, lineStart+eraseLine)
	}
}

// progressText is a notification in words: its progress, of its total when
// it has one, and its message, made safe for a terminal.
func progressText(ev client.ProgressEvent) string {
	text := fmt.Sprintf("toolbench: progress %g", ev.Progress)
	if ev.Total > 0 {
		text += fmt.Sprintf("/%g", ev.Total)
	}
	if ev.Message != "" {
		text += " " + termsafe.Line(ev.Message)
	}
	return text
}
