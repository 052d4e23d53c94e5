package ui

import (
	"encoding/json"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
)

// modal is the dialog of one question from the server. Like every child
// view it is a plain struct with methods; it returns what the person
// decided as a modalOutcome, which the root model acts on.
type modal interface {
	// init is the command the modal needs when it opens (a field's cursor
	// blink); nil when none.
	init() tea.Cmd
	// update takes a key, a paste or a blink meant for the modal.
	update(msg tea.Msg) (modalOutcome, tea.Cmd)
	// view draws the modal in the size of the last resize. It changes
	// nothing.
	view() []string
	// hints are the keys that matter now, from the key map, the answers
	// to the question first.
	hints() [][2]string
	// answers counts the hints, from the first, that answer the question:
	// the status line never drops them.
	answers() int
	// resize lays the modal out for the body's size.
	resize(width, height int)
}

// modalOutcome is what the person decided. Until done, the modal stays.
type modalOutcome struct {
	done bool
	// result is the answer to send; err refuses the ask instead.
	result json.RawMessage
	err    error
	// wait is set when the answer starts a wait for the server (an
	// accepted URL elicitation).
	wait *urlWait
	// status is a message for the status line.
	status string
}

// answered is an outcome that sends result.
func answered(result any, status string) modalOutcome {
	b, err := json.Marshal(result)
	if err != nil {
		return modalOutcome{done: true, err: fmt.Errorf("encode the answer: %w", err)}
	}
	return modalOutcome{done: true, result: b, status: status}
}

// askWho says who asks and during what, for a modal's heading.
func (m *Model) askWho(p *pendingAsk) render.AskHead {
	server := m.conn.info.Name
	if server == "" {
		server = m.target
	}
	return render.AskHead{What: askNoun(p.ask.Kind), Server: server, Tool: p.ask.Tool, Round: p.ask.Round}
}

// newModal builds the modal for a question.
func (m *Model) newModal(p *pendingAsk) (modal, error) {
	head := m.askWho(p)
	switch p.ask.Kind {
	case client.AskElicit:
		req, err := p.ask.Elicitation()
		if err != nil {
			return nil, err
		}
		if req.Mode == "url" {
			return newURLModal(m.st, m.keys.Ask, head, req, m.browser), nil
		}
		return newElicitModal(m.st, m.keys.Ask, head, req), nil
	case client.AskSample:
		return newSamplingModal(m.st, m.keys.Ask, head, p.ask.Params)
	}
	return nil, fmt.Errorf("the server asked for %s, which the workbench cannot answer", p.ask.Kind)
}

// modalKey routes a key while a modal is open: ctrl+x cancels the call
// the question belongs to; every other key is the modal's.
func (m *Model) modalKey(msg tea.KeyPressMsg) tea.Cmd {
	if key.Matches(msg, m.keys.Ask.CancelCall) {
		return m.cancelWithAsks()
	}
	out, cmd := m.asks.modal.update(msg)
	if out.done {
		return tea.Batch(cmd, m.finishAsk(out))
	}
	return cmd
}

// cancelWithAsks cancels the running call and closes the questions it
// brought; with no call running it refuses the question on screen.
func (m *Model) cancelWithAsks() tea.Cmd {
	r := m.calls.running
	if r == nil {
		if m.asks.modal == nil {
			m.asks.waiting = nil
			return nil
		}
		return m.finishAsk(modalOutcome{done: true, err: errWithdrawn, status: "refused the server's question"})
	}
	m.cancelCall()
	m.withdrawAsks(r.req)
	return m.showNextAsk()
}
