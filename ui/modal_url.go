package ui

import (
	"fmt"
	"os/exec"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/weburl"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// Browser opens a URL in the system's browser.
type Browser interface {
	// Name is the command that opens URLs, for the question the person
	// is asked ("open it with xdg-open").
	Name() string
	// Open opens url and returns once the opener started; it must not
	// wait for the browser.
	Open(url string) error
}

// systemBrowser is xdg-open or open, whichever is on PATH; nil when
// neither is, and URLs are then copied instead.
func systemBrowser() Browser {
	for _, name := range []string{"xdg-open", "open"} {
		if path, err := exec.LookPath(name); err == nil {
			return commandBrowser{name: name, path: path}
		}
	}
	return nil
}

// commandBrowser opens URLs with a command, the URL its one argument: no
// shell sees the server's text.
type commandBrowser struct{ name, path string }

func (b commandBrowser) Name() string { return b.name }

func (b commandBrowser) Open(u string) error {
	cmd := exec.Command(b.path, u)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", b.name, err)
	}
	// Reap it without waiting here.
	go func() { _ = cmd.Wait() }()
	return nil
}

// urlWait is an accepted URL-mode elicitation the workbench waits on: a
// legacy server says notifications/elicitation/complete with its id; on
// 2026-07-28 the retried call is the completion.
type urlWait struct {
	id, url, message string
	head             render.AskHead
	call             int
	// retry is the call a -32042 refused, made again on completion.
	retry *urlRetry
}

// urlOpenedMsg says how opening a URL went.
type urlOpenedMsg struct{ err error }

// urlModal is a URL-mode elicitation: the URL, its host picked out, and a
// question before anything is opened.
type urlModal struct {
	st      *theme.Styles
	keys    askKeys
	head    render.AskHead
	req     client.Elicitation
	browser Browser
	width   int
	height  int
}

var _ modal = (*urlModal)(nil)

func newURLModal(st *theme.Styles, keys askKeys, head render.AskHead, req client.Elicitation, b Browser) *urlModal {
	if !webURL(req.URL) {
		// Only web pages go to a browser: a file: or custom-scheme URL
		// from a server could start anything.
		b = nil
	}
	return &urlModal{st: st, keys: keys, head: head, req: req, browser: b}
}

// webURL reports an http or https URL with a host: the one rule the CLI's
// --elicit policy follows too.
func webURL(raw string) bool {
	_, err := weburl.Check(raw)
	return err == nil
}

func (u *urlModal) init() tea.Cmd { return nil }

func (u *urlModal) update(msg tea.Msg) (modalOutcome, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return modalOutcome{}, nil
	}
	switch {
	case key.Matches(k, u.keys.Open) && u.browser != nil:
		b, target := u.browser, u.req.URL
		open := func() tea.Msg { return urlOpenedMsg{err: b.Open(target)} }
		return u.accepted("opening the URL with " + b.Name()), open
	case key.Matches(k, u.keys.Open), key.Matches(k, u.keys.Copy):
		return u.accepted("copied the URL to the clipboard"), tea.SetClipboard(u.req.URL)
	case key.Matches(k, u.keys.Decline):
		return answered(client.ElicitResult{Action: "decline"}, "declined the URL elicitation"), nil
	case key.Matches(k, u.keys.Dismiss):
		return answered(client.ElicitResult{Action: "cancel"}, "cancelled the URL elicitation"), nil
	}
	return modalOutcome{}, nil
}

// accepted is the accept answer, and the wait for the server that follows.
func (u *urlModal) accepted(status string) modalOutcome {
	out := answered(client.ElicitResult{Action: "accept"}, status)
	out.wait = &urlWait{id: u.req.ElicitationID, url: u.req.URL, message: u.req.Message, head: u.head}
	return out
}

func (u *urlModal) resize(width, height int) { u.width, u.height = width, height }

func (u *urlModal) view() []string {
	lines := render.AskHeading(u.st, u.head, u.width)
	return append(lines, render.URLLines(u.st, render.URLAsk{Message: u.req.Message, URL: u.req.URL, Question: u.question()}, u.width)...)
}

// question says what the keys do, in the key map's words.
func (u *urlModal) question() string {
	k := u.keys
	open := render.FirstKey(k.Open.Help().Key)
	q := "Open it? " + open + " copies it to the clipboard and accepts (no browser found: neither xdg-open nor open is on PATH)"
	if u.browser != nil {
		q = "Open it? " + open + " opens it with " + u.browser.Name() + " and accepts; " +
			render.FirstKey(k.Copy.Help().Key) + " copies it instead and accepts"
	} else if !webURL(u.req.URL) {
		q = "Not an http(s) URL, so it is not opened: " + open + " copies it to the clipboard and accepts"
	}
	return q + "; " + render.FirstKey(k.Decline.Help().Key) + " declines; " + render.FirstKey(k.Dismiss.Help().Key) + " cancels."
}

// answers: open, copy (which accepts too) and decline.
func (u *urlModal) answers() int { return 3 }

func (u *urlModal) hints() [][2]string {
	k := u.keys
	return [][2]string{hint(k.Open, "open"), hint(k.Copy, "copy"), hint(k.Decline, "decline"), hint(k.Dismiss, "cancel"),
		hint(k.CancelCall, "cancel the call")}
}

// waitingLines draws an accepted URL elicitation while the workbench waits
// for the server.
func (m *Model) waitingLines() []string {
	w := m.asks.waiting
	lines := render.AskHeading(m.st, w.head, m.width)
	return append(lines, render.URLLines(m.st, render.URLAsk{Message: w.message, URL: w.url, Waiting: true}, m.width)...)
}

// waitingKey takes a key while the wait is on screen: esc stops showing
// it, ctrl+x cancels the call.
func (m *Model) waitingKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	case key.Matches(msg, m.keys.Ask.CancelCall):
		return m.cancelWithAsks(), true
	case key.Matches(msg, m.keys.Ask.Dismiss):
		m.asks.waiting = nil
		m.setStatus(levelInfo, "stopped waiting for the URL elicitation; the call goes on")
		return nil, true
	}
	return nil, false
}

// handleURLOpened reports a browser that would not start.
func (m *Model) handleURLOpened(msg urlOpenedMsg) tea.Cmd {
	if msg.err != nil {
		m.setStatus(levelError, "could not open the URL: "+msg.err.Error())
	}
	return nil
}
