package probe

import (
	"encoding/json"
	"strings"
	"sync"

	"github.com/toolbench/toolbench/client"
)

// Observer notes the requests a server sends toolbench (elicitation,
// sampling, roots) by watching the session's frames, so the report can say
// which calls asked for input; the answers themselves come from the
// command's policies, through client.Options.Answer.
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
