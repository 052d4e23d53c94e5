package answer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/toolbench/toolbench/client"
)

// Policies are the answers a command gives without a person. A nil Elicit
// or Sample means nothing answers that kind of ask: it is refused with a
// *client.UnansweredError, so the command can say which flag would.
type Policies struct {
	// Elicit answers elicitation/create; nil refuses it.
	Elicit *Elicit
	// Sample answers sampling/createMessage; nil refuses it.
	Sample *Sample
	// Roots are the absolute directories roots/list is answered with.
	Roots []string
	// Notice receives what the person must act on (the URL of a URL-mode
	// elicitation); nil drops it.
	Notice io.Writer
	// Log, when set, records every ask and its answer.
	Log *Log
}

// Answerer composes the policies into one client.Answerer.
func (p Policies) Answerer() client.Answerer {
	return func(_ context.Context, a client.Ask) (json.RawMessage, error) {
		res, word, err := p.answer(a)
		if p.Log != nil {
			p.Log.add(a, word, res, err)
		}
		return res, err
	}
}

// answer answers a and names the answer in one word for the record.
func (p Policies) answer(a client.Ask) (json.RawMessage, string, error) {
	switch a.Kind {
	case client.AskElicit:
		if p.Elicit == nil {
			return nil, NoAnswer, &client.UnansweredError{Ask: a}
		}
		r, err := p.Elicit.answer(a, p.Notice)
		if err != nil {
			return nil, Failed, fmt.Errorf("answer %s with --elicit %s: %w", a.Kind, p.Elicit, err)
		}
		res, err := json.Marshal(r)
		return res, r.Action, err
	case client.AskSample:
		if p.Sample == nil {
			return nil, NoAnswer, &client.UnansweredError{Ask: a}
		}
		res, err := p.Sample.answer()
		if err != nil {
			return nil, Reject, err
		}
		return res, Reply, nil
	case client.AskRoots:
		res, err := ListRootsResult(p.Roots)
		return res, RootsGiven, err
	}
	return nil, NoAnswer, &client.UnansweredError{Ask: a}
}

// Words a Record's Answer holds besides an elicitation's action (accept,
// decline, cancel) and Reject.
const (
	// Reply: a sampling request got the CreateMessageResult of a file.
	Reply = "reply"
	// RootsGiven: a roots/list got the roots.
	RootsGiven = "roots"
	// NoAnswer: no policy answers that kind of ask.
	NoAnswer = "none"
	// Failed: the policy could not make an answer (a requestedSchema it
	// cannot fill).
	Failed = "failed"
)

// Record is one ask and how it was answered, as a command reports it.
type Record struct {
	// Kind is the ask's method.
	Kind client.AskKind `json:"kind"`
	// Tool is the tool whose call the ask belongs to, when known.
	Tool string `json:"tool"`
	// Round is the 2026-07-28 input round; 0 for a legacy server request.
	Round int `json:"round"`
	// Key is the ask's inputRequests key on 2026-07-28.
	Key string `json:"key,omitempty"`
	// Answer names the answer: accept, decline, cancel, reply, reject,
	// roots, none or failed.
	Answer string `json:"answer"`
	// Mode, Message and URL are what an elicitation said.
	Mode    string `json:"mode,omitempty"`
	Message string `json:"message,omitempty"`
	URL     string `json:"url,omitempty"`
	// Sent is the result sent, absent when the ask was refused.
	Sent json.RawMessage `json:"sent,omitempty"`
	// Error says why the ask was refused.
	Error string `json:"error,omitempty"`
}

// MaxRecords bounds the records a Log keeps: a server that asks without
// end (up to --max-asks per request, over many requests) must not grow
// memory with every answer. Asks past it are counted, not kept.
const MaxRecords = 1000

// Log records asks and answers, the first MaxRecords of them. It is safe
// for concurrent use.
type Log struct {
	mu         sync.Mutex
	records    []Record
	omitted    int
	unanswered *client.UnansweredError
}

func (l *Log) add(a client.Ask, word string, sent json.RawMessage, err error) {
	s := Summarize(a)
	r := Record{Kind: a.Kind, Tool: a.Tool, Round: a.Round, Key: a.Key, Answer: word,
		Mode: s.Mode, Message: s.Message, URL: s.URL, Sent: sent}
	if err != nil {
		r.Error = err.Error()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.records) < MaxRecords {
		l.records = append(l.records, r)
	} else {
		l.omitted++
	}
	var ue *client.UnansweredError
	if l.unanswered == nil && errors.As(err, &ue) {
		l.unanswered = ue
	}
}

// Records returns what was recorded, in the order asked; never nil.
func (l *Log) Records() []Record {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Record{}, l.records...)
}

// Omitted returns how many asks were answered past MaxRecords, and not
// recorded.
func (l *Log) Omitted() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.omitted
}

// Unanswered returns the first ask no policy answered, or nil.
func (l *Log) Unanswered() *client.UnansweredError {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.unanswered
}

// Summary is what an ask says, for the words a surface shows.
type Summary struct {
	// Mode is an elicitation's mode: "form" (also when omitted) or "url".
	Mode string
	// Message is an elicitation's message, or the text of a sampling
	// request's last message when that is text.
	Message string
	// URL is a URL-mode elicitation's URL.
	URL string
	// Messages counts a sampling request's messages.
	Messages int
}

// Summarize reads what a says from its params; params it cannot read
// leave the summary empty.
func Summarize(a client.Ask) Summary {
	switch a.Kind {
	case client.AskElicit:
		p, _ := a.Elicitation()
		return Summary{Mode: p.Mode, Message: p.Message, URL: p.URL}
	case client.AskSample:
		var p struct {
			Messages []struct {
				Content json.RawMessage `json:"content"`
			} `json:"messages"`
		}
		_ = json.Unmarshal(a.Params, &p)
		s := Summary{Messages: len(p.Messages)}
		if n := len(p.Messages); n > 0 {
			var text struct {
				Type string `json:"type"`
				Text string `json:"text"`
			}
			if json.Unmarshal(p.Messages[n-1].Content, &text) == nil && text.Type == "text" {
				s.Message = text.Text
			}
		}
		return s
	}
	return Summary{}
}
