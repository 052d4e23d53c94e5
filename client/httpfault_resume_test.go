package client_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/httpfault"
)

// TestStreamableResumption: the server ends a call's response stream after
// two events; mcp-go's client resumes it with a GET carrying Last-Event-ID,
// the server replays the rest, and the call completes. The session's events
// show the resumption between the second and third progress notification,
// and every notification exactly once.
func TestStreamableResumption(t *testing.T) {
	t.Parallel()
	ep, target := startBroken(t, "http", httpfault.ResumableCallStream)
	var mu sync.Mutex
	var seen []string // "progress N", "resume", "result"
	s, err := client.Connect(context.Background(), target, client.Options{Timeout: faultTimeout,
		OnEvent: func(e client.Event) {
			mu.Lock()
			defer mu.Unlock()
			switch ev := e.(type) {
			case client.DiagnosticEvent:
				if strings.Contains(ev.Message, "resuming it (GET with Last-Event-ID") {
					seen = append(seen, "resume")
				}
			case client.FrameEvent:
				if label := frameLabel(ev.Frame); label != "" {
					seen = append(seen, label)
				}
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v := s.Info().ProtocolVersion; v != mcp.LATEST_LEGACY_PROTOCOL_VERSION {
		t.Fatalf("protocol %s: resumable streams need a handshake-era version", v)
	}
	var steps []float64
	res, err := s.CallTool(context.Background(), "progress", []byte(`{"steps":4,"delay_ms":50}`),
		func(p client.ProgressEvent) {
			mu.Lock()
			steps = append(steps, p.Progress)
			mu.Unlock()
		})
	if err != nil || len(res.Texts()) != 1 || res.Texts()[0] != "done after 4 steps" {
		t.Fatalf("call: %v %+v", err, res)
	}
	mu.Lock()
	defer mu.Unlock()
	// With the GET event stream open, the server may send the rest of the
	// cut stream's notifications there before the client resumes; either
	// way each arrives once, in order, and the resumption follows the cut.
	got := strings.Join(seen, ",")
	want := []string{"progress 1,progress 2,resume,progress 3,progress 4,result",
		"progress 1,progress 2,progress 3,resume,progress 4,result",
		"progress 1,progress 2,progress 3,progress 4,resume,result"}
	if !slices.Contains(want, got) {
		t.Errorf("events = %s\nwant one of %q", got, want)
	}
	if len(steps) != 4 {
		t.Errorf("progress callbacks = %v, want 1 to 4 once each", steps)
	}
	journal := strings.Join(ep.Journal(), "\n")
	if !strings.Contains(journal, "ended the response stream after 2 events") || !strings.Contains(journal, "GET with Last-Event-ID") {
		t.Errorf("the server did not cut and replay:\n%s", journal)
	}
}

// frameLabel names the received frames the resumption test follows.
func frameLabel(f client.Frame) string {
	if f.Dir != client.Received {
		return ""
	}
	var m struct {
		Method string `json:"method"`
		Params struct {
			Progress float64 `json:"progress"`
		} `json:"params"`
		Result struct {
			Content json.RawMessage `json:"content"`
		} `json:"result"`
	}
	if json.Unmarshal(f.Data, &m) != nil {
		return ""
	}
	switch {
	case m.Method == string(mcp.MethodNotificationProgress):
		return fmt.Sprintf("progress %g", m.Params.Progress)
	case m.Result.Content != nil:
		return "result"
	}
	return ""
}
