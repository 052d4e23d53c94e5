package probe

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/schemaform"
)

// ElicitPolicy says how an unattended probe answers a server that asks for
// input mid-call (elicitation/create, sampling/createMessage).
type ElicitPolicy string

// The policies. AcceptDefaults fills the requested form from its defaults
// (and generated values for required fields without one); Decline and
// Cancel answer with those actions.
const (
	ElicitAcceptDefaults ElicitPolicy = "accept-defaults"
	ElicitDecline        ElicitPolicy = "decline"
	ElicitCancel         ElicitPolicy = "cancel"
)

// ParseElicitPolicy reads a policy name.
func ParseElicitPolicy(s string) (ElicitPolicy, error) {
	switch p := ElicitPolicy(s); p {
	case ElicitAcceptDefaults, ElicitDecline, ElicitCancel:
		return p, nil
	}
	return "", fmt.Errorf("unknown policy %q (want accept-defaults, decline or cancel)", s)
}

// ElicitResult is the answer the policy gives to elicitation/create, shaped
// as the spec's ElicitResult.
type ElicitResult struct {
	Action  string          `json:"action"`
	Content json.RawMessage `json:"content,omitempty"`
}

// Elicit answers an elicitation request for requestedSchema. It is pure so
// that any transport hook can call it; see the package documentation of
// Observer for why the probe cannot yet install it.
func (p ElicitPolicy) Elicit(requestedSchema json.RawMessage) (ElicitResult, error) {
	switch p {
	case ElicitDecline, ElicitCancel:
		return ElicitResult{Action: string(p)}, nil
	case ElicitAcceptDefaults:
	default:
		return ElicitResult{}, fmt.Errorf("unknown elicitation policy %q", p)
	}
	form, err := schemaform.Compile(requestedSchema)
	if err != nil {
		return ElicitResult{}, fmt.Errorf("requestedSchema: %w", err)
	}
	content, err := decode(form.Example(schemaform.Minimal))
	if err != nil {
		return ElicitResult{}, fmt.Errorf("requestedSchema: %w", err)
	}
	obj, ok := content.(map[string]any)
	if !ok {
		return ElicitResult{}, fmt.Errorf("requestedSchema is not an object schema")
	}
	// Minimal fills required fields only; accepting "the defaults" means
	// every field that has one, as a person pressing enter would send.
	for _, prop := range form.Shape().Object.Properties {
		if _, set := obj[prop.Name]; !set && prop.Shape.Default != nil {
			if v, err := decode(prop.Shape.Default); err == nil {
				obj[prop.Name] = v
			}
		}
	}
	data, err := encode(obj)
	if err != nil {
		return ElicitResult{}, err
	}
	return ElicitResult{Action: "accept", Content: data}, nil
}

// SamplingResult is the answer the policy gives to sampling/createMessage,
// shaped as the spec's CreateMessageResult.
type SamplingResult struct {
	Role       string          `json:"role"`
	Content    json.RawMessage `json:"content"`
	Model      string          `json:"model"`
	StopReason string          `json:"stopReason"`
}

// Sample answers a sampling request: accept-defaults returns a fixed
// assistant text; decline and cancel return an error, which the spec has
// clients send as a JSON-RPC error when the user rejects a request.
func (p ElicitPolicy) Sample() (SamplingResult, error) {
	if p != ElicitAcceptDefaults {
		return SamplingResult{}, fmt.Errorf("sampling request refused by the probe's %s policy", p)
	}
	return SamplingResult{Role: "assistant", Model: "toolbench-probe", StopReason: "endTurn",
		Content: json.RawMessage(`{"type":"text","text":"toolbench probe: canned reply"}`)}, nil
}

// Observer notes the requests a server sends toolbench (elicitation,
// sampling, roots) by watching the session's frames, so the report can say
// which calls asked for input; the answers themselves come from the policy,
// through client.Options.Elicit and Sample.
type Observer struct {
	mu   sync.Mutex
	seen []string
}

// Observe is a client.Options.OnEvent handler (or part of one). It is safe
// for concurrent use and returns at once.
func (o *Observer) Observe(e client.Event) {
	fe, ok := e.(client.FrameEvent)
	if !ok || fe.Frame.Dir != client.Received || !json.Valid(fe.Frame.Data) {
		return
	}
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Result json.RawMessage `json:"result"`
	}
	if json.Unmarshal(fe.Frame.Data, &msg) != nil {
		return
	}
	name := ""
	switch {
	case msg.Method != "" && len(msg.ID) > 0:
		name = msg.Method
	case len(msg.Result) > 0 && strings.Contains(string(msg.Result), `"input_required"`):
		// Protocol 2026-07-28 asks for input with a result instead of a
		// request (multi round-trip requests).
		var r struct {
			ResultType string `json:"resultType"`
		}
		if json.Unmarshal(msg.Result, &r) == nil && r.ResultType == "input_required" {
			name = "input_required"
		}
	}
	if name != "" {
		o.mu.Lock()
		o.seen = append(o.seen, name)
		o.mu.Unlock()
	}
}

// take returns and forgets what was seen; a nil Observer saw nothing.
func (o *Observer) take() []string {
	if o == nil {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	out := o.seen
	o.seen = nil
	return out
}
