package target

import (
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/config"
)

// env is a fixed environment for bare -e KEY.
func env(vars map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
}

func TestParse(t *testing.T) {
	t.Parallel()
	demo := Target{Transport: Stdio, Command: "/bin/toolbench", Args: []string{"demo-server"}, Name: DemoWord}
	p := Parser{Demo: func() (Target, error) { return demo, nil }, LookupEnv: env(map[string]string{"GITHUB_TOKEN": "t"})}
	tests := []struct {
		name string
		args []string
		s    Settings
		want Target
	}{
		{"bare command keeps the server's flags", []string{"npx", "-y", "some-server", "--port", "1"}, Settings{},
			Target{Transport: Stdio, Command: "npx", Args: []string{"-y", "some-server", "--port", "1"}}},
		{"stdio word", []string{"stdio", "npx", "-y"}, Settings{}, Target{Transport: Stdio, Command: "npx", Args: []string{"-y"}}},
		{"stdio word and dashes", []string{"stdio", "--", "node", "s.js"}, Settings{}, Target{Transport: Stdio, Command: "node", Args: []string{"s.js"}}},
		{"leading dashes", []string{"--", "node", "--inspect"}, Settings{}, Target{Transport: Stdio, Command: "node", Args: []string{"--inspect"}}},
		{"env, pass-through, cwd", []string{"srv"}, Settings{Env: []string{"A=1", "B=x=y", "GITHUB_TOKEN"}, Dir: "/tmp"},
			Target{Transport: Stdio, Command: "srv", Args: []string{}, Env: []string{"A=1", "B=x=y", "GITHUB_TOKEN"}, Dir: "/tmp"}},
		{"inherit env", []string{"srv"}, Settings{InheritEnv: true}, Target{Transport: Stdio, Command: "srv", Args: []string{}, InheritEnv: true}},
		{"sse", []string{"sse", "http://127.0.0.1:3001/sse"}, Settings{}, Target{Transport: SSE, URL: "http://127.0.0.1:3001/sse"}},
		{"http with headers", []string{"http", "http://127.0.0.1:3001/mcp"}, Settings{Headers: []string{"Authorization: Bearer x", "X-A:b"}},
			Target{Transport: StreamableHTTP, URL: "http://127.0.0.1:3001/mcp", Header: http.Header{"Authorization": {"Bearer x"}, "X-A": {"b"}}}},
		{"bare URL", []string{"https://example.com/mcp"}, Settings{}, Target{Transport: Auto, URL: "https://example.com/mcp"}},
		{"upper-case scheme", []string{"HTTPS://example.com/mcp"}, Settings{}, Target{Transport: Auto, URL: "HTTPS://example.com/mcp"}},
		{"TLS settings", []string{"https://example.com/mcp"}, Settings{CACertFile: "parse_test.go", Insecure: true},
			Target{Transport: Auto, URL: "https://example.com/mcp", CACertFile: "parse_test.go", Insecure: true}},
		{"redirects", []string{"sse", "http://127.0.0.1:9/sse"}, Settings{FollowRedirects: true},
			Target{Transport: SSE, URL: "http://127.0.0.1:9/sse", FollowRedirects: true}},
		{"demo", []string{"demo"}, Settings{Env: []string{"A=1"}}, Target{Transport: Stdio, Command: "/bin/toolbench", Args: []string{"demo-server"}, Name: DemoWord, Env: []string{"A=1"}}},
		{"demo with arguments is a command", []string{"demo", "x"}, Settings{}, Target{Transport: Stdio, Command: "demo", Args: []string{"x"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := p.Parse(tt.args, tt.s)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

// TestParseErrors: every mistake is an ErrBadTarget (a usage error, exit
// 2) that says what is wrong and quotes no secret: no header value, no -e
// value, no password or key of a URL.
func TestParseErrors(t *testing.T) {
	t.Parallel()
	p := Parser{LookupEnv: env(nil)}
	tests := []struct {
		name  string
		args  []string
		s     Settings
		want  string
		never string
	}{
		{"nothing", nil, Settings{}, "no server given", ""},
		{"only dashes", []string{"--"}, Settings{}, "no server given", ""},
		{"stdio alone", []string{"stdio"}, Settings{}, "needs a command", ""},
		{"sse without url", []string{"sse"}, Settings{}, "'sse' takes exactly one URL, got 0 arguments", ""},
		{"http with two", []string{"http", "a", "b"}, Settings{}, "'http' takes exactly one URL, got 2 arguments", ""},
		{"sse with one word", []string{"sse", "a", "b", "c"}, Settings{}, "got 3 arguments", ""},
		{"sse not a url", []string{"sse", "localhost:3001"}, Settings{}, `"localhost:3001" is not an http:// or https:// URL`, ""},
		{"after url", []string{"http://h/mcp", "extra"}, Settings{}, "unexpected arguments after the URL: extra", ""},
		{"ftp", []string{"ftp://files.example.com/mcp"}, Settings{}, "toolbench reaches servers over http:// or https://, not ftp://", ""},
		{"ws over sse", []string{"sse", "ws://h/sse"}, Settings{}, "not ws://", ""},
		{"no host", []string{"http:///mcp"}, Settings{}, `"http:///mcp" has no host`, ""},
		{"no host, secrets", []string{"http://user:pw@/mcp?api_key=K"}, Settings{}, "has no host", "pw"},
		{"not a URL, secrets", []string{"http://user:pw@h:x/mcp?api_key=K"}, Settings{}, "is not a URL", "K"},
		{"header on stdio", []string{"srv"}, Settings{Headers: []string{"A: b"}}, "applies to HTTP servers", ""},
		{"TLS on stdio", []string{"srv"}, Settings{Insecure: true}, "--ca-cert and --insecure apply to https:// servers", ""},
		{"CA file on stdio", []string{"srv"}, Settings{CACertFile: "x.pem"}, "--ca-cert and --insecure apply", ""},
		{"redirects on stdio", []string{"srv"}, Settings{FollowRedirects: true}, "--follow-redirects applies to HTTP servers", ""},
		{"CA file missing", []string{"https://h/mcp"}, Settings{CACertFile: "no-such.pem"}, "--ca-cert: stat no-such.pem", ""},
		{"env on http", []string{"http://h/mcp"}, Settings{Env: []string{"A=b"}}, "apply to stdio servers; http://h/mcp is reached over HTTP", ""},
		{"inherit on http", []string{"http://u:pw@h/mcp"}, Settings{InheritEnv: true}, "http://***:***@h/mcp", "pw"},
		{"header without colon", []string{"http://h/mcp"}, Settings{Headers: []string{"X-A: 1", "Authorization Bearer s3cret"}},
			"-H #2: want 'Name: value' (no ':' found)", "s3cret"},
		{"header without name", []string{"http://h/mcp"}, Settings{Headers: []string{": s3cret"}}, "-H #1: want 'Name: value' (no name", "s3cret"},
		{"header name with a space", []string{"http://h/mcp"}, Settings{Headers: []string{"Authorization Bearer s3cret: x"}}, "-H #1: want 'Name: value' (the part before", "s3cret"},
		{"header value with LF", []string{"http://h/mcp"}, Settings{Headers: []string{"Authorization: Bearer s3cret\nX-Evil: 1"}},
			"-H #1 (Authorization): the value holds a line break (CR or LF)", "s3cret"},
		{"header value with CR", []string{"http://h/mcp"}, Settings{Headers: []string{"Authorization: s3cret\r"}}, "line break (CR or LF)", "s3cret"},
		{"header value with a control", []string{"http://h/mcp"}, Settings{Headers: []string{"X: a\x00s3cret"}}, "holds a control character", "s3cret"},
		{"env without name", []string{"srv"}, Settings{Env: []string{"=s3cret"}}, "-e #1: no variable name before the '='", "s3cret"},
		{"env name with space", []string{"srv"}, Settings{Env: []string{"A=1", "MY KEY=s3cret"}}, "-e #2: a variable name cannot hold white space", "s3cret"},
		{"env pass-through of nothing", []string{"srv"}, Settings{Env: []string{"GITHUB_TOKEN"}}, "-e GITHUB_TOKEN: GITHUB_TOKEN is not set in toolbench's environment", ""},
		{"missing config file", []string{"srv"}, Settings{ConfigFile: "no-such.json"}, "--config: stat no-such.json", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := p.Parse(tt.args, tt.s)
			if !errors.Is(err, ErrBadTarget) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an ErrBadTarget containing %q", err, tt.want)
			}
			if err != nil && (strings.HasPrefix(err.Error(), "bad target") || tt.never != "" && strings.Contains(err.Error(), tt.never)) {
				t.Errorf("%q: the message has a prefix, or quotes %q", err, tt.never)
			}
		})
	}
}

// configFile writes a config file for one test.
func configFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestParseConfigured: a lone word is looked up in --config first, then
// the search path; the first definition wins and the target says which
// files it shadowed. Flags apply on top of the definition.
func TestParseConfigured(t *testing.T) {
	t.Parallel()
	first := configFile(t, "first.json", `{"mcpServers": {"remote": {"url": "http://127.0.0.1:3001/sse", "headers": {"X-From": "config"}},
		"local": {"command": "node", "args": ["server.js"], "env": {"DEBUG": "1"}, "cwd": "/srv"}}}`)
	second := configFile(t, "second.json", `{"servers": {"remote": {"type": "http", "url": "http://127.0.0.1:9/mcp"}}}`)
	p := Parser{ConfigPaths: func() []string { return []string{second} }}
	got, err := p.Parse([]string{"remote"}, Settings{ConfigFile: first, Headers: []string{"X-Extra: 1"}})
	if err != nil {
		t.Fatal(err)
	}
	want := Target{Transport: SSE, URL: "http://127.0.0.1:3001/sse", Name: "remote", Source: first, Shadows: []string{second},
		Header: http.Header{"X-From": {"config"}, "X-Extra": {"1"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %#v\nwant %#v", got, want)
	}
	got, err = p.Parse([]string{"local"}, Settings{ConfigFile: first, Env: []string{"A=2"}})
	want = Target{Transport: Stdio, Command: "node", Args: []string{"server.js"}, Env: []string{"DEBUG=1", "A=2"}, Dir: "/srv", Name: "local", Source: first}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got  %#v, %v\nwant %#v", got, err, want)
	}
	// The search path alone finds the second file's definition.
	got, err = p.Parse([]string{"remote"}, Settings{})
	if err != nil || got.Transport != StreamableHTTP || got.Source != second || got.Shadows != nil {
		t.Errorf("search path: got %#v, %v", got, err)
	}
	// A word with arguments is always a command.
	if got, err := p.Parse([]string{"local", "--flag"}, Settings{ConfigFile: first}); err != nil || got.Command != "local" {
		t.Errorf("command with arguments: got %#v, %v", got, err)
	}
}

// TestParseConfigErrors: a broken file, named by --config or on the search
// path, stops the command with its path, line and column, whatever the
// target; so do a name defined twice and an unset ${env:NAME}.
func TestParseConfigErrors(t *testing.T) {
	t.Parallel()
	broken := configFile(t, ".mcp.json", "{\n  \"mcpServers\": {\n    \"raw\": {\"command\": \"x\"}\n    \"b\": {}\n  }\n}")
	twice := configFile(t, "twice.json", "{\"mcpServers\": {\"gh\": {\"command\": \"a\"}},\n \"servers\": {\"gh\": {\"command\": \"b\"}}}")
	unset := configFile(t, "unset.json", `{"mcpServers": {"gh": {"url": "http://h/mcp", "headers": {"Authorization": "Bearer ${env:TOOLBENCH_TARGET_TEST_NEVER_SET}"}}}}`)
	good := configFile(t, "good.json", `{"mcpServers": {"gh": {"command": "gh-server"}}}`)
	badHeader := configFile(t, "header.json", `{"mcpServers": {"gh": {"url": "http://h/mcp", "headers": {"Authorization": "Bearer s3cret\nX: 1"}}}}`)
	tests := []struct {
		name string
		p    Parser
		args []string
		s    Settings
		want string
	}{
		{"--config broken, name", Parser{}, []string{"raw"}, Settings{ConfigFile: broken}, broken + ":4:5: not valid JSON"},
		{"--config broken, command", Parser{}, []string{"node", "server.js"}, Settings{ConfigFile: broken}, broken + ":4:5:"},
		{"--config broken, URL", Parser{}, []string{"http://h/mcp"}, Settings{ConfigFile: broken}, broken + ":4:5:"},
		{"search path broken", Parser{ConfigPaths: func() []string { return []string{good, broken} }}, []string{"gh"}, Settings{}, broken + ":4:5:"},
		{"name twice", Parser{}, []string{"gh"}, Settings{ConfigFile: twice}, twice + `:2:14: server "gh" is defined under both "mcpServers" (line 1) and "servers"`},
		{"unset variable", Parser{}, []string{"gh"}, Settings{ConfigFile: unset}, unset + `: server "gh" uses ${env:TOOLBENCH_TARGET_TEST_NEVER_SET}, which is not set`},
		{"header value with LF", Parser{}, []string{"gh"}, Settings{ConfigFile: badHeader}, `header Authorization of server "gh" in ` + badHeader + ": the value holds a line break"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := tt.p.Parse(tt.args, tt.s)
			if !errors.Is(err, ErrBadTarget) || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "s3cret") {
				t.Errorf("got  %v\nwant an ErrBadTarget containing %s", err, tt.want)
			}
		})
	}
	var fe *config.FileError
	if _, err := (Parser{}).Parse([]string{"raw"}, Settings{ConfigFile: broken}); !errors.As(err, &fe) || fe.Line != 4 || fe.Column != 5 {
		t.Errorf("the config error is reachable as data: %#v", err)
	}
}

func TestLooksLikeURL(t *testing.T) {
	t.Parallel()
	for word, want := range map[string]bool{
		"http://h": true, "https://h/mcp": true, "ftp://h": true, "git+ssh://h": true, "HTTP://H": true,
		"npx": false, "./server": false, "C:\\server.exe": false, "localhost:3001": false, "://x": false, "1http://h": false,
	} {
		if got := LooksLikeURL(word); got != want {
			t.Errorf("LooksLikeURL(%q) = %v, want %v", word, got, want)
		}
	}
}
