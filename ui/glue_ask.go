package ui

import (
	"fmt"
	"os/exec"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	askscreen "github.com/toolbench/toolbench/ui/screens/ask"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// This file glues the screens that answer the server's questions
// (ui/screens/ask) to the queue of questions the root owns (ask.go): it
// pushes the first question's screen, carries out its answer, and shows
// the wait for an accepted URL elicitation.

// Browser opens a URL in the system's browser; the URL elicitation's
// screen declares what it needs of one.
type Browser = askscreen.Browser

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

// Name is the command's name, for the status line.
func (b commandBrowser) Name() string { return b.name }

// Open starts the command on u.
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

// askWho says who asks and during what, for a question's heading.
func (m *Model) askWho(p *pendingAsk) render.AskHead {
	server := m.conn.info.Name
	if server == "" {
		server = m.target
	}
	return render.AskHead{What: askNoun(p.ask.Kind), Server: server, Tool: p.ask.Tool, Round: p.ask.Round}
}

// showAsk pushes the screen of question p, laid out for the body; an
// error says why the workbench cannot answer p.
func (m *Model) showAsk(p *pendingAsk) error {
	sc, err := askscreen.New(askscreen.Deps{Styles: m.st, Keys: m.keys.Ask, Head: m.askWho(p), Browser: m.browser}, p.ask)
	if err != nil {
		return err
	}
	m.asks.modal = sc
	// The help or the palette, open when the question comes, stays over
	// it until closed, as it stayed over the modal.
	over := m.overlay()
	if over != nil {
		m.stack.Pop()
	}
	m.stack.Push(sc)
	if over != nil {
		m.stack.Push(over)
	}
	m.resizeAsk()
	return nil
}

// closeAsk takes the question's screen away; the queue moves on by
// itself.
func (m *Model) closeAsk() {
	m.asks.modal = nil
	m.stack.Remove(askscreen.ID)
}

// raiseAsk puts the question's screen back on top after the stack was
// rearranged under it (a screen opened from the palette): the question
// takes the keys until it is answered, as it did as a modal.
func (m *Model) raiseAsk() {
	if sc := m.asks.modal; sc != nil {
		m.stack.Push(sc)
	}
}

// resizeAsk lays the question out for the body's size; the registry's
// screens learn it in resizeScreens, but a question is not registered.
func (m *Model) resizeAsk() {
	if sc := m.asks.modal; sc != nil {
		m.apply(sc.Update(tea.WindowSizeMsg{Width: m.width, Height: m.bodyHeight()}))
	}
}

// cancelWithAsks cancels the running call and closes the questions it
// brought; with no call running it refuses the question on screen.
func (m *Model) cancelWithAsks() tea.Cmd {
	_, req, ok := m.tools.Running()
	if !ok {
		if m.asks.modal == nil {
			m.asks.waiting = nil
			return nil
		}
		return m.finishAsk(screen.Answer{Err: errWithdrawn, Status: "refused the server's question"})
	}
	cmd := m.toTools(tools.Cancel{})
	m.withdrawAsks(req)
	return tea.Batch(cmd, m.showNextAsk())
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
