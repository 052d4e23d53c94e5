package ui

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// TestCopiedCommandCarriesNoSecret: the copied command line names a URL's
// secrets as shell variables, in double quotes so the shell fills them
// in, and the status line says which to set; the header and the log show
// the URL redacted.
func TestCopiedCommandCarriesNoSecret(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, target, want, status string
		secrets                    []string
	}{
		{"userinfo and key", "http https://alice:s3cret@mcp.example.com/mcp?api_key=K123&region=eu",
			`http "https://${MCP_USER}:${MCP_PASSWORD}@mcp.example.com/mcp?api_key=${API_KEY}&region=eu"`,
			"set MCP_USER, MCP_PASSWORD and API_KEY in the shell", []string{"alice", "s3cret", "K123"}},
		{"shell characters stay literal", "https://h.example/mcp?token=T0K&q=$HOME`x`",
			"\"https://h.example/mcp?token=${TOKEN}&q=\\$HOME\\`x\\`\"", "set TOKEN in the shell", []string{"T0K"}},
		{"no secret", "https://mcp.example.com/mcp?region=eu", "https://mcp.example.com/mcp?region=eu", "", nil},
		{"a command", "node server.js --port 1", "node server.js --port 1", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			connect := func(context.Context, func(client.Event), client.Answerer) (Session, error) { return s, nil }
			h := startHarness(t, connect, Options{Target: tt.target, Styles: plainStyles()}, 200, 30)
			h.selectTool("echo")
			h.typeText("hi")
			h.key("ctrl+s")
			msg := h.m.copy(copyCommand)()
			got := reflect.ValueOf(msg).String()
			want := `toolbench call echo --args '{"message":"hi"}' ` + tt.want
			if got != want {
				t.Errorf("copied\n%s\nwant\n%s", got, want)
			}
			if !strings.Contains(h.m.status.text, "copied the command line") || !strings.Contains(h.m.status.text, tt.status) {
				t.Errorf("status %q does not say %q", h.m.status.text, tt.status)
			}
			if tt.status == "" && strings.Contains(h.m.status.text, "set ") {
				t.Errorf("status %q asks for variables there are none of", h.m.status.text)
			}
			header, _, _ := strings.Cut(h.view(), "\n")
			var log strings.Builder
			for _, e := range h.m.log.entries() {
				log.WriteString(e.Text + "\n")
			}
			for _, secret := range tt.secrets {
				for where, text := range map[string]string{"copied command": got, "header": header, "log": log.String(),
					"status": h.m.status.text} {
					if strings.Contains(text, secret) {
						t.Errorf("the %s shows the secret %q: %s", where, secret, text)
					}
				}
			}
		})
	}
}

// TestConnectingShowsTargetRedacted: before the server names itself, the
// header, the detail pane and the log name the target, redacted.
func TestConnectingShowsTargetRedacted(t *testing.T) {
	t.Parallel()
	// The connect is never run: the screen is looked at while it would be.
	connect := func(context.Context, func(client.Event), client.Answerer) (Session, error) {
		return nil, context.Canceled
	}
	m := New(connect, Options{Target: "https://u:pw@mcp.example.com/mcp?access_token=SECRET", Styles: plainStyles()})
	m.Init()
	t.Cleanup(m.shutdown)
	v := stripANSI(m.View().Content)
	if strings.Contains(v, "SECRET") || strings.Contains(v, "pw@") {
		t.Errorf("the screen shows a secret:\n%s", v)
	}
	if !strings.Contains(v, "https://***:***@mcp.example.com/mcp?access_token=***") {
		t.Errorf("the screen does not name the target redacted:\n%s", v)
	}
	entries := m.log.entries()
	if len(entries) == 0 || !strings.Contains(entries[0].Text, "connecting to https://***:***@") {
		t.Errorf("the log does not say where it connects: %v", entries)
	}
	for _, e := range entries {
		if strings.Contains(e.Text, "SECRET") {
			t.Errorf("the log shows a secret: %s", e.Text)
		}
	}
	m.conn.cancel()
}
