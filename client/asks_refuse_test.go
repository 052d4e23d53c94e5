package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/asks"
)

// TestAsksUnanswered: with no Answer, a call whose server asks for
// something fails with the *UnansweredError naming the ask and the tool,
// on both eras over every transport, whatever the server then answered.
func TestAsksUnanswered(t *testing.T) {
	t.Parallel()
	for _, kind := range transports {
		for _, era := range eras {
			t.Run(kind+"/"+string(era), func(t *testing.T) {
				t.Parallel()
				s, _ := connectAsks(t, kind, era, client.Options{})
				_, err := s.CallTool(context.Background(), "elicit_form", []byte(`{}`), nil)
				var u *client.UnansweredError
				if !errors.As(err, &u) || !errors.Is(err, client.ErrNoAnswer) {
					t.Fatalf("err = %v, want an UnansweredError", err)
				}
				if u.Ask.Kind != client.AskElicit || u.Ask.Tool != "elicit_form" || !strings.Contains(string(u.Ask.Params), "Who is calling?") {
					t.Errorf("ask = %+v (params %s)", u.Ask, u.Ask.Params)
				}
			})
		}
	}
}

// TestAsksCancelEndsAnswer: cancelling a call while the Answerer waits (a
// person with the form open) cancels the call and ends the Answerer's
// context.
func TestAsksCancelEndsAnswer(t *testing.T) {
	t.Parallel()
	for _, kind := range transports {
		for _, era := range eras {
			t.Run(kind+"/"+string(era), func(t *testing.T) {
				t.Parallel()
				entered, ended := make(chan struct{}), make(chan struct{})
				answer := func(ctx context.Context, _ client.Ask) (json.RawMessage, error) {
					close(entered)
					<-ctx.Done()
					close(ended)
					return nil, ctx.Err()
				}
				s, _ := connectAsks(t, kind, era, client.Options{Answer: answer})
				ctx, cancel := context.WithCancel(context.Background())
				go func() {
					<-entered
					cancel()
				}()
				_, err := s.CallTool(ctx, "elicit_form", []byte(`{}`), nil)
				if !errors.Is(err, client.ErrCancelled) {
					t.Errorf("err = %v, want ErrCancelled", err)
				}
				select {
				case <-ended:
				case <-time.After(5 * time.Second):
					t.Fatal("the Answerer's context did not end with the call")
				}
			})
		}
	}
}

// TestAsksPauseTimeout: the call's timeout does not run while a person
// answers; a call whose answer takes three timeouts still succeeds.
func TestAsksPauseTimeout(t *testing.T) {
	t.Parallel()
	for _, era := range eras {
		t.Run(string(era), func(t *testing.T) {
			t.Parallel()
			const timeout = 300 * time.Millisecond
			answer := func(ctx context.Context, _ client.Ask) (json.RawMessage, error) {
				// A slow person, not synchronisation: the answer comes
				// after the timeout would have fired three times.
				select {
				case <-time.After(3 * timeout):
				case <-ctx.Done():
					return nil, ctx.Err()
				}
				return json.RawMessage(`{"action":"decline"}`), nil
			}
			s, _ := connectAsks(t, "stdio", era, client.Options{Answer: answer, Timeout: timeout})
			res, err := s.CallTool(context.Background(), "elicit_form", []byte(`{}`), nil)
			if err != nil || !strings.Contains(string(res.Raw), "decline") {
				t.Fatalf("call: %v %v", err, res)
			}
		})
	}
}

