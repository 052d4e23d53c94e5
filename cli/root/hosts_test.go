package root

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/peer"
)

// planted is check/host's fixture: pick_shape's root is an anyOf, which
// Claude Code answers by dropping the whole server
// (anthropics/claude-code#88049); no source says what Zed does with it.
const planted = "../../check/host/testdata/planted-root.json"

// TestHostsExitCodes: hosts exits 1 through its typed error when a
// verdict reaches --fail-on, with the explainer's hint, and 0 otherwise;
// a bad host id is a usage error.
func TestHostsExitCodes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"hosts", "--tools-file", planted}, exitToolError, "hint: --host claude-code prints each finding"},
		{[]string{"hosts", "--fail-on", "never", "--tools-file", planted}, exitOK, ""},
		{[]string{"hosts", "--host", "zed", "--tools-file", planted}, exitOK, ""},
		{[]string{"hosts", "--host", "nope", "--tools-file", planted}, exitUsage, `unknown host "nope"`},
		{[]string{"hosts", "--rules"}, exitOK, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", tt.args...)
			if r.code != tt.code || !strings.Contains(r.err, tt.err) {
				t.Errorf("exit %d, want %d with %q\n%s%s", r.code, tt.code, tt.err, r.out, r.err)
			}
		})
	}
}

// TestLintHost: lint --host claude-code adds Claude Code's verdict on
// pick_shape as an error naming the host and its source, which fails the
// run; lint --host zed adds only an info (Zed's behaviour is unknown), so
// its errors and exit are plain lint's. (No rule at this commit hides a
// tool that plain lint passes, so plain lint already fails on pick_shape;
// the counts show what --host adds.)
func TestLintHost(t *testing.T) {
	t.Parallel()
	type summary struct {
		Findings []struct {
			Rule, Severity, Message, Fix string
		} `json:"findings"`
		Summary map[string]int `json:"summary"`
	}
	lint := func(args ...string) (summary, int) {
		r := runToolbench(t, context.Background(), "", append([]string{"lint", "--json", "--tools-file", planted}, args...)...)
		var s summary
		if err := json.Unmarshal([]byte(r.out), &s); err != nil {
			t.Fatalf("lint %v: %v\n%s%s", args, err, r.out, r.err)
		}
		return s, r.code
	}
	plain, plainCode := lint()
	cc, ccCode := lint("--host", "claude-code")
	zed, zedCode := lint("--host", "zed")
	if ccCode != exitToolError || cc.Summary["error"] != plain.Summary["error"]+1 {
		t.Errorf("--host claude-code: exit %d, %d errors (plain lint %d)", ccCode, cc.Summary["error"], plain.Summary["error"])
	}
	found := false
	for _, f := range cc.Findings {
		found = found || f.Rule == "schema.input.root-not-object" && f.Severity == "error" &&
			strings.HasPrefix(f.Message, "claude-code: hidden") && strings.Contains(f.Fix, "anthropics/claude-code#88049 (2026-08-19)")
	}
	if !found {
		t.Errorf("--host claude-code has no error naming the host and its source: %+v", cc.Findings)
	}
	if zedCode != plainCode || zed.Summary["error"] != plain.Summary["error"] || zed.Summary["info"] != plain.Summary["info"]+1 {
		t.Errorf("--host zed: exit %d (plain %d), summary %v (plain %v)", zedCode, plainCode, zed.Summary, plain.Summary)
	}
	r := runToolbench(t, context.Background(), "", "lint", "--format", "sarif", "--host", "claude-code", "--tools-file", planted)
	if !strings.Contains(r.out, `"ruleId": "schema.input.root-not-object"`) {
		t.Errorf("SARIF lacks the host rule:\n%s", r.out)
	}
}

// TestHostsPeers judges the official reference servers over stdio: the
// server key is the name each reports, and no tool has a non-object
// inputSchema root, so neither Claude Code nor Cline (whose whole-server
// drops the catalogue sources) drops the server.
func TestHostsPeers(t *testing.T) {
	t.Parallel()
	mem := t.TempDir() + "/memory.json"
	servers := map[string][]string{
		"everything": {"stdio", peer.Node(t), peer.Entry(t, peer.Everything)},
		"memory":     {"-e", "MEMORY_FILE_PATH=" + mem, peer.Node(t), peer.Entry(t, peer.Memory)},
		"filesystem": {peer.Node(t), peer.Entry(t, peer.Filesystem), t.TempDir()},
	}
	names := map[string]string{"everything": "mcp-servers/everything", "memory": "memory-server", "filesystem": "secure-filesystem-server"}
	for name, target := range servers {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", withTarget(target, "hosts", "--json", "--fail-on", "never")...)
			var got struct {
				ServerName, ServerNameFrom string
				Server                     map[string]struct{ Verdict string }
				Tools                      []struct{ Name string }
			}
			if err := json.Unmarshal([]byte(r.out), &got); err != nil || r.code != exitOK {
				t.Fatalf("exit %d, %v\n%s%s", r.code, err, r.out, r.err)
			}
			if got.ServerName != names[name] || got.ServerNameFrom != "server" || len(got.Tools) == 0 {
				t.Errorf("server key %q from %q, %d tools; want %q from the server", got.ServerName, got.ServerNameFrom, len(got.Tools), names[name])
			}
			for _, h := range []string{"claude-code", "cline"} {
				if v := got.Server[h].Verdict; v == "hidden" || v == "rejected" {
					t.Errorf("%s drops the whole server (%s)", h, v)
				}
			}
			if name != "everything" {
				return // the text's header is the same for every server: one start of a server is enough
			}
			r = runToolbench(t, context.Background(), "", withTarget(target, "hosts", "--fail-on", "never")...)
			if !strings.Contains(r.out, "as the server reported it") {
				t.Errorf("the header does not say where the key came from:\n%s", r.out)
			}
		})
	}
}
