// Package clipboard finds the system's clipboard tool, so that a copy
// can say honestly where the text went: OSC 52 asks the terminal, which
// may ignore it (many do by default), while a tool on the PATH (wl-copy,
// xclip, xsel, pbcopy) puts it on the clipboard for certain.
package clipboard

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
	"time"
)

// Tool is a clipboard command: its name as the person knows it, its
// path, and the arguments that make it read the clipboard's text from
// standard input.
type Tool struct {
	Name string
	Path string
	Args []string
}

// candidates are the tools tried, in order, with the environment each
// needs: Wayland's before X11's, since an X11 tool under XWayland reaches
// a clipboard the Wayland programs may not see.
var candidates = []struct {
	name, needs string
	args        []string
}{
	{"wl-copy", "WAYLAND_DISPLAY", nil},
	{"xclip", "DISPLAY", []string{"-selection", "clipboard"}},
	{"xsel", "DISPLAY", []string{"--clipboard", "--input"}},
	{"pbcopy", "", nil},
}

// Find returns the first clipboard tool on the PATH whose display is
// set, or nil. getenv and lookPath are os.Getenv and exec.LookPath,
// injected for tests.
func Find(getenv func(string) string, lookPath func(string) (string, error)) *Tool {
	for _, c := range candidates {
		if c.needs != "" && getenv(c.needs) == "" {
			continue
		}
		if path, err := lookPath(c.name); err == nil {
			return &Tool{Name: c.name, Path: path, Args: c.args}
		}
	}
	return nil
}

// timeout bounds a tool that hangs (an X11 tool with no server to reach).
const timeout = 3 * time.Second

// Copy gives text to the tool. Its error holds what the tool said.
func (t *Tool) Copy(text string) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, t.Path, t.Args...)
	cmd.Stdin = strings.NewReader(text)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	// xclip stays to serve the selection; its stdout must not be a pipe
	// Wait would wait on.
	if err := cmd.Run(); err != nil {
		if msg := strings.TrimSpace(stderr.String()); msg != "" {
			return fmt.Errorf("%s: %w: %s", t.Name, err, firstLine(msg))
		}
		return fmt.Errorf("%s: %w", t.Name, err)
	}
	return nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
