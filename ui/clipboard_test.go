package ui

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/clipboard"
)

// TestCopiedCommand: the copy key puts on the clipboard the line
// Options.Command writes for the tool and the arguments sent, and the
// status names the variables to set; without a Command it says so and
// copies nothing. The header and the log show the target redacted.
func TestCopiedCommand(t *testing.T) {
	t.Parallel()
	const secret = "s3cret"
	tests := []struct {
		name    string
		vars    []string
		status  string
		command bool
	}{
		{"variables", []string{"MCP_USER", "MCP_PASSWORD", "API_KEY"},
			"sent the command line with OSC 52; set MCP_USER, MCP_PASSWORD and API_KEY in the shell", true},
		{"no variables", nil, "sent the command line with OSC 52 (no wl-copy, xclip, xsel or pbcopy on PATH", true},
		{"no command", nil, "cannot write a command line", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var gotTool, gotArgs string
			opts := Options{Target: "https://alice:" + secret + "@mcp.example.com/mcp", Styles: plainStyles()}
			if tt.command {
				opts.Command = func(tool string, args []byte) (string, []string) {
					gotTool, gotArgs = tool, string(args)
					return "LINE " + tool, tt.vars
				}
			}
			s := newFakeSession(t, fixtureTools)
			connect := func(context.Context, func(client.Event), client.Answerer) (Session, error) { return s, nil }
			h := startHarness(t, connect, opts, 200, 30)
			h.m.clip = nil
			h.selectTool("echo")
			h.typeText("hi")
			h.key("ctrl+s")
			cmd := h.m.handleKey(keyMsg("c"))
			if !strings.Contains(h.m.status.text, tt.status) {
				t.Errorf("status %q does not say %q", h.m.status.text, tt.status)
			}
			if len(tt.vars) == 0 && strings.Contains(h.m.status.text, "set ") {
				t.Errorf("status %q asks for variables there are none of", h.m.status.text)
			}
			if !tt.command {
				if cmd != nil {
					t.Errorf("copied %v without a command line to copy", cmd())
				}
				return
			}
			if got := reflect.ValueOf(cmd()).String(); got != "LINE echo" {
				t.Errorf("copied %q, want the line Command wrote", got)
			}
			if gotTool != "echo" || gotArgs != `{"message":"hi"}` {
				t.Errorf("Command got tool %q args %s, want echo and the arguments sent", gotTool, gotArgs)
			}
			header, _, _ := strings.Cut(h.view(), "\n")
			var log strings.Builder
			for _, e := range h.m.log.Entries() {
				log.WriteString(e.Text + "\n")
			}
			for where, text := range map[string]string{"header": header, "log": log.String(), "status": h.m.status.text} {
				if strings.Contains(text, secret) {
					t.Errorf("the %s shows the secret: %s", where, text)
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
	entries := m.log.Entries()
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

// TestCopyWithAClipboardTool: with a clipboard tool on the PATH the text
// goes to it too, and the status names the tool only once it took the
// text; a tool that fails is named with what it said.
func TestCopyWithAClipboardTool(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	got := filepath.Join(dir, "got")
	ok := filepath.Join(dir, "okclip")
	bad := filepath.Join(dir, "badclip")
	if err := os.WriteFile(ok, []byte("#!/bin/sh\ncat > "+got+"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad, []byte("#!/bin/sh\necho 'cannot open display' >&2\nexit 1\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ tool, path, want string }{
		{"xclip", ok, "copied the arguments with xclip"},
		{"xsel", bad, "sent the arguments with OSC 52 only: xsel: exit status 1: cannot open display"},
	} {
		h := newHarness(t, newFakeSession(t, fixtureTools))
		h.m.clip = &clipboard.Tool{Name: c.tool, Path: c.path}
		h.selectTool("echo")
		h.typeText("hi")
		h.key("ctrl+s")
		h.exec(h.m.handleKey(keyMsg("a")))
		want := c.want
		h.pumpUntil(want, func() bool { return strings.Contains(h.m.status.text, want) })
	}
	if b, _ := os.ReadFile(got); string(b) != `{"message":"hi"}` {
		t.Fatalf("the clipboard tool read %q", b)
	}
}
