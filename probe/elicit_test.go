package probe

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
)

func TestElicitPolicies(t *testing.T) {
	t.Parallel()
	schema := json.RawMessage(`{"type":"object","properties":{
		"name":{"type":"string"},
		"color":{"type":"string","enum":["red","green"],"default":"green"},
		"count":{"type":"integer","minimum":1,"maximum":10,"default":5},
		"agree":{"type":"boolean"}},"required":["name","agree"]}`)
	tests := []struct {
		policy  string
		action  string
		content string
	}{
		{"accept-defaults", "accept", `{"agree":false,"color":"green","count":5,"name":"example"}`},
		{"decline", "decline", ""},
		{"cancel", "cancel", ""},
	}
	for _, tt := range tests {
		p, err := ParseElicitPolicy(tt.policy)
		if err != nil {
			t.Fatal(err)
		}
		got, err := p.Elicit(schema)
		if err != nil || got.Action != tt.action || string(got.Content) != tt.content {
			t.Errorf("%s: %+v %v", tt.policy, got, err)
		}
		if _, err := p.Sample(); (err == nil) != (tt.policy == "accept-defaults") {
			t.Errorf("%s sampling: %v", tt.policy, err)
		}
	}
	if _, err := ParseElicitPolicy("maybe"); err == nil {
		t.Error("unknown policy accepted")
	}
}

func TestObserverSeesServerRequests(t *testing.T) {
	t.Parallel()
	o := &Observer{}
	frame := func(dir client.Direction, data string) client.Event {
		return client.FrameEvent{Frame: client.Frame{At: time.Now(), Dir: dir, Data: []byte(data)}}
	}
	o.Observe(frame(client.Received, `{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{}}`))
	o.Observe(frame(client.Received, `{"jsonrpc":"2.0","method":"notifications/progress","params":{}}`))
	o.Observe(frame(client.Sent, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}`))
	o.Observe(frame(client.Received, `{"jsonrpc":"2.0","id":1,"result":{"resultType":"input_required","inputRequests":{}}}`))
	o.Observe(frame(client.Received, `{"jsonrpc":"2.0","id":2,"result":{"content":[]}}`))
	o.Observe(client.StderrEvent{At: time.Now(), Line: "hello"})
	got := o.take()
	if len(got) != 2 || got[0] != "elicitation/create" || got[1] != "input_required" {
		t.Errorf("seen %q", got)
	}
	if again := o.take(); again != nil {
		t.Errorf("take did not forget: %q", again)
	}
	var none *Observer
	if none.take() != nil {
		t.Error("nil observer saw something")
	}
}
