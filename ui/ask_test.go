package ui

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/jsondoc"
)

// askOutcome is what one ask got back, as the client goroutine saw it.
type askOutcome struct {
	result json.RawMessage
	err    error
}

// callAsking makes the fake's calls ask each of asks in turn, as a server
// does during a call, then calls no_params and waits for the first modal.
// The channel receives what each ask got back.
func (h *harness) callAsking(s *fakeSession, asks ...client.Ask) chan askOutcome {
	h.t.Helper()
	return h.callAskingHeld(s, nil, asks...)
}

// callAskingHeld is callAsking whose call, once every ask is answered,
// returns only when hold is closed (nil: at once), as a server that waits
// for an out-of-band interaction does.
func (h *harness) callAskingHeld(s *fakeSession, hold chan struct{}, asks ...client.Ask) chan askOutcome {
	h.t.Helper()
	out := make(chan askOutcome, len(asks))
	s.call = func(ctx context.Context, _ string, _ []byte, _ func(client.ProgressEvent)) (*client.CallResult, error) {
		answer := s.answerer()
		for _, a := range asks {
			r, err := answer(ctx, a)
			out <- askOutcome{result: r, err: err}
			if err != nil {
				return nil, err
			}
		}
		if hold != nil {
			select {
			case <-hold:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		return client.ParseCallResult(json.RawMessage(`{"content":[{"type":"text","text":"done"}]}`))
	}
	h.leaveCalls = true
	h.selectTool("no_params")
	h.key("ctrl+s")
	h.pumpUntil("the modal opens", func() bool { return h.m.asks.modal != nil })
	return out
}

// finishCall waits for the running call to end.
func (h *harness) finishCall() {
	h.t.Helper()
	h.pumpUntil("the call ends", func() bool { return !h.m.callRunning() })
	h.leaveCalls = false
	h.settle()
}

func elicitAsk(t *testing.T, schemaFile, message string) client.Ask {
	t.Helper()
	schema, err := os.ReadFile(schemaFile)
	if err != nil {
		t.Fatal(err)
	}
	params, _ := json.Marshal(map[string]any{"message": message, "requestedSchema": json.RawMessage(schema)})
	return client.Ask{Kind: client.AskElicit, Params: params}
}

// sameJSON fails unless got and want are the same JSON value.
func sameJSON(t *testing.T, got json.RawMessage, want string) {
	t.Helper()
	if !jsondoc.Equal(got, []byte(want)) {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// TestElicitFormModal: the everything server's form opens over the call
// with who asks, the message and every default filled in; each of accept,
// decline and cancel answers as the spec says.
func TestElicitFormModal(t *testing.T) {
	t.Parallel()
	defaults := `"firstLine":"It was a dark and stormy night.","integer":42,"number":3.14,"untitledSingleSelectEnum":"Monica",` +
		`"untitledMultipleSelectEnum":["Guitar"],"titledSingleSelectEnum":"hero-1","titledMultipleSelectEnum":["fish-1"],"legacyTitledEnum":"pet-1"`
	cases := []struct {
		name string
		keys func(h *harness)
		want string
	}{
		{"accept", func(h *harness) { h.typeText("Ada Lovelace"); h.key("enter", "ctrl+s") },
			`{"action":"accept","content":{"name":"Ada Lovelace",` + defaults + `}}`},
		{"decline", func(h *harness) { h.key("alt+d") }, `{"action":"decline"}`},
		{"cancel", func(h *harness) { h.key("esc", "y") }, `{"action":"cancel"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			h := newHarness(t, s)
			got := h.callAsking(s, elicitAsk(t, "testdata/everything.elicitation.json", "Please provide inputs for the following fields:"))
			view := h.view()
			for _, want := range []string{"The server asks: elicitation", "fake-server asks during the call of no_params",
				"Please provide inputs", "It was a dark and stormy night.", "Monica", "ctrl+s accept"} {
				if !strings.Contains(view, want) {
					t.Errorf("the modal lacks %q:\n%s", want, view)
				}
			}
			c.keys(h)
			out := <-got
			if out.err != nil {
				t.Fatal(out.err)
			}
			sameJSON(t, out.result, c.want)
			h.finishCall()
			if h.m.asks.modal != nil || strings.Contains(h.view(), "The server asks") {
				t.Errorf("the modal is still open:\n%s", h.view())
			}
		})
	}
}

// TestElicitSecretWarning: a form asking for a password, a token or an API
// key gets a warning; one that does not, none.
func TestElicitSecretWarning(t *testing.T) {
	t.Parallel()
	cases := []struct {
		schema string
		warn   string
	}{
		{`{"type":"object","properties":{"pin":{"type":"string","format":"password"}}}`, "(pin)"},
		{`{"type":"object","properties":{"key":{"type":"string","title":"Your API key"},"tok":{"type":"string","description":"a GitHub token"}}}`, "(key, tok)"},
		{`{"type":"object","properties":{"name":{"type":"string"}}}`, ""},
	}
	for _, c := range cases {
		t.Run(c.schema, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			h := newHarness(t, s)
			params, _ := json.Marshal(map[string]any{"message": "m", "requestedSchema": json.RawMessage(c.schema)})
			got := h.callAsking(s, client.Ask{Kind: client.AskElicit, Params: params})
			view := h.view()
			if has := strings.Contains(view, "looks like a secret"); has != (c.warn != "") || !strings.Contains(view, c.warn) {
				t.Errorf("warning %q wanted:\n%s", c.warn, view)
			}
			h.key("esc", "y")
			<-got
			h.finishCall()
		})
	}
}

// TestElicitRawFallback: a requestedSchema the form cannot express is
// edited as JSON, and says so.
func TestElicitRawFallback(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	params := json.RawMessage(`{"message":"m","requestedSchema":"not a schema object"}`)
	got := h.callAsking(s, client.Ask{Kind: client.AskElicit, Params: params})
	if !strings.Contains(h.view(), "edit the content as JSON") {
		t.Errorf("no note on the raw fallback:\n%s", h.view())
	}
	h.key("alt+d")
	sameJSON(t, (<-got).result, `{"action":"decline"}`)
	h.finishCall()
}

// TestCancelCallClosesModal: ctrl+x in a modal cancels the call, the ask
// gets an error, and the modal closes.
func TestCancelCallClosesModal(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	got := h.callAsking(s, elicitAsk(t, "testdata/everything.elicitation.json", "m"))
	h.key("ctrl+x")
	out := <-got
	if out.err == nil {
		t.Fatalf("the ask was answered %s after the call was cancelled", out.result)
	}
	h.finishCall()
	if h.m.asks.modal != nil || strings.Contains(h.view(), "The server asks") {
		t.Errorf("the modal is still open:\n%s", h.view())
	}
}

// TestAskWithdrawnWhenItsContextEnds: an ask whose call ends on the
// server's side (its context ends) closes its modal.
func TestAskWithdrawnWhenItsContextEnds(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := s.answerer()(ctx, elicitAsk(t, "testdata/everything.elicitation.json", "m"))
		done <- err
	}()
	h.pumpUntil("the modal opens", func() bool { return h.m.asks.modal != nil })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("the ask ended with %v, want context.Canceled", err)
	}
	h.pumpUntil("the modal closes", func() bool { return h.m.asks.modal == nil })
	if !strings.Contains(h.view(), "withdrawn") {
		t.Errorf("the status does not say the question was withdrawn:\n%s", h.view())
	}
}

// TestAsksQueue: a second ask waits until the first is answered, then
// shows.
func TestAsksQueue(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	results := make(chan string, 2)
	for _, msg := range []string{"first question", "second question"} {
		params, _ := json.Marshal(map[string]any{"message": msg, "requestedSchema": map[string]any{"type": "object"}})
		go func() {
			r, _ := s.answerer()(context.Background(), client.Ask{Kind: client.AskElicit, Params: params})
			results <- msg + " " + string(r)
		}()
		h.pumpUntil("the ask is queued", func() bool {
			return len(h.m.asks.queue) > 0 && strings.Contains(string(h.m.asks.queue[len(h.m.asks.queue)-1].ask.Params), msg)
		})
	}
	if v := h.view(); !strings.Contains(v, "first question") || strings.Contains(v, "second question") {
		t.Fatalf("the first question should show alone:\n%s", v)
	}
	h.key("alt+d")
	if r := <-results; r != `first question {"action":"decline"}` {
		t.Errorf("first answer: %s", r)
	}
	if v := h.view(); !strings.Contains(v, "second question") {
		t.Fatalf("the second question does not show:\n%s", v)
	}
	h.key("esc", "y")
	if r := <-results; r != `second question {"action":"cancel"}` {
		t.Errorf("second answer: %s", r)
	}
}

// TestAsksLeaveNoGoroutines: however a question ends (answered, its call
// cancelled, the workbench quit with the modal open), the goroutine that
// asked returns, and nothing the modals started is left behind.
func TestAsksLeaveNoGoroutines(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) })
	cases := []struct {
		name string
		end  func(h *harness)
		want error
	}{
		{"answered", func(h *harness) { h.key("alt+d") }, nil},
		{"cancelled", func(h *harness) { h.key("ctrl+x") }, errWithdrawn},
		{"quit", func(h *harness) { h.key("ctrl+c", "y") }, errWithdrawn},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			h := newHarness(t, s)
			got := h.callAsking(s, elicitAsk(t, "testdata/everything.elicitation.json", "m"), samplingAsk(false))
			c.end(h)
			out := <-got
			// Cancelling ends the ask's context as the workbench withdraws
			// it: either may reach the asker first.
			if !errors.Is(out.err, c.want) && (c.want == nil || !errors.Is(out.err, context.Canceled)) {
				t.Errorf("the ask ended with %s, %v; want %v", out.result, out.err, c.want)
			}
			if c.want == nil {
				h.pumpUntil("the sampling modal opens", func() bool { return h.m.asks.modal != nil && h.m.asks.modal.Title() == "Sampling request" })
				h.key("alt+d")
				if out := <-got; !errors.Is(out.err, errRejected) {
					t.Errorf("the second ask ended with %s, %v", out.result, out.err)
				}
			}
			h.pumpUntil("the call ends", func() bool { return !h.m.callRunning() })
		})
	}
}

// TestCancelWithoutCallRefusesOneQuestion: a question asked outside any
// call (a legacy server may ask at any time) is refused alone by ctrl+x;
// the next one shows.
func TestCancelWithoutCallRefusesOneQuestion(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	results := make(chan error, 2)
	for _, msg := range []string{"first", "second"} {
		params, _ := json.Marshal(map[string]any{"message": msg, "requestedSchema": map[string]any{"type": "object"}})
		go func() {
			_, err := s.answerer()(context.Background(), client.Ask{Kind: client.AskElicit, Params: params})
			results <- err
		}()
		h.pumpUntil("the ask is queued", func() bool {
			q := h.m.asks.queue
			return len(q) > 0 && strings.Contains(string(q[len(q)-1].ask.Params), msg)
		})
	}
	h.key("ctrl+x")
	if err := <-results; !errors.Is(err, errWithdrawn) {
		t.Errorf("the first question ended with %v", err)
	}
	if !strings.Contains(h.view(), "second") {
		t.Fatalf("the second question does not show:\n%s", h.view())
	}
	h.key("ctrl+x")
	<-results
}