// TestAsksCapabilitiesOnWire: the session declares elicitation (form and
// URL), sampling with tools, roots with listChanged and the tasks
// extension, in initialize on legacy and in every request's _meta on
// 2026-07-28.
func TestAsksCapabilitiesOnWire(t *testing.T) {
	t.Parallel()
	for _, era := range eras {
		t.Run(string(era), func(t *testing.T) {
			t.Parallel()
			s, _ := connectAsks(t, "stdio", era, client.Options{})
			if _, err := s.ListTools(context.Background()); err != nil {
				t.Fatal(err)
			}
			frames, _ := s.Frames()
			method := "initialize"
			if era == asks.Modern {
				method = "tools/list"
			}
			var caps json.RawMessage
			for _, f := range frames {
				var m struct {
					Method string `json:"method"`
					Params struct {
						Capabilities json.RawMessage `json:"capabilities"`
						Meta         struct {
							Capabilities json.RawMessage `json:"io.modelcontextprotocol/clientCapabilities"`
						} `json:"_meta"`
					} `json:"params"`
				}
				if f.Dir == client.Sent && json.Unmarshal(f.Data, &m) == nil && m.Method == method {
					caps = m.Params.Capabilities
					if era == asks.Modern {
						caps = m.Params.Meta.Capabilities
					}
				}
			}
			var got map[string]any
			_ = json.Unmarshal(caps, &got)
			b, _ := json.Marshal(got)
			want := `{"elicitation":{"form":{},"url":{}},"extensions":{"io.modelcontextprotocol/tasks":{}},"roots":{"listChanged":true},"sampling":{"tools":{}}}`
			if string(b) != want {
				t.Errorf("%s declares %s, want %s", method, b, want)
			}
		})
	}
}

// TestAsksRefusedModern: on 2026-07-28 an Answerer's refusal ends the call
// with that refusal, never taken for a transport failure (this one wraps
// io.EOF, as a policy file cut short would).
func TestAsksRefusedModern(t *testing.T) {
	t.Parallel()
	refusal := fmt.Errorf("read the answer file: %w", io.EOF)
	for _, kind := range modernTransports {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, _ := connectAsks(t, kind, asks.Modern, client.Options{Answer: func(context.Context, client.Ask) (json.RawMessage, error) {
				return nil, refusal
			}})
			_, err := s.CallTool(context.Background(), "elicit_form", []byte(`{}`), nil)
			if !errors.Is(err, refusal) || errors.Is(err, client.ErrConnectionLost) || !strings.HasPrefix(err.Error(), "call elicit_form: round 1: ") {
				t.Errorf("err = %v, want the refusal", err)
			}
		})
	}
}

// TestAsksSlowAnswerHTTP: over streamable HTTP an answer that comes after
// mcp-go stopped waiting for it (30 s there, shortened here) is posted by
// toolbench and still reaches the server.
func TestAsksSlowAnswerHTTP(t *testing.T) {
	t.Parallel()
	answer := func(ctx context.Context, _ client.Ask) (json.RawMessage, error) {
		// A slow person: the answer comes after the wait below.
		select {
		case <-time.After(300 * time.Millisecond):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return json.RawMessage(`{"action":"accept","content":{"name":"Slow"}}`), nil
	}
	s, f := connectAsks(t, "http", asks.Legacy, client.Options{Answer: answer})
	client.SetAnswerWait(s, 20*time.Millisecond)
	res, err := s.CallTool(context.Background(), "elicit_form", []byte(`{}`), nil)
	if err != nil || !strings.Contains(string(res.Raw), jsonText(`"name":"Slow"`)) {
		t.Fatalf("call: %v %v", err, res)
	}
	r := f.recorded()
	if len(r) == 0 || !strings.Contains(string(r[len(r)-1].Responses["form"]), `"Slow"`) {
		t.Errorf("server recorded %+v", r)
	}
}

// TestAsksRefusalSaid: on legacy, where a refusal goes to the server as an
// error the call may survive, the person is told why in a diagnostic: here
// an answer that is not a JSON object.
func TestAsksRefusalSaid(t *testing.T) {
	t.Parallel()
	diags := &eventsOf[client.DiagnosticEvent]{}
	s, _ := connectAsks(t, "stdio", asks.Legacy, client.Options{OnEvent: diags.on,
		Answer: func(context.Context, client.Ask) (json.RawMessage, error) { return json.RawMessage(`[1]`), nil }})
	_, _ = s.CallTool(context.Background(), "elicit_form", []byte(`{}`), nil)
	var found bool
	for _, d := range diags.all() {
		found = found || (d.Level == "WARN" && strings.Contains(d.Message, "elicitation/create: the answer is not a JSON object"))
	}
	if !found {
		t.Errorf("no diagnostic says why the answer was refused: %+v", diags.all())
	}
}
