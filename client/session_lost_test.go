package client_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/peer"
	"github.com/toolbench/toolbench/target"
)

// restartedCall calls echo on sess and wants it to fail as a lost session
// with status, twice: the session stays lost.
func restartedCall(t *testing.T, sess *client.Session, url string, status int) {
	t.Helper()
	for i := range 2 {
		_, err := sess.CallTool(context.Background(), "echo", []byte(`{"message":"hi"}`), nil)
		var sl *client.SessionLostError
		if !errors.Is(err, client.ErrSessionLost) || !errors.As(err, &sl) {
			t.Fatalf("call %d after the restart: %v (%T), want a lost session", i+1, err, err)
		}
		if sl.Status != status || sl.URL != url {
			t.Errorf("call %d: the evidence is %+v, want HTTP %d at %s", i+1, sl, status, url)
		}
		if !strings.HasPrefix(err.Error(), "call echo: the server at "+url+" no longer knows this session") {
			t.Errorf("call %d: %v", i+1, err)
		}
		if !strings.Contains(client.HintOf(err), "reconnect") {
			t.Errorf("call %d: the hint %q does not say to reconnect", i+1, client.HintOf(err))
		}
		if errors.Is(err, client.ErrConnectionLost) || errors.Is(err, client.ErrClosed) {
			t.Errorf("call %d: a lost session reads as a lost connection: %v", i+1, err)
		}
	}
}

// TestSessionLostAfterRestart: a stateful mcp-go server restarted on the
// same port answers the old session's requests with 404; each call after
// it fails as a lost session with that evidence, and a new session works.
func TestSessionLostAfterRestart(t *testing.T) {
	t.Parallel()
	srv, err := fixture.StartRestartable(func() *server.MCPServer { return fixture.NewServer() })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Stop)
	tgt := target.Target{Transport: target.StreamableHTTP, URL: srv.URL}
	// Sessions are a legacy matter: 2026-07-28 has none to lose.
	opts := client.Options{Timeout: 5 * time.Second, Protocol: client.ProtocolLegacy}
	sess, err := client.Connect(context.Background(), tgt, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	if _, err := sess.CallTool(context.Background(), "echo", []byte(`{"message":"hi"}`), nil); err != nil {
		t.Fatalf("call before the restart: %v", err)
	}
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	restartedCall(t, sess, srv.URL, 404)

	again, err := client.Connect(context.Background(), tgt, opts)
	if err != nil {
		t.Fatalf("reconnect: %v", err)
	}
	defer again.Close()
	if _, err := again.CallTool(context.Background(), "echo", []byte(`{"message":"hi"}`), nil); err != nil {
		t.Errorf("call on the new session: %v", err)
	}
}

// TestSessionLostEverythingRestart: server-everything over streamable HTTP,
// restarted on its port, answers the old session with 400 "Bad Request: No
// valid session ID provided" as a JSON-RPC error; that is a lost session
// too, not the tool's error.
func TestSessionLostEverythingRestart(t *testing.T) {
	t.Parallel()
	ev := peer.StartRestartableEverythingHTTP(t)
	sess, err := client.Connect(context.Background(), target.Target{Transport: target.StreamableHTTP, URL: ev.URL},
		client.Options{Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	if _, err := sess.CallTool(context.Background(), "echo", []byte(`{"message":"hi"}`), nil); err != nil {
		t.Fatalf("call before the restart: %v", err)
	}
	ev.Restart(t)
	restartedCall(t, sess, ev.URL, 400)
}
