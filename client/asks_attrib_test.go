package client_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/asks"
)

// TestAsksWhichTool: with two calls in flight, an ask names its call when
// the call's own stream carried it (streamable HTTP, and every 2026-07-28
// input round); a legacy server request over stdio or SSE names no call
// while both are in flight, and never the wrong one.
func TestAsksWhichTool(t *testing.T) {
	t.Parallel()
	tests := []struct {
		kind  string
		era   asks.Era
		named bool
	}{
		{"stdio", asks.Legacy, false},
		{"sse", asks.Legacy, false},
		{"http", asks.Legacy, true},
		{"stdio", asks.Modern, true},
		{"http", asks.Modern, true},
	}
	for _, tt := range tests {
		t.Run(tt.kind+"/"+string(tt.era), func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			byMessage := map[string]string{}
			both := make(chan struct{})
			answer := func(ctx context.Context, a client.Ask) (json.RawMessage, error) {
				var p struct {
					Message string `json:"message"`
				}
				_ = json.Unmarshal(a.Params, &p)
				mu.Lock()
				byMessage[p.Message] = a.Tool
				if len(byMessage) == 2 && tt.named {
					close(both)
				}
				mu.Unlock()
				// Keep both calls in flight until both are asked about. Asks
				// that name no call take turns, so the first of those gives
				// up waiting for the second after a while.
				select {
				case <-both:
				case <-time.After(2 * time.Second):
				case <-ctx.Done():
					return nil, ctx.Err()
				}
				return json.RawMessage(`{"action":"decline"}`), nil
			}
			s, _ := connectAsks(t, tt.kind, tt.era, client.Options{Answer: answer})
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			var wg sync.WaitGroup
			for _, tool := range []string{"elicit_form", "elicit_url"} {
				wg.Go(func() {
					if _, err := s.CallTool(ctx, tool, []byte(`{}`), nil); err != nil {
						t.Errorf("%s: %v", tool, err)
					}
				})
			}
			wg.Wait()
			want := map[string]string{"Who is calling?": "elicit_form", "Connect your account.": "elicit_url"}
			for msg, tool := range want {
				got := byMessage[msg]
				// Without a stream to go by, the first ask may arrive
				// before the second call starts and name the only call
				// then in flight; it must never name the other one.
				if got != tool && (tt.named || got != "") {
					t.Errorf("ask %q names tool %q, want %q", msg, got, tool)
				}
			}
		})
	}
}

// TestAsksFramesGrouped: a legacy server request answered for a call, and
// the answer, are in the call's frame group.
func TestAsksFramesGrouped(t *testing.T) {
	t.Parallel()
	for _, kind := range transports {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			log := &askLog{answers: map[client.AskKind]string{client.AskElicit: `{"action":"cancel"}`}}
			s, _ := connectAsks(t, kind, asks.Legacy, client.Options{Answer: log.answer})
			if _, err := s.CallTool(context.Background(), "elicit_form", []byte(`{}`), nil); err != nil {
				t.Fatal(err)
			}
			frames, _ := s.Frames()
			groups := map[string]int64{}
			for _, f := range frames {
				var m struct {
					Method string          `json:"method"`
					Result json.RawMessage `json:"result"`
				}
				_ = json.Unmarshal(f.Data, &m)
				key := f.Dir.String() + m.Method
				if m.Method == "" {
					key = f.Dir.String() + "result"
				}
				if _, seen := groups[key]; !seen || f.Group != 0 {
					groups[key] = f.Group
				}
			}
			call := groups["→tools/call"]
			for _, key := range []string{"←elicitation/create", "→result", "←result"} {
				if call == 0 || groups[key] != call {
					t.Errorf("%s in group %d, the call in %d: %v", key, groups[key], call, groups)
				}
			}
		})
	}
}

// TestAsksOneAtATime: two questions of one call reach the Answerer one
// after the other, on both eras (on legacy the server sends both at once),
// and on 2026-07-28 in key order within the round.
func TestAsksOneAtATime(t *testing.T) {
	t.Parallel()
	for _, era := range eras {
		t.Run(string(era), func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			active, most := 0, 0
			var keys []string
			answer := func(ctx context.Context, a client.Ask) (json.RawMessage, error) {
				mu.Lock()
				active++
				most = max(most, active)
				keys = append(keys, a.Key)
				mu.Unlock()
				// Give a second question the chance to arrive while this
				// one is open; a bound, not synchronisation.
				select {
				case <-time.After(200 * time.Millisecond):
				case <-ctx.Done():
				}
				mu.Lock()
				active--
				mu.Unlock()
				return json.RawMessage(`{"action":"decline"}`), nil
			}
			s, _ := connectAsks(t, "stdio", era, client.Options{Answer: answer})
			res, err := s.CallTool(context.Background(), "pair", []byte(`{}`), nil)
			if err != nil || res.IsError {
				t.Fatalf("pair: %v %v", err, res)
			}
			mu.Lock()
			defer mu.Unlock()
			if most != 1 || len(keys) != 2 {
				t.Errorf("%d questions open at once, %d asked; want 1 and 2", most, len(keys))
			}
			if era == asks.Modern && (keys[0] != "first" || keys[1] != "second") {
				t.Errorf("keys asked in order %q", keys)
			}
		})
	}
}
