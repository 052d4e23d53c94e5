package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/asks"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// modernTransports are the transports the modern asks fixture serves on.
var modernTransports = []string{"stdio", "sse", "http"}

// TestMRTRRounds: a call of three input rounds is driven to its end; each
// round's ask carries its round, key and tool; every retry echoes the
// requestState byte for byte under a new id; all the call's frames share
// one group.
func TestMRTRRounds(t *testing.T) {
	t.Parallel()
	for _, kind := range modernTransports {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			log := &askLog{answers: map[client.AskKind]string{client.AskElicit: `{"action":"accept","content":{"ok":true}}`}}
			s, f := connectAsks(t, kind, asks.Modern, client.Options{Answer: log.answer})
			wantEra(t, s, asks.Modern)
			res, err := s.CallTool(context.Background(), "rounds", []byte(`{"n":3}`), nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.IsError || len(res.Content) != 1 || res.Content[0].Text != "finished after 3 rounds" {
				t.Fatalf("result %s", res.Raw)
			}
			asked := log.all()
			if len(asked) != 3 {
				t.Fatalf("asked %d times, want 3: %+v", len(asked), asked)
			}
			for i, a := range asked {
				if a.Round != i+1 || a.Key != "step"+string(rune('1'+i)) || a.Tool != "rounds" || a.Kind != client.AskElicit {
					t.Errorf("ask %d = %+v", i, a)
				}
			}
			var states []string
			for _, r := range f.recorded() {
				states = append(states, r.RequestState)
			}
			want := []string{"", asks.State(1), asks.State(2), asks.State(3)}
			if strings.Join(states, "|") != strings.Join(want, "|") {
				t.Errorf("server got requestStates %q, want %q", states, want)
			}
			checkRoundFrames(t, s, 4)
		})
	}
}

// checkRoundFrames checks the tools/call frames of the session's only call:
// n requests with distinct ids in one group, and each retry's requestState
// the bytes of the previous reply's.
func checkRoundFrames(t *testing.T, s *client.Session, n int) {
	t.Helper()
	frames, _ := s.Frames()
	var group int64
	ids := map[string]bool{}
	var lastState json.RawMessage
	requests := 0
	for _, fr := range frames {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				RequestState json.RawMessage `json:"requestState"`
			} `json:"params"`
			Result struct {
				RequestState json.RawMessage `json:"requestState"`
			} `json:"result"`
		}
		if json.Unmarshal(fr.Data, &m) != nil || fr.Group == 0 {
			continue
		}
		if group == 0 {
			group = fr.Group
		}
		if fr.Group != group {
			t.Errorf("frame in group %d, want %d: %s", fr.Group, group, fr.Data)
		}
		switch {
		case fr.Dir == client.Sent && m.Method == "tools/call":
			requests++
			if ids[string(m.ID)] {
				t.Errorf("retry reuses id %s", m.ID)
			}
			ids[string(m.ID)] = true
			if string(m.Params.RequestState) != string(lastState) {
				t.Errorf("request %d carries requestState %s, want the reply's %s", requests, m.Params.RequestState, lastState)
			}
		case fr.Dir == client.Received:
			lastState = m.Result.RequestState
		}
	}
	if requests != n {
		t.Errorf("%d tools/call requests in the group, want %d", requests, n)
	}
}

// TestMRTRLimits: a server that never stops asking is cut off at the round
// limit, one that only asks to be retried is retried at once, and one that
// asks for nothing at all is a protocol error.
func TestMRTRLimits(t *testing.T) {
	t.Parallel()
	for _, kind := range modernTransports {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			log := &askLog{answers: map[client.AskKind]string{client.AskElicit: `{"action":"accept","content":{}}`}}
			s, f := connectAsks(t, kind, asks.Modern, client.Options{Answer: log.answer, MaxRounds: 4})
			ctx := context.Background()

			_, err := s.CallTool(ctx, "loop", []byte(`{}`), nil)
			var rounds *client.InputRoundsError
			if !errors.As(err, &rounds) || !errors.Is(err, client.ErrInputRounds) || rounds.Rounds != 4 || rounds.Name != "loop" {
				t.Errorf("loop: err = %v, want InputRoundsError after 4 rounds", err)
			}
			if !strings.Contains(err.Error(), "4 rounds") || !strings.Contains(client.HintOf(err), "stops after 4 rounds") {
				t.Errorf("loop: error %q (hint %q) does not name the rounds", err, client.HintOf(err))
			}
			if h := client.HintOf(err); strings.Contains(h, "limit") {
				t.Errorf("loop: hint %q offers a round limit no flag sets", h)
			}
			if n := len(log.all()); n != 3 {
				t.Errorf("loop: asked %d times, want 3 (the 4th round is not answered)", n)
			}

			res, err := s.CallTool(ctx, "shed", []byte(`{}`), nil)
			if err != nil || res.Content[0].Text != "retried as asked" {
				t.Errorf("shed: %v %v", err, res)
			}

			_, err = s.CallTool(ctx, "empty", []byte(`{}`), nil)
			var bad *client.InputRequiredError
			if !errors.As(err, &bad) || !strings.Contains(bad.Problem, "neither inputRequests nor requestState") ||
				bad.Round != 1 || !strings.Contains(bad.Excerpt, `"input_required"`) || client.HintOf(err) == "" {
				t.Errorf("empty: err = %v, want InputRequiredError", err)
			}

			calls := map[string]int{}
			for _, r := range f.recorded() {
				calls[r.Tool]++
			}
			if calls["loop"] != 4 || calls["shed"] != 2 || calls["empty"] != 1 {
				t.Errorf("server saw calls %v, want loop 4, shed 2, empty 1", calls)
			}
		})
	}
}

// TestMRTRStateByteForByte: the retry carries the requestState exactly as
// the server wrote it, escapes and all, not decoded and re-encoded; an
// input request of a kind no client knows is a protocol error.
func TestMRTRStateByteForByte(t *testing.T) {
	t.Parallel()
	buf := &testkit.Buffer{}
	url, stop, err := asks.StartRawModern(buf)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	log := &askLog{answers: map[client.AskKind]string{client.AskElicit: `{"action":"accept","content":{}}`}}
	s, err := client.Connect(context.Background(), target.Target{Transport: target.StreamableHTTP, URL: url},
		client.Options{Answer: log.answer, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	res, err := s.CallTool(context.Background(), "opaque", []byte(`{}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Content) != 1 || res.Content[0].Text != asks.RawSame {
		t.Errorf("result %s", res.Raw)
	}
	_, err = s.CallTool(context.Background(), "strange", []byte(`{}`), nil)
	var bad *client.InputRequiredError
	if !errors.As(err, &bad) || !strings.Contains(bad.Problem, `"weird/ask"`) || !strings.Contains(bad.Problem, `"x"`) {
		t.Errorf("strange: err = %v, want an InputRequiredError naming the request", err)
	}
}
