package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/target"
)

// TestSessionLostShownAsLost: after the streamable HTTP server restarts on
// its port, a call fails as a lost session; the header says so instead of
// "ready", the status line and the detail pane name the reconnect key,
// and after alt+r the header is ready again with no "reconnecting…" left
// and the form as it was.
func TestSessionLostShownAsLost(t *testing.T) {
	t.Parallel()
	srv, err := fixture.StartRestartable(func() *server.MCPServer { return fixture.NewServer() })
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Stop)
	// Sessions are a legacy matter: 2026-07-28 has none to lose.
	h := newLiveHarnessWith(t, target.Target{Transport: target.StreamableHTTP, URL: srv.URL},
		client.Options{Timeout: 5 * time.Second, Protocol: client.ProtocolLegacy})
	h.update(tea.WindowSizeMsg{Width: 200, Height: 30})
	h.waitFor("● ready", "Tools 15")
	h.typeInto("echo", "keep me")
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	h.selectTool("echo")
	h.key("ctrl+s")
	v := h.waitFor("● session lost", "Session lost: call echo: the server at "+srv.URL+" no longer knows this session",
		"hint: the server restarted or ended the session; reconnect", "alt+r reconnect · your forms and results are kept")
	if status := lastLine(v); !strings.Contains(status, "session lost: the server restarted or ended it — alt+r to reconnect") {
		t.Errorf("the status line does not name the reconnect key: %s", status)
	}
	if strings.Contains(v, "● ready") {
		t.Errorf("a lost session reads as ready:\n%s", v)
	}
	h.key("alt+r")
	v = h.waitFor("● ready", "reconnected: a new session with ")
	if strings.Contains(v, "reconnecting…") || strings.Contains(v, "Session lost") {
		t.Errorf("after the reconnect:\n%s", v)
	}
	keepsEcho(t, h, "after the reconnect")
	h.selectTool("echo")
	h.key("ctrl+s")
	h.waitFor("[Result]", "keep me", "● ready")
}
