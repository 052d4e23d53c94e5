package root

import (
	"errors"
	"io"
	"io/fs"
	"sync"

	"github.com/toolbench/toolbench/cli/iostreams"
)

// streams is iostreams.Streams, by the name the commands still in this
// package know it.
type streams = iostreams.Streams

// checkedWriter remembers the first error writing to w. Commands print
// with fmt.Fprint* and tabwriter, whose errors nobody checks line by line;
// a full disk must still fail the command instead of exiting 0 with the
// output lost. After an error it writes nothing more. Writes are
// serialised: a command's goroutines may share stdout.
type checkedWriter struct {
	w   io.Writer
	mu  sync.Mutex
	err error
}

// Write writes p unless an earlier write failed, and keeps the first
// error for run to report.
func (c *checkedWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err != nil {
		c.err = err
	}
	return n, err
}

// firstErr is the first write error, or nil.
func (c *checkedWriter) firstErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// uncheckedOut is the writer under a checkedWriter: the workbench needs
// the terminal itself (bubbletea puts it in raw mode and reads its size
// through the file), and draws frames, not output a script reads.
func uncheckedOut(w io.Writer) io.Writer {
	if c, ok := w.(*checkedWriter); ok {
		return c.w
	}
	return w
}

// outputError is stdout that could not be written.
type outputError struct{ err error }

// Error names the cause without the file ("no space left on device"):
// stdout's name, /dev/stdout, says nothing the person does not know.
func (e *outputError) Error() string {
	cause := e.err
	var pe *fs.PathError
	if errors.As(cause, &pe) {
		cause = pe.Err
	}
	return "writing output: " + cause.Error()
}

// Unwrap returns the write error, for errors.Is (ENOSPC, EPIPE).
func (e *outputError) Unwrap() error { return e.err }
