package client_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/target"
)

// TestFaultDirtyStdout: servers that write junk between their frames still
// work, and each piece of junk is reported.
// dirtyCase is one server that writes junk, and what must be reported.
type dirtyCase struct {
	fault string
	// check looks at the noise lines and diagnostics seen by the end.
	check func(t *testing.T, noise, diagnostics []string)
}

// dirtyCases are the servers of TestFaultDirtyStdout.
func dirtyCases() []dirtyCase {
	return []dirtyCase{
		{fault.StdoutNoise, func(t *testing.T, noise, diagnostics []string) {
			for _, want := range []string{"=== toolbench fault fixture stdout-noise ===",
				"DEBUG: waiting for initialize on stdin", "DEBUG: answering request", "DEBUG: answered request"} {
				if !anyContains(noise, want) {
					t.Errorf("no noise event with %q in %q", want, noise)
				}
			}
			if len(diagnostics) > 0 {
				t.Errorf("noise is not a bad frame, yet: %q", diagnostics)
			}
		}},
		{fault.BadFrames, func(t *testing.T, noise, diagnostics []string) {
			// Five bad frames precede each of the four answers (initialize,
			// one tools/list page, two calls).
			if len(diagnostics) != 20 {
				t.Errorf("got %d diagnostics, want 20: %q", len(diagnostics), diagnostics)
			}
			for _, want := range []string{"is a string, but request", "was sent with a number id",
				"the id must be a string or a number", `it lacks "jsonrpc": "2.0"`,
				"it has both result and error", "it is not valid JSON"} {
				if !anyContains(diagnostics, want) {
					t.Errorf("no diagnostic says %q: %q", want, diagnostics)
				}
			}
		}},
		{fault.UnknownID, func(t *testing.T, noise, diagnostics []string) {
			if len(diagnostics) != 4 || !anyContains(diagnostics, "dropped a frame from the server: it answers request 1000001, which is not waiting for an answer") {
				t.Errorf("want one diagnostic per stray answer, got %q", diagnostics)
			}
		}},
	}
}

func TestFaultDirtyStdout(t *testing.T) {
	t.Parallel()
	for _, tt := range dirtyCases() {
		t.Run(tt.fault, func(t *testing.T) {
			t.Parallel()
			tgt, _ := faultTarget(t, tt.fault)
			start := time.Now()
			s, ev := connectFault(t, tgt, 5*time.Second)
			tools, err := s.ListTools(context.Background())
			if err != nil || len(tools) != 4 {
				t.Fatalf("list tools: %d tools, %v", len(tools), err)
			}
			for _, msg := range []string{"first", "second"} {
				res, err := s.CallTool(context.Background(), "echo", []byte(`{"message":"`+msg+`"}`), nil)
				if err != nil || len(res.Content) != 1 || res.Content[0].Text != msg {
					t.Fatalf("echo %s: %v %+v", msg, err, res)
				}
			}
			if d := time.Since(start); d > 3*time.Second {
				t.Errorf("the session took %s", d)
			}
			if s.Info().ProtocolVersion != "2025-11-25" {
				t.Errorf("protocol version %q: a bad frame was taken for the initialize answer", s.Info().ProtocolVersion)
			}
			tt.check(t, ev.lines(noiseOf), ev.lines(diagnosticOf))
			assertFramesValid(t, s)
		})
	}
}

// assertFramesValid checks that no dropped frame reached the frame log as
// if it were an answer.
func assertFramesValid(t *testing.T, s *client.Session) {
	t.Helper()
	frames, _ := s.Frames()
	for _, f := range frames {
		if f.Dir == client.Received && strings.Contains(string(f.Data), "BAD FRAME") {
			t.Errorf("a bad frame was accepted: %s", f.Data)
		}
	}
}

// TestFaultDroppedFrameExplainsConnectError: a server whose every answer
// lacks "jsonrpc" gets no answer through, and the error says why rather
// than only that initialize timed out.
func TestFaultDroppedFrameExplainsConnectError(t *testing.T) {
	t.Parallel()
	tgt := target.Target{Transport: target.Stdio, Command: "sh",
		Args: []string{"-c", `while read -r line; do echo '{"id":1,"result":{}}'; done`}}
	_, err := client.Connect(context.Background(), tgt, client.Options{Timeout: 300 * time.Millisecond})
	var ce *client.ConnectError
	if !errors.As(err, &ce) {
		t.Fatalf("want a ConnectError, got %v", err)
	}
	if m := missing(report(err), "no answer to initialize within 300ms",
		`toolbench dropped a frame that is not valid JSON-RPC 2.0: it lacks "jsonrpc": "2.0": {"id":1,"result":{}}`); len(m) > 0 {
		t.Errorf("message lacks %q:\n%v", m, err)
	}
}
