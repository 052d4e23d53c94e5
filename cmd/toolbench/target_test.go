package main

import (
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/target"
)

func TestParseTarget(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		opts targetOptions
		args []string
		want target.Target
	}{
		{"bare command keeps the server's flags", targetOptions{}, []string{"npx", "-y", "some-server", "--port", "1"},
			target.Target{Transport: target.Stdio, Command: "npx", Args: []string{"-y", "some-server", "--port", "1"}}},
		{"stdio word", targetOptions{}, []string{"stdio", "npx", "-y", "some-server", "--port", "1"},
			target.Target{Transport: target.Stdio, Command: "npx", Args: []string{"-y", "some-server", "--port", "1"}}},
		{"stdio word and dashes", targetOptions{}, []string{"stdio", "--", "node", "s.js"},
			target.Target{Transport: target.Stdio, Command: "node", Args: []string{"s.js"}}},
		{"leading dashes", targetOptions{}, []string{"--", "node", "--inspect"},
			target.Target{Transport: target.Stdio, Command: "node", Args: []string{"--inspect"}}},
		{"env and cwd", targetOptions{env: []string{"A=1", "B=x=y"}, cwd: "/tmp"}, []string{"srv"},
			target.Target{Transport: target.Stdio, Command: "srv", Args: []string{}, Env: []string{"A=1", "B=x=y"}, Dir: "/tmp"}},
		{"sse", targetOptions{}, []string{"sse", "http://127.0.0.1:3001/sse"},
			target.Target{Transport: target.SSE, URL: "http://127.0.0.1:3001/sse", Header: http.Header{}}},
		{"http with headers", targetOptions{headers: []string{"Authorization: Bearer x", "X-A:b"}}, []string{"http", "http://127.0.0.1:3001/mcp"},
			target.Target{Transport: target.StreamableHTTP, URL: "http://127.0.0.1:3001/mcp",
				Header: http.Header{"Authorization": {"Bearer x"}, "X-A": {"b"}}}},
		{"bare URL", targetOptions{}, []string{"https://example.com/mcp"},
			target.Target{Transport: target.Auto, URL: "https://example.com/mcp", Header: http.Header{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := tt.opts.parseTarget(tt.args)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestParseTargetErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		opts targetOptions
		args []string
		want string
	}{
		{"nothing", targetOptions{}, nil, "no server given"},
		{"only dashes", targetOptions{}, []string{"--"}, "no server given"},
		{"stdio alone", targetOptions{}, []string{"stdio"}, "needs a command"},
		{"sse without url", targetOptions{}, []string{"sse"}, "exactly one URL"},
		{"sse not a url", targetOptions{}, []string{"sse", "localhost:3001"}, "not an http:// or https:// URL"},
		{"after url", targetOptions{}, []string{"http://h/mcp", "extra"}, "unexpected arguments after the URL"},
		{"header on stdio", targetOptions{headers: []string{"A: b"}}, []string{"srv"}, "applies to HTTP servers"},
		{"env on http", targetOptions{env: []string{"A=b"}}, []string{"http://h/mcp"}, "apply to stdio servers"},
		{"bad header", targetOptions{headers: []string{"no colon"}}, []string{"http://h/mcp"}, "want 'Name: value'"},
		{"bad env", targetOptions{env: []string{"=x"}}, []string{"srv"}, "want KEY=VAL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := tt.opts.parseTarget(tt.args)
			if err == nil || !strings.Contains(err.Error(), tt.want) || exitCode(err) != exitUsage {
				t.Errorf("got %v (exit %d), want a usage error containing %q", err, exitCode(err), tt.want)
			}
		})
	}
}

func TestParseTimeout(t *testing.T) {
	t.Parallel()
	good := map[string]time.Duration{"30s": 30 * time.Second, "2m": 2 * time.Minute, "5": 5 * time.Second, "0.5": 500 * time.Millisecond}
	for in, want := range good {
		if got, err := parseTimeout(in); err != nil || got != want {
			t.Errorf("parseTimeout(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"0", "-1", "soon", "-3s"} {
		if _, err := parseTimeout(in); err == nil || exitCode(err) != exitUsage {
			t.Errorf("parseTimeout(%q): want a usage error, got %v", in, err)
		}
	}
}

func TestConfigTarget(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "mcp.json")
	doc := `{"mcpServers": {"remote": {"url": "http://127.0.0.1:3001/sse"}, "local": {"command": "node", "args": ["server.js"]}}}`
	if err := os.WriteFile(file, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	o := targetOptions{config: file, headers: []string{"X-Extra: 1"}}
	got, err := o.parseTarget([]string{"remote"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Transport != target.SSE || got.URL != "http://127.0.0.1:3001/sse" || got.Header.Get("X-Extra") != "1" || got.Name != "remote" {
		t.Errorf("config target = %#v", got)
	}
	// A word with arguments is always a command.
	got, err = o.parseTarget([]string{"local", "--flag"})
	if err == nil || got.Command != "" {
		// -H on a stdio command is refused, which proves it was read as one.
		if !strings.Contains(err.Error(), "applies to HTTP servers") {
			t.Errorf("command with args: got %#v, %v", got, err)
		}
	}
}
