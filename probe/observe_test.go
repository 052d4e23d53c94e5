package probe

import (
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
)

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
