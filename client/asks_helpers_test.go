package client_test

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/asks"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// asksServer is an asks fixture on one transport, with what it recorded.
type asksServer struct {
	tgt      target.Target
	recorded func() []asks.Record
}

// startAsks runs the asks fixture of era over kind ("stdio", "sse" or
// "http").
func startAsks(t *testing.T, kind string, era asks.Era) asksServer {
	t.Helper()
	if kind == "stdio" {
		log := filepath.Join(t.TempDir(), "asks.log")
		path, env := asks.Command(era, log)
		return asksServer{
			tgt: target.Target{Transport: target.Stdio, Command: path, Env: env},
			recorded: func() []asks.Record {
				b, _ := os.ReadFile(log)
				return parseRecords(t, b)
			},
		}
	}
	buf := &testkit.Buffer{}
	start, tr := asks.StartHTTP, target.StreamableHTTP
	if kind == "sse" {
		start, tr = asks.StartSSE, target.SSE
	}
	if kind == "sse" && era == asks.Legacy {
		// mcp-go's SSE server cannot send server requests.
		start = func(_ asks.Era, w io.Writer) (string, func(), error) { return asks.StartLegacySSE(w) }
	}
	url, stop, err := start(era, buf)
	if err != nil {
		t.Fatalf("start %s asks fixture: %v", kind, err)
	}
	t.Cleanup(stop)
	return asksServer{tgt: target.Target{Transport: tr, URL: url},
		recorded: func() []asks.Record { return parseRecords(t, []byte(buf.String())) }}
}

func parseRecords(t *testing.T, b []byte) []asks.Record {
	t.Helper()
	var out []asks.Record
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if line == "" {
			continue
		}
		var r asks.Record
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("record %q: %v", line, err)
		}
		out = append(out, r)
	}
	return out
}

// connectAsks connects to the asks fixture of era over kind with answer.
func connectAsks(t *testing.T, kind string, era asks.Era, opts client.Options) (*client.Session, asksServer) {
	t.Helper()
	f := startAsks(t, kind, era)
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	// Connect with room to spare: starting the child on a loaded machine
	// can take longer than a call's short timeout, which is not what the
	// tests time.
	opts.Timeout = max(timeout, connectTimeout)
	s, err := client.Connect(context.Background(), f.tgt, opts)
	if err != nil {
		t.Fatalf("connect %s %s: %v", kind, era, err)
	}
	client.SetRequestTimeout(s, timeout)
	t.Cleanup(func() { _ = s.Close() })
	return s, f
}

// askLog is an Answerer that records every Ask and answers from a table
// by kind.
type askLog struct {
	mu      sync.Mutex
	asked   []client.Ask
	answers map[client.AskKind]string
}

func (l *askLog) answer(_ context.Context, a client.Ask) (json.RawMessage, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.asked = append(l.asked, a)
	ans, ok := l.answers[a.Kind]
	if !ok {
		return nil, &client.UnansweredError{Ask: a}
	}
	return json.RawMessage(ans), nil
}

func (l *askLog) all() []client.Ask {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]client.Ask(nil), l.asked...)
}

// wantEra fails the test unless the session speaks era.
func wantEra(t *testing.T, s *client.Session, era asks.Era) {
	t.Helper()
	modern := strings.HasPrefix(s.Info().ProtocolVersion, "2026")
	if modern != (era == asks.Modern) {
		t.Fatalf("protocol %q, want the %s era", s.Info().ProtocolVersion, era)
	}
}
