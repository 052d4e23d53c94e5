package client_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/peer"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// TestLegacyHTTPGetStreamDeliversLogs: a legacy streamable HTTP server sends
// log messages outside any request's response stream, on the GET stream;
// server-everything's simulated logging reaches toolbench only if it opens
// that stream.
func TestLegacyHTTPGetStreamDeliversLogs(t *testing.T) {
	t.Parallel()
	url := peer.StartEverythingHTTP(t, "streamableHttp")
	var mu sync.Mutex
	var logs []client.LogEvent
	var diagnostics []string
	opts := client.Options{Timeout: 20 * time.Second, OnEvent: func(e client.Event) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := e.(type) {
		case client.LogEvent:
			logs = append(logs, ev)
		case client.DiagnosticEvent:
			diagnostics = append(diagnostics, ev.Level+" "+ev.Message)
		}
	}}
	s, err := client.Connect(context.Background(), target.Target{Transport: target.StreamableHTTP, URL: url}, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Info().Era != client.EraLegacy {
		t.Fatalf("server-everything is a legacy server; era %q", s.Info().Era)
	}
	if _, err := s.CallTool(context.Background(), "toggle-simulated-logging", []byte(`{}`), nil); err != nil {
		t.Fatal(err)
	}
	got := testkit.Eventually(20*time.Second, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(logs) > 0
	})
	mu.Lock()
	defer mu.Unlock()
	if !got {
		t.Fatalf("no log message arrived within 20 s; diagnostics: %q", diagnostics)
	}
	if logs[0].Level == "" || len(logs[0].Data) == 0 {
		t.Errorf("log message without level or data: %+v", logs[0])
	}
}
