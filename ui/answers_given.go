package ui

import (
	"encoding/json"
	"errors"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/screen"
	askscreen "github.com/toolbench/toolbench/ui/screens/ask"
)

// givenAnswers are what the person answered the server's questions with
// during one call, in the shapes a collection test's elicit and sample
// take, so the call saved as a test answers as the person did. A test
// answers every ask of a kind alike, so the first answer of each kind is
// kept.
type givenAnswers struct {
	elicit json.RawMessage
	sample json.RawMessage
	// withheld names the secret-looking fields of a form whose answer is
	// not kept: a test file is no place for a password.
	withheld []string
}

// givenByCall are the answers given during each call on its way, by
// request, and during each tool's last call, by tool: the call saved as a
// test answers with them.
type givenByCall struct {
	running map[int]*givenAnswers
	last    map[string]givenAnswers
}

func newGivenByCall() givenByCall {
	return givenByCall{running: map[int]*givenAnswers{}, last: map[string]givenAnswers{}}
}

// note records the answer to ask, given during call req.
func (g *givenByCall) note(req int, ask client.Ask, out screen.Answer) {
	a := g.running[req]
	if a == nil {
		a = &givenAnswers{}
		g.running[req] = a
	}
	a.note(ask, out)
}

// ended makes the answers given during call req those of tool's last
// call.
func (g *givenByCall) ended(req int, tool string) {
	if a := g.running[req]; a != nil {
		g.last[tool] = *a
	} else {
		delete(g.last, tool)
	}
	delete(g.running, req)
}

// forget drops the answers of tool's last call, replaced by a result
// that came with none (a task's).
func (g *givenByCall) forget(tool string) { delete(g.last, tool) }

// note records the answer to ask. A withdrawn or unreadable ask was
// answered by no one and leaves nothing.
func (g *givenAnswers) note(ask client.Ask, out screen.Answer) {
	switch ask.Kind {
	case client.AskElicit:
		if g.elicit != nil || g.withheld != nil || out.Err != nil {
			return
		}
		shape := elicitShape(out.Result)
		if e, err := ask.Elicitation(); err == nil && len(shape) > 0 && shape[0] == '{' {
			if g.withheld = askscreen.SecretFields(e.RequestedSchema); g.withheld != nil {
				return
			}
		}
		g.elicit = shape
	case client.AskSample:
		switch {
		case g.sample != nil:
		case errors.Is(out.Err, errRejected):
			g.sample = json.RawMessage(`"reject"`)
		case out.Err == nil && out.Result != nil:
			g.sample = out.Result
		}
	}
}

// elicitShape turns an ElicitResult into a test's elicit: the content an
// accepted form sent, "accept-defaults" for an accept without content (a
// URL-mode one), or the action's name.
func elicitShape(result json.RawMessage) json.RawMessage {
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
