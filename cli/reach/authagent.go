package reach

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os/exec"
	"strings"
	"sync"

	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/target"
)

// errNoBrowser means neither xdg-open nor open is on PATH.
var errNoBrowser = errors.New("no xdg-open or open on PATH")

// OpenInBrowser opens u with the system's opener, the URL its one
// argument: no shell sees the authorization server's text. It returns once
// the opener started.
func OpenInBrowser(u string) error {
	for _, name := range []string{"xdg-open", "open"} {
		path, err := exec.LookPath(name)
		if err != nil {
			continue
		}
		cmd := exec.Command(path, u)
		if err := cmd.Start(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		// Reap it without waiting for the browser.
		go func() { _ = cmd.Wait() }()
		return nil
	}
	return errNoBrowser
}

// CLIAgent takes the person at the terminal to the authorization URL: it
// prints the URL on stderr and opens the system browser, or with
// --browser none asks them to paste the redirect back on stdin.
type CLIAgent struct {
	err     io.Writer
	in      io.Reader
	browser string
	// open opens a URL in a browser; nil means there is none.
	open func(string) error

	once   sync.Once
	pasted chan string
}

var _ grant.Agent = (*CLIAgent)(nil)

func newCLIAgent(st *iostreams.Streams, browser string, open func(string) error) *CLIAgent {
	a := &CLIAgent{err: st.Err, in: st.In, browser: browser, open: open}
	if browser == browserNone {
		a.pasted = make(chan string, 1)
	}
	return a
}

// Visit implements grant.Agent: it shows the URL and, unless --browser
// none, opens it. A URL that is not http(s) is refused, not opened: the
// authorization server is no more trusted than the MCP server.
func (a *CLIAgent) Visit(ctx context.Context, authURL string) error {
	u, err := url.Parse(authURL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return fmt.Errorf("the authorization URL %q is not an http(s) URL; toolbench does not open it", termsafe.Line(target.Redact(authURL)))
	}
	fmt.Fprintf(a.err, "toolbench: open this URL to authorize: %s\n", termsafe.Line(authURL))
	if a.browser == browserNone {
		fmt.Fprintln(a.err, "toolbench: then paste here the URL your browser is sent to at the end (or the code it shows), and press enter")
		a.once.Do(func() { go a.readPaste() })
		return nil
	}
	if a.open == nil {
		fmt.Fprintln(a.err, "toolbench: no browser to open it with (xdg-open or open); open it yourself")
		return nil
	}
	if err := a.open(authURL); err != nil {
		fmt.Fprintf(a.err, "toolbench: could not start a browser (%v); open the URL yourself\n", err)
	}
	return nil
}

// Pasted implements grant.Agent: one line of stdin with --browser none,
// nil otherwise.
func (a *CLIAgent) Pasted() <-chan string {
	if a.pasted == nil {
		return nil
	}
	return a.pasted
}

// readPaste reads one line from stdin for Pasted. A read of a terminal
// cannot be interrupted: if the login ends another way, this goroutine
// waits for a line or the end of input, and then exits.
func (a *CLIAgent) readPaste() {
	line, err := bufio.NewReader(a.in).ReadString('\n')
	if line = strings.TrimSpace(line); line != "" && (err == nil || errors.Is(err, io.EOF)) {
		a.pasted <- line
	}
}

// AuthObserver prints the flow's steps on w: every event with -v, else
// only failed steps and the URL a person must open when the agent does not
// print it. It writes one line per event, skipping a line just like the
// one before (a bare URL's second transport runs the flow again), and
// never blocks for long.
func AuthObserver(w io.Writer, verbose, agentShowsURL bool) step.Observer {
	var mu sync.Mutex
	var last string
	return func(e step.Event) {
		switch {
		case verbose:
		case e.State == step.Failed:
		case e.Step == step.Browser && e.URL != "" && !agentShowsURL:
		default:
			return
		}
		line := eventLine(e)
		mu.Lock()
		defer mu.Unlock()
		if line != last {
			fmt.Fprintln(w, line)
			last = line
		}
	}
}

// eventLine is one event in words: its step, what happened, and the URL
// to act on when the summary lacks it. The text comes from servers, so it
// is made safe for a terminal.
func eventLine(e step.Event) string {
	what := e.Summary
	if e.URL != "" && !strings.Contains(what, e.URL) {
		// The summary names the endpoint; the URL to open is the whole one.
		what = "open " + e.URL
	}
	if e.State == step.Failed && e.Err != nil {
		if what != "" {
			what += ": "
		}
		what += causeOf(e.Step, e.Err).Error()
	}
	switch {
	case what == "":
		what = string(e.Step) + " " + string(e.State)
	case e.State == step.Failed:
		what = string(e.Step) + " failed: " + what
	default:
		what = string(e.Step) + ": " + what
	}
	return "toolbench: auth: " + termsafe.Line(what)
}

// causeOf is err without the name of the step s it failed at, which the
// line says already.
func causeOf(s step.Name, err error) error {
	var se *step.Error
	if errors.As(err, &se) && se.Step == s && se.Err != nil {
		return se.Err
	}
	return err
}
