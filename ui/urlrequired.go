package ui

import (
	"context"
	"encoding/json"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/screens/tools"
)

// urlRetry is a call refused with -32042 (URL elicitation required): it
// is made again once the person accepted the URL and the server says the
// interaction is complete.
type urlRetry struct {
	tool string
	args []byte
	els  []client.URLElicitation
}

// urlAccepter is the part of a session that learns the ids of accepted
// -32042 URLs, so that their completion is reported rather than ignored
// as unknown (client.Session has it; a session without it still gets the
// modal, and the person retries by hand).
type urlAccepter interface {
	// AcceptedURLs says the person accepted these URL elicitations, so
	// the session's retry of the call carries them.
	AcceptedURLs([]client.URLElicitation)
}

// askURLRequired shows a -32042's URL in the URL modal, as a URL-mode
// request is shown; accepting it waits for the server, then retries the
// call (see retryAfterURL). Only the first URL is asked: the retry brings
// the next refusal, and so the next URL, if there is one.
func (m *Model) askURLRequired(tool string, args []byte, u *client.URLRequiredError) tea.Cmd {
	el := u.Elicitations[0]
	params, err := json.Marshal(map[string]string{"mode": "url", "url": el.URL, "elicitationId": el.ElicitationID, "message": el.Message})
	if err != nil {
		return nil
	}
	p := &pendingAsk{id: m.asks.seq.Add(1), gen: m.conn.gen, ctx: context.Background(), reply: make(chan askReply, 1),
		ask:   client.Ask{Kind: client.AskElicit, Tool: tool, Params: params},
		retry: &urlRetry{tool: tool, args: args, els: u.Elicitations[:1]}}
	m.asks.queue = append(m.asks.queue, p)
	return m.showNextAsk()
}

// acceptedURLRequired is called when the person accepted a -32042's URL:
// the session learns its id, and the wait carries the retry.
func (m *Model) acceptedURLRequired(p *pendingAsk, w *urlWait) {
	if a, ok := m.conn.sess.(urlAccepter); ok {
		a.AcceptedURLs(p.retry.els)
	}
	w.retry = p.retry
}

// retryAfterURL makes the refused call again, with the arguments it was
// refused with.
func (m *Model) retryAfterURL(r *urlRetry) tea.Cmd {
	return m.toTools(tools.Call{Tool: r.tool, Args: r.args,
		Why: "the server says the URL elicitation is complete; calling " + r.tool + " again"})
}
