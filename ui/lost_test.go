package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// errLost is a call that lost its streamable HTTP connection, as the
// client reports it: the hint is data, not text.
var errLost = &client.RequestError{What: "call echo", Lost: true, Hint: "the server may have crashed or restarted",
	Err: errors.New("the connection to http://127.0.0.1:1/mcp was lost before the result arrived")}

// TestLostConnectionOffersReconnect: a call that lost its connection puts
// the workbench in the error state with a reconnect offer, as a closed
// session does, keeping the form; alt+r reconnects.
func TestLostConnectionOffersReconnect(t *testing.T) {
	t.Parallel()
	first, second := newFakeSession(t, fixtureTools), newFakeSession(t, fixtureTools)
	first.call = func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
		return nil, errLost
	}
	h := newHarness(t, first, second)
	h.resize(200, 30)
	h.selectTool("echo")
	h.typeText("keep me")
	h.key("ctrl+s")
	v := h.view()
	for _, want := range []string{"● error", "Connection lost: call echo: the connection to http://127.0.0.1:1/mcp was lost",
		"hint: the server may have crashed or restarted", "alt+r reconnect · your forms and results are kept",
		"the result arrived — alt+r to reconnect"} {
		if !strings.Contains(v, want) {
			t.Errorf("after the lost call the view lacks %q:\n%s", want, v)
		}
	}
	h.key("alt+r")
	if v := h.view(); !strings.Contains(v, "● ready") || strings.Contains(v, "Connection lost") {
		t.Errorf("reconnect failed:\n%s", v)
	}
	if got := h.m.formArgs(); got != `{"message":"keep me"}` {
		t.Errorf("form values after reconnect: %s", got)
	}
}

// TestCallErrorsThatKeepTheSession: errors that do not say a live
// connection was lost leave the workbench ready: a closed session is the
// ClosedEvent's to report, and a call started before a reconnect says
// nothing about the new connection.
func TestCallErrorsThatKeepTheSession(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		err       error
		reconnect bool
	}{
		{"closed", fmt.Errorf("call echo: %w: the server exited", client.ErrClosed), false},
		{"closed and lost", fmt.Errorf("call echo: %w: %w", client.ErrClosed, client.ErrConnectionLost), false},
		{"lost before a reconnect", errLost, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			first := newFakeSession(t, fixtureTools)
			first.call = func(ctx context.Context, _ string, _ []byte, _ func(client.ProgressEvent)) (*client.CallResult, error) {
				if tt.reconnect {
					// The answer is lost after the reconnect has begun,
					// which cancels the call.
					<-ctx.Done()
				}
				return nil, tt.err
			}
			h := newHarness(t, first, newFakeSession(t, fixtureTools))
			h.selectTool("echo")
			h.typeText("hi")
			h.leaveCalls = tt.reconnect
			h.key("ctrl+s")
			if !h.m.callRunning() && tt.reconnect {
				t.Fatal("no call running")
			}
			h.leaveCalls = false
			if tt.reconnect {
				h.key("alt+r")
			}
			// The Result tab shows the failure, in the error's own words.
			v := h.view()
			if h.m.conn.phase != phaseReady || h.m.tools.Shown() != "echo" || h.m.tab() != "Result" ||
				!strings.Contains(v, "The call failed") || !strings.Contains(v, tt.err.Error()) {
				t.Errorf("phase %s after %v:\n%s", h.m.conn.phase, tt.err, h.view())
			}
		})
	}
}
