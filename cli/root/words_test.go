package root

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestURLsThatAreNotServers: a word that looks like scheme:// is a URL,
// and one toolbench cannot reach a server at is a usage error (exit 2):
// ftp:// used to be started as a command.
func TestURLsThatAreNotServers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"tools", "ftp://files.example.com/mcp"}, `"ftp://files.example.com/mcp": toolbench reaches servers over http:// or https://, not ftp://`},
		{[]string{"info", "ws://127.0.0.1:1/mcp"}, "not ws://"},
		{[]string{"tools", "http:///mcp"}, `"http:///mcp" has no host; write it as http://HOST[:PORT]/PATH`},
		{[]string{"tools", "sse", "https://:8080/sse"}, "has no host"},
	}
	for _, tt := range tests {
		r := runToolbench(t, context.Background(), "", tt.args...)
		if r.code != exitUsage || !strings.Contains(r.err, tt.want) || strings.Contains(r.err, "not found") {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, r.code, r.err, exitUsage, tt.want)
		}
	}
}

// TestHeaderValuesThatAreNotOneLine: a header value with CR or LF would
// start a header of its own; it is a usage error that does not echo it.
func TestHeaderValuesThatAreNotOneLine(t *testing.T) {
	t.Parallel()
	for _, h := range []string{"Authorization: Bearer s3cret\r\nX-Injected: 1", "Authorization: s3cret\n", "X-A: s3cret\r"} {
		r := runToolbench(t, context.Background(), "", "tools", "-H", h, "http://127.0.0.1:1/mcp")
		if r.code != exitUsage || !strings.Contains(r.err, "holds a line break (CR or LF)") || strings.Contains(r.err, "s3cret") {
			t.Errorf("-H %q: exit %d, stderr %q", h, r.code, r.err)
		}
	}
}

// TestVerboseEverywhere: -v is --verbose before or after the command's
// name; it used to print the version before it and run nothing.
func TestVerboseEverywhere(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"-v", "tools", "demo"}, {"tools", "-v", "demo"}, {"--verbose", "info", "demo"}, {"schema", "echo", "-v", "demo"}} {
		r := runToolbench(t, context.Background(), "", args...)
		if r.code != exitOK || !strings.Contains(r.err, "toolbench: connecting to ") || strings.Contains(r.out, "toolbench dev") || r.out == "" {
			t.Errorf("%v: exit %d\nstdout %q\nstderr %q", args, r.code, r.out, r.err)
		}
	}
}

// TestVersion: the version is --version and `toolbench version`.
func TestVersion(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"--version"}, {"version"}} {
		r := runToolbench(t, context.Background(), "", args...)
		if r.code != exitOK || r.out != "toolbench "+versionString()+"\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, r.code, r.out, r.err)
		}
	}
}

// TestUnknownCommandSuggests: an unknown command is named, with the
// commands it may mean, whatever flags follow it.
func TestUnknownCommandSuggests(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"tols", "demo"}, `unknown command "tols"; did you mean "tools"?`},
		{[]string{"lnt", "--fail-on", "warning", "demo"}, `unknown command "lnt"; did you mean "lint"?`},
		{[]string{"-v", "cal", "echo", "demo"}, `unknown command "cal"; did you mean "call"?`},
		{[]string{"frobnicate", "--x"}, `unknown command "frobnicate" (see 'toolbench --help' for the commands)`},
	}
	for _, tt := range tests {
		r := runToolbench(t, context.Background(), "", tt.args...)
		if r.code != exitUsage || !strings.Contains(r.err, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", tt.args, r.code, r.err, tt.want)
		}
	}
	if r := runToolbench(t, context.Background(), "", "help", "tools"); r.code != exitOK || !strings.Contains(r.out, "List the server's tools") {
		t.Errorf("help tools: exit %d: %s%s", r.code, r.out, r.err)
	}
}

// TestOneTool: counts agree with their nouns: "1 tool", not "1 tools".
func TestOneTool(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "one.tools.json")
	doc := `{"tools": [{"name": "only", "description": "The only tool.", "inputSchema": {"type": "object"}}]}`
	if err := os.WriteFile(file, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	target := mockTarget(t, file, "stdio")
	r := runToolbench(t, context.Background(), "", withTarget(target, "tools")...)
	if r.code != exitOK || !strings.Contains(r.out, "\n1 tool. Hints:") {
		t.Errorf("tools: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = runToolbench(t, context.Background(), "", withTarget(target, "call", "nothing-like-it")...)
	if r.code != exitUsage || !strings.Contains(r.err, "(it has 1 tool; ") {
		t.Errorf("call of an absent tool: exit %d: %s", r.code, r.err)
	}
	if url := startMock(t, "--tools-file", file, "--http"); url == "" {
		t.Error("the mock announced no URL")
	}
}

// TestInsecureWarnsAndTLSFlagsNeedHTTP: --insecure warns on every use;
// --ca-cert and --insecure on a stdio server are usage errors.
func TestInsecureWarnsAndTLSFlagsNeedHTTP(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"tools", "--insecure", "https://127.0.0.1:1/mcp"}, {"call", "echo", "--insecure", "https://127.0.0.1:1/mcp"}} {
		r := runToolbench(t, context.Background(), "", args...)
		if !strings.HasPrefix(r.err, "toolbench: warning: --insecure: the certificate of https://127.0.0.1:1/mcp is not checked") {
			t.Errorf("%v: no warning: exit %d: %s", args, r.code, r.err)
		}
	}
	for _, args := range [][]string{{"tools", "--insecure", "demo"}, {"tools", "--ca-cert", "words_test.go", "node", "s.js"}, {"tools", "--ca-cert", "no-such.pem", "https://h/mcp"}} {
		if r := runToolbench(t, context.Background(), "", args...); r.code != exitUsage || !strings.Contains(r.err, "--ca-cert") {
			t.Errorf("%v: exit %d: %s", args, r.code, r.err)
		}
	}
}
