// Package iostreams is what commands read and write: the standard streams, with
// whether each is a terminal and how wide, the one table writer of every
// listing, and server text made fit for the stream it goes to.
package iostreams

import (
	"io"
	"os"

	"github.com/charmbracelet/x/term"
)

// Streams are a command's standard streams, injectable so tests can run
// commands in-process and check both terminal and piped behaviour.
type Streams struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
	// OutTTY is true when Out is a terminal: server text is then escaped
	// so that it cannot drive the terminal.
	OutTTY bool
	// InTTY and ErrTTY are true when In and Err are terminals: a person is
	// then there to answer a login (see authFlags).
	InTTY, ErrTTY bool
	// Width is how many columns wide the terminal Out is, asked when a
	// table is written, 0 when unknown; nil when Out is no terminal.
	// Tables fit it (see table); piped output never changes.
	Width func() int
}

// System is the process's own streams.
func System() *Streams {
	st := &Streams{In: os.Stdin, Out: os.Stdout, Err: os.Stderr, OutTTY: isTerminal(os.Stdout),
		InTTY: isTerminal(os.Stdin), ErrTTY: isTerminal(os.Stderr)}
	if st.OutTTY {
		st.Width = func() int {
			w, _, err := term.GetSize(os.Stdout.Fd())
			if err != nil {
				return 0
			}
			return w
		}
	}
	return st
}

// isTerminal asks the terminal driver (an ioctl), not the file's mode:
// /dev/null is a character device too, and taking it for a terminal had a
// 401 under cron or systemd start a login nobody could answer.
func isTerminal(f *os.File) bool { return term.IsTerminal(f.Fd()) }
