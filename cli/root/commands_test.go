package root

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestToolsTable(t *testing.T) {
	t.Parallel()
	target, _ := fixtureCmd(t)
	r := runToolbench(t, context.Background(), "", withTarget(target, "tools")...)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	for _, w := range []string{
		"NAME", "create_order", "items*, shipping_address*, payment_method, note", "schema",
		"save_contact", "-DI-", "set_priority", "????", "15 tools.",
	} {
		if !strings.Contains(r.out, w) {
			t.Errorf("table lacks %q:\n%s", w, r.out)
		}
	}
}

func TestToolsJSONIsRaw(t *testing.T) {
	t.Parallel()
	target, _ := fixtureCmd(t)
	r := runToolbench(t, context.Background(), "", withTarget(target, "tools", "--json")...)
	var got struct {
		Tools []map[string]json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil || len(got.Tools) != 15 {
		t.Fatalf("exit %d, %v: %s", r.code, err, r.out)
	}
	for _, tool := range got.Tools {
		if tool["inputSchema"] == nil {
			t.Errorf("tool without inputSchema: %s", tool["name"])
		}
	}
}

func TestInfo(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", "info", "demo")
	for _, w := range []string{"server        toolbench-demo 1.0.0", "transport     stdio", "capabilities  logging, tools (listChanged)", "instructions",
		"The toolbench demo server: every tool is simulated"} {
		if !strings.Contains(r.out, w) {
			t.Errorf("info lacks %q (exit %d):\n%s%s", w, r.code, r.out, r.err)
		}
	}
	r = runToolbench(t, context.Background(), "", "info", "--json", "demo")
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(r.out), &got); err != nil || got["capabilities"] == nil || got["initializeResult"] == nil {
		t.Errorf("info --json: %v\n%s", err, r.out)
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"tools"}, "no server given"},
		{[]string{"call"}, "call needs a TOOL name"},
		{[]string{"tools", "--nope", "srv"}, "unknown flag: --nope (see 'toolbench tools --help')"},
		{[]string{"--nope"}, "unknown flag: --nope (see 'toolbench --help')"},
		{[]string{"frobnicate"}, `unknown command "frobnicate" (see 'toolbench --help' for the commands)`},
		{[]string{"call", "echo", "--args", "{}", "--args-file", "x", "srv"}, "--args and --args-file both given"},
	}
	for _, tt := range tests {
		r := runToolbench(t, context.Background(), "", tt.args...)
		if r.code != exitUsage || !strings.Contains(r.err, tt.want) || strings.Contains(r.err, "toolbench toolbench") {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, r.code, r.err, exitUsage, tt.want)
		}
	}
}

func TestConnectFailureExitCode(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", "tools", "toolbench-no-such-server")
	if r.code != exitConnect || !strings.Contains(r.err, `command "toolbench-no-such-server" not found`) {
		t.Errorf("exit %d: %s", r.code, r.err)
	}
	r = runToolbench(t, context.Background(), "", "tools", "--timeout", "2", "http", "http://127.0.0.1:1/mcp")
	if r.code != exitConnect || !strings.Contains(r.err, "connection refused") {
		t.Errorf("exit %d: %s", r.code, r.err)
	}
}
