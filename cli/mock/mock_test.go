package mock

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/internal/testkit"
	mockserver "github.com/toolbench/toolbench/mock"
)

// execMock runs `toolbench mock ARGS` on stdin in, with runF as
// NewCmdMock takes it, and returns its stdout, stderr and error.
func execMock(t *testing.T, in string, runF func(*Options) error, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut testkit.Buffer
	cmd := NewCmdMock(&iostreams.Streams{In: strings.NewReader(in), Out: &out, Err: &errOut}, runF)
	cmd.SetArgs(args)
	cmd.SetOut(&errOut)
	cmd.SetErr(&errOut)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.ExecuteContext(context.Background())
	return out.String(), errOut.String(), err
}

func TestMockParse(t *testing.T) {
	t.Parallel()
	var got *Options
	keep := func(o *Options) error { got = o; return nil }
	if _, _, err := execMock(t, "", keep, "--tools-file", "x.json", "--http", "127.0.0.1:8080"); err != nil ||
		got.Transport != mockserver.StreamableHTTP || got.Addr != "127.0.0.1:8080" {
		t.Errorf("--http ADDR: %+v, %v", got, err)
	}
	got = nil
	if _, _, err := execMock(t, "", keep, "--tools-file", "x.json", "--sse"); err != nil ||
		got.Transport != mockserver.SSE || got.Addr != mockserver.DefaultAddr {
		t.Errorf("bare --sse: %+v, %v", got, err)
	}
}

func TestMockUsage(t *testing.T) {
	t.Parallel()
	file := "../../mock/testdata/memory.tools.json"
	bad := filepath.Join(t.TempDir(), "bad.json")
	_ = os.WriteFile(bad, []byte(`{"tools": [{"name": "a"}, {"name": "a"}]}`), 0o600)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{}, "mock needs --tools-file FILE"},
		{[]string{"--tools-file", file, "--http", "--sse"}, "--http and --sse both given"},
		{[]string{"--tools-file", file, "--http=0.0.0.0:0"}, "reachable from other machines; use 127.0.0.1:PORT, or --listen-any"},
		{[]string{"--tools-file", file, "--sse", ":0"}, "would listen on every interface"},
		{[]string{"--tools-file", file, "--http=8080"}, `bad address "8080": want HOST:PORT`},
		{[]string{"--tools-file", "-"}, "stdin carries the protocol over stdio"},
		{[]string{"--tools-file", file, "extra"}, `unexpected argument "extra"`},
		{[]string{"--tools-file", bad}, `tool "a" is listed twice`},
		{[]string{"--tools-file", "no-such-file.json"}, "--tools-file: open no-such-file.json"},
	}
	for _, tt := range tests {
		_, _, err := execMock(t, "", nil, tt.args...)
		var u usage.Error
		if !errors.As(err, &u) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: %v; want a usage error saying %q", tt.args, err, tt.want)
		}
	}
}

// TestMockStdioInProcess drives the stdio mode through the command's own
// streams: stdout carries JSON-RPC only, the announcement goes to stderr.
func TestMockStdioInProcess(t *testing.T) {
	t.Parallel()
	in := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read_graph","arguments":{}}}
`
	out, errOut, err := execMock(t, in, nil, "--tools-file", "../../mock/testdata/memory.tools.json")
	if err != nil || !strings.Contains(errOut, "mock: serving 9 tools over stdio") {
		t.Fatalf("%v: %s", err, errOut)
	}
	// mcp-go's stdio server answers requests concurrently, so the replies
	// are matched by id, not by order.
	lines := strings.Split(strings.TrimSpace(out), "\n")
	byID := map[int]string{}
	for _, l := range lines {
		var msg struct {
			JSONRPC string `json:"jsonrpc"`
			ID      int    `json:"id"`
		}
		if json.Unmarshal([]byte(l), &msg) != nil || msg.JSONRPC != "2.0" {
			t.Errorf("not JSON-RPC on stdout: %q", l)
		}
		byID[msg.ID] = l
	}
	if len(lines) != 2 || !strings.Contains(byID[1], `"serverInfo"`) ||
		!strings.Contains(byID[2], `"structuredContent":{"entities":[`) {
		t.Errorf("stdout:\n%s", out)
	}
}
