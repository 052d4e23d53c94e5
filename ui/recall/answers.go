package recall

import (
	"encoding/json"

	"github.com/toolbench/toolbench/client"
)

// Answers are what the person answered the server's questions with
// during one call, in the shapes a collection test's elicit and sample
// take, so the call saved as a test answers as the person did. A test
// answers every ask of a kind alike, so the first answer of each kind is
// kept.
type Answers struct {
	Elicit json.RawMessage
	Sample json.RawMessage
	// Withheld names the secret-looking fields of a form whose answer is
	// not kept: a test file is no place for a password.
	Withheld []string
}

// Reply is the person's answer to one ask, as the question's modal gave
// it.
type Reply struct {
	// Result is the answer sent to the server; nil when Err is set.
	Result json.RawMessage
	Err    error
	// Rejected says Err is the person refusing a sampling request, which
	// a test answers with "reject".
	Rejected bool
	// Secret names the asked form's secret-looking fields, if any.
	Secret []string
}

// Given are the answers given during each call on its way, by request,
// and during each tool's last call, by tool: the call saved as a test
// answers with them. The zero value is not ready: use NewGiven.
type Given struct {
	running map[int]*Answers
	last    map[string]Answers
}

// NewGiven is an empty Given.
func NewGiven() Given {
	return Given{running: map[int]*Answers{}, last: map[string]Answers{}}
}

// Note records r, the answer to ask, given during call req.
func (g *Given) Note(req int, ask client.Ask, r Reply) {
	a := g.running[req]
	if a == nil {
		a = &Answers{}
		g.running[req] = a
	}
	a.Note(ask, r)
}

// Ended makes the answers given during call req those of tool's last
// call.
func (g *Given) Ended(req int, tool string) {
	if a := g.running[req]; a != nil {
		g.last[tool] = *a
	} else {
		delete(g.last, tool)
	}
	delete(g.running, req)
}

// Forget drops the answers of tool's last call, replaced by a result
// that came with none (a task's).
func (g *Given) Forget(tool string) { delete(g.last, tool) }

// Last are the answers given during tool's last call; empty when none
// were.
func (g *Given) Last(tool string) Answers { return g.last[tool] }

// Note records r, the answer to ask. A withdrawn or unreadable ask was
// answered by no one and leaves nothing.
func (a *Answers) Note(ask client.Ask, r Reply) {
	switch ask.Kind {
	case client.AskElicit:
		if a.Elicit != nil || a.Withheld != nil || r.Err != nil {
			return
		}
		shape := ElicitShape(r.Result)
		if len(shape) > 0 && shape[0] == '{' && r.Secret != nil {
			a.Withheld = r.Secret
			return
		}
		a.Elicit = shape
	case client.AskSample:
		switch {
		case a.Sample != nil:
		case r.Rejected:
			a.Sample = json.RawMessage(`"reject"`)
		case r.Err == nil && r.Result != nil:
			a.Sample = r.Result
		}
	}
}

// ElicitShape turns an ElicitResult into a test's elicit: the content an
// accepted form sent, "accept-defaults" for an accept without content (a
// URL-mode one), or the action's name; nil for anything else.
func ElicitShape(result json.RawMessage) json.RawMessage {
	var r struct {
		Action  string          `json:"action"`
		Content json.RawMessage `json:"content"`
	}
	if json.Unmarshal(result, &r) != nil {
		return nil
	}
	switch {
	case r.Action == "accept" && len(r.Content) > 0 && string(r.Content) != "null":
		return r.Content
	case r.Action == "accept":
		return json.RawMessage(`"accept-defaults"`)
	case r.Action == "decline" || r.Action == "cancel":
		b, _ := json.Marshal(r.Action)
		return b
	}
	return nil
}
