package root

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/era"
)

// eraArgs are target arguments that start the era fixture name, tagged so
// that no other test has met it (eras are remembered by command line).
func eraArgs(name, tag string) []string {
	path, args, env := era.Command(name, tag)
	var out []string
	for _, e := range env {
		out = append(out, "-e", e)
	}
	return append(append(out, path), args...)
}

func TestProtocolFlagRejectsBadValues(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"newest", "2026-01-01", "Legacy", "2026-07-28x"} {
		t.Run(bad, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", withTarget(eraArgs(era.SilentDiscover, t.Name()), "tools", "--protocol", bad)...)
			if r.code != exitUsage {
				t.Fatalf("exit %d, want %d; stderr:\n%s", r.code, exitUsage, r.err)
			}
			for _, want := range []string{`--protocol "` + bad + `"`, "auto, legacy, modern", "2026-07-28", "2025-11-25", "2024-11-05"} {
				if !strings.Contains(r.err, want) {
					t.Errorf("stderr does not say %q:\n%s", want, r.err)
				}
			}
		})
	}
}

// TestInfoShowsEraAndRemembersIt: info prints the era and, with -v, how it
// was decided; the second run goes by what the first remembered, in a 0600
// file under XDG_CACHE_HOME that does not hold the command line.
func TestInfoShowsEraAndRemembersIt(t *testing.T) {
	t.Parallel()
	args := eraArgs(era.SilentDiscover, t.Name())
	first := runToolbench(t, context.Background(), "", withTarget(args, "-v", "info")...)
	if first.code != 0 {
		t.Fatalf("exit %d; stderr:\n%s", first.code, first.err)
	}
	for _, want := range []string{"protocol      2025-11-25 (legacy era)", "decided       first contact; server/discover got no answer in 100ms, and initialize, sent beside it then, was answered"} {
		if !strings.Contains(first.out, want) {
			t.Errorf("first info does not say %q:\n%s", want, first.out)
		}
	}
	second := runToolbench(t, context.Background(), "", withTarget(args, "-v", "info")...)
	if !strings.Contains(second.out, "decided       remembered legacy 2025-11-25") || strings.Contains(second.out, "server/discover") {
		t.Errorf("second info must go by the remembered era without a probe:\n%s", second.out)
	}
	quiet := runToolbench(t, context.Background(), "", withTarget(args, "info", "--json")...)
	var doc map[string]any
	if err := json.Unmarshal([]byte(quiet.out), &doc); err != nil || doc["era"] != client.EraLegacy {
		t.Errorf("info --json era = %v (%v):\n%s", doc["era"], err, quiet.out)
	}
	path := filepath.Join(os.Getenv("XDG_CACHE_HOME"), "toolbench", "eras.json")
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatalf("the era cache is not under the test's XDG_CACHE_HOME: %v", err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("%s: mode %o, want 600", path, fi.Mode().Perm())
	}
	b, _ := os.ReadFile(path)
	if strings.Contains(string(b), t.Name()) || strings.Contains(string(b), "era-fixture") {
		t.Errorf("the era cache holds a command line in the clear:\n%s", b)
	}
}

func TestProtocolModernFailsLoudly(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", withTarget(eraArgs(era.EmptyDiscover, t.Name()), "tools", "--protocol", "modern")...)
	if r.code != exitConnect {
		t.Fatalf("exit %d, want %d; stderr:\n%s", r.code, exitConnect, r.err)
	}
	for _, want := range []string{"not on protocol 2026-07-28", "not a DiscoverResult: supportedVersions is missing", "initialize was not sent"} {
		if !strings.Contains(r.err, want) {
			t.Errorf("stderr does not say %q:\n%s", want, r.err)
		}
	}
}

func TestProtocolLegacyReachesLegacyAtOnce(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", withTarget(eraArgs(era.SilentDiscover, t.Name()), "-v", "info", "--protocol", "legacy")...)
	if r.code != 0 || !strings.Contains(r.out, "decided       protocol forced to legacy: initialize sent at once") {
		t.Fatalf("exit %d:\n%s\n%s", r.code, r.out, r.err)
	}
}

func TestExplainModernErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		err  *client.RPCError
		want []string
	}{
		{"unsupported version", &client.RPCError{Method: "tools/call", Code: -32022, Message: "Unsupported protocol version",
			Data: json.RawMessage(`{"supported":["2026-07-28","2025-11-25"],"requested":"1900-01-01"}`)},
			[]string{`does not support protocol version "1900-01-01"; it supports "2026-07-28", "2025-11-25"`, "--protocol VERSION"}},
		{"missing capability", &client.RPCError{Method: "tools/call", Code: -32021, Message: "needs elicitation",
			Data: json.RawMessage(`{"requiredCapabilities":{"sampling":{},"elicitation":{}}}`)},
			[]string{`requires client capabilities toolbench did not declare: "elicitation", "sampling"`}},
		{"missing capability without data", &client.RPCError{Method: "tools/call", Code: -32021, Message: "needs elicitation"},
			[]string{"requires a client capability toolbench did not declare"}},
		{"header mismatch", &client.RPCError{Method: "tools/call", Code: -32020, Message: "Header mismatch"},
			[]string{"HTTP headers (Mcp-Method, Mcp-Name, Mcp-Param-*) do not match its body"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := strings.Join(explain(tc.err), "\n")
			for _, want := range tc.want {
				if !strings.Contains(got, want) {
					t.Errorf("explain says:\n%s\nwant %q", got, want)
				}
			}
		})
	}
	if lines := explain(&client.RPCError{Method: "tools/call", Code: -32601, Message: "nope"}); len(lines) != 1 {
		t.Errorf("a legacy error gets no modern words: %q", lines)
	}
}

// TestExcludedToolsMarkedAndRefused: on 2026-07-28 over streamable HTTP,
// tools lists a tool with an invalid x-mcp-header, marked with why, and
// call refuses it with that reason.
func TestExcludedToolsMarkedAndRefused(t *testing.T) {
	t.Parallel()
	url, _, stop, err := era.StartModernHTTP()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	target := []string{"http", url}
	r := runToolbench(t, context.Background(), "", withTarget(target, "tools")...)
	if r.code != 0 {
		t.Fatalf("tools: exit %d\n%s", r.code, r.err)
	}
	for _, want := range []string{era.BadHeaderTool + " (excluded)", "excluded: " + era.BadHeaderTool + ": toolbench will not call it: invalid x-mcp-header"} {
		if !strings.Contains(r.out, want) {
			t.Errorf("tools does not say %q:\n%s", want, r.out)
		}
	}
	js := runToolbench(t, context.Background(), "", withTarget(target, "tools", "--json")...)
	var doc struct {
		Excluded map[string]string `json:"excluded"`
	}
	if err := json.Unmarshal([]byte(js.out), &doc); err != nil || !strings.Contains(doc.Excluded[era.BadHeaderTool], "x-mcp-header") {
		t.Errorf("tools --json excluded = %v (%v)", doc.Excluded, err)
	}
	call := runToolbench(t, context.Background(), "", withTarget(target, "call", era.BadHeaderTool)...)
	if call.code != exitToolError || !strings.Contains(call.err, "toolbench does not call "+era.BadHeaderTool+": invalid x-mcp-header") {
		t.Errorf("call: exit %d\n%s", call.code, call.err)
	}
}
