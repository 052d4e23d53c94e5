package ui

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/recall"
	"github.com/toolbench/toolbench/ui/screen"
	askscreen "github.com/toolbench/toolbench/ui/screens/ask"
)

// errRejected is what a server gets when the person refuses a sampling
// request: a JSON-RPC error, as the spec has a client refuse one.
var errRejected = askscreen.ErrRejected

// errWithdrawn answers an ask the workbench dropped unanswered: the call
// it belonged to ended, or its connection did.
var errWithdrawn = errors.New("the workbench withdrew the question: its call or connection ended")

// pendingAsk is one question from the server waiting for the person. The
// client goroutine that asked blocks on reply until the workbench answers
// or ctx ends.
type pendingAsk struct {
	id  int64
	gen int
	// call is the request id of the call that ran when the ask came; 0
	// when none ran.
	call  int
	ask   client.Ask
	ctx   context.Context
	reply chan askReply
	// retry is set for the URL of a call refused with -32042: no client
	// goroutine waits on reply, and accepting retries the call.
	retry *urlRetry
}

// askReply is the answer to one ask: a result, or an error that refuses.
type askReply struct {
	result json.RawMessage
	err    error
}

// answer sends the reply, once; the asker may have stopped listening.
func (p *pendingAsk) answer(result json.RawMessage, err error) {
	select {
	case p.reply <- askReply{result: result, err: err}:
	default:
	}
}

// askMsg brings a question from the client goroutine to the program.
type askMsg struct{ p *pendingAsk }

// askGoneMsg says that ask id's context ended before the person answered.
type askGoneMsg struct{ id int64 }

// asks is the queue of questions: the first is shown on its screen, the
// rest wait their turn.
type asks struct {
	seq   *atomic.Int64
	queue []*pendingAsk
	// modal is the first question's screen while it is shown (on the
	// stack, on top).
	modal *askscreen.Screen
	// waiting is a URL-mode elicitation accepted and not yet completed.
	waiting *urlWait
}

func newAsks() asks { return asks{seq: new(atomic.Int64)} }

// open reports whether a question is on screen.
func (a *asks) open() bool { return a.modal != nil }

// answererFor is the Answerer of connection gen. Roots are answered from
// the workbench's list at once; every other ask goes to the program and
// waits for the person, for the call to end, or for the workbench to close.
func (m *Model) answererFor(gen int) client.Answerer {
	send, stop, roots, seq := m.send, m.stop, m.roots, m.asks.seq
	return func(ctx context.Context, a client.Ask) (json.RawMessage, error) {
		if a.Kind == client.AskRoots {
			return roots.result()
		}
		p := &pendingAsk{id: seq.Add(1), gen: gen, ask: a, ctx: ctx, reply: make(chan askReply, 1)}
		send(askMsg{p: p})
		select {
		case r := <-p.reply:
			return r.result, r.err
		case <-ctx.Done():
			send(askGoneMsg{id: p.id})
			return nil, fmt.Errorf("%s: %w", a.Kind, context.Cause(ctx))
		case <-stop:
			return nil, fmt.Errorf("%s: %w", a.Kind, errWithdrawn)
		}
	}
}

// handleAsk queues a question and shows it when no other is on screen.
func (m *Model) handleAsk(msg askMsg) tea.Cmd {
	p := msg.p
	if p.gen != m.conn.gen {
		p.answer(nil, errWithdrawn)
		return nil
	}
	if tool, req, ok := m.tools.Running(); ok {
		p.call = req
		if p.ask.Tool == "" {
			p.ask.Tool = tool
		}
	}
	// On 2026-07-28 the retry that brought this ask is the completion of
	// an accepted URL elicitation.
	m.asks.waiting = nil
	m.asks.queue = append(m.asks.queue, p)
	return m.showNextAsk()
}

// handleAskGone drops a question whose call ended while it waited.
func (m *Model) handleAskGone(msg askGoneMsg) tea.Cmd {
	for i, p := range m.asks.queue {
		if p.id != msg.id {
			continue
		}
		m.asks.queue = append(m.asks.queue[:i], m.asks.queue[i+1:]...)
		if i == 0 {
			m.closeAsk()
			m.setStatus(levelInfo, "the server's "+askNoun(p.ask.Kind)+" was withdrawn: its call ended")
			return m.showNextAsk()
		}
		return nil
	}
	return nil
}

// showNextAsk shows the screen of the first queued question, unless one is
// on screen.
func (m *Model) showNextAsk() tea.Cmd {
	if m.asks.modal != nil || len(m.asks.queue) == 0 {
		return nil
	}
	p := m.asks.queue[0]
	if err := m.showAsk(p); err != nil {
		// A question the workbench cannot even read is refused with the
		// reason, and the next one shown.
		p.answer(nil, err)
		m.asks.queue = m.asks.queue[1:]
		m.setStatus(levelError, err.Error())
		return m.showNextAsk()
	}
	return nil
}

// finishAsk sends the shown question's answer and moves to the next.
func (m *Model) finishAsk(out screen.Answer) tea.Cmd {
	if len(m.asks.queue) == 0 {
		m.closeAsk()
		return nil
	}
	p := m.asks.queue[0]
	m.asks.queue = m.asks.queue[1:]
	m.closeAsk()
	p.answer(out.Result, out.Err)
	if _, req, ok := m.tools.Running(); ok && p.call == req {
		m.given.Note(req, p.ask, replyOf(p.ask, out))
	}
	if w := out.Wait; w != nil {
		wait := &urlWait{id: w.ID, url: w.URL, message: w.Message, head: w.Head, call: p.call}
		if p.retry != nil {
			m.acceptedURLRequired(p, wait)
		}
		m.asks.waiting = wait
	}
	if out.Status != "" {
		m.setStatus(levelInfo, out.Status)
	}
	return m.showNextAsk()
}

// withdrawAsks refuses the questions that belong to call req (every one,
// when req is 0) and closes their modal: the call ended or was cancelled,
// and nobody will read the answer.
func (m *Model) withdrawAsks(req int) {
	keep := m.asks.queue[:0]
	for i, p := range m.asks.queue {
		if req == 0 || p.call == req {
			p.answer(nil, errWithdrawn)
			if i == 0 {
				m.closeAsk()
			}
			continue
		}
		keep = append(keep, p)
	}
	m.asks.queue = keep
	if w := m.asks.waiting; w != nil && (req == 0 || w.call == req) {
		m.asks.waiting = nil
	}
}

// askNoun names what is asked, for messages.
func askNoun(k client.AskKind) string {
	switch k {
	case client.AskElicit:
		return "elicitation"
	case client.AskSample:
		return "sampling request"
	}
	return string(k)
}

// replyOf is out, the answer to ask, as recall keeps it: whether it
// refused a sampling request, and which of the asked form's fields look
// secret, are the ask screen's to say.
func replyOf(ask client.Ask, out screen.Answer) recall.Reply {
	r := recall.Reply{Result: out.Result, Err: out.Err, Rejected: errors.Is(out.Err, errRejected)}
	if ask.Kind == client.AskElicit {
		if e, err := ask.Elicitation(); err == nil {
			r.Secret = askscreen.SecretFields(e.RequestedSchema)
		}
	}
	return r
}
