package root

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// TestTrailingFlagsMoved: flags after a target that takes no words of its
// own (a URL, sse/http URL, a config name, demo, a snapshot file) are
// toolbench's and move before it; words after a command, or after --,
// stay the server's. `snapshot http://host/mcp -o f` used to say
// "unexpected arguments after the URL" and `tools everything --json`
// started a command called everything.
func TestTrailingFlagsMoved(t *testing.T) {
	t.Parallel()
	defines := func(name, _ string) (bool, error) {
		if name == "npx" || name == "broken" {
			// A config file that cannot be parsed may define them.
			return false, errors.New("broken config file")
		}
		return name == "everything", nil
	}
	tests := []struct {
		args, want string
	}{
		{"snapshot http://127.0.0.1:1/mcp -o f.json", "snapshot -o f.json http://127.0.0.1:1/mcp"},
		{"tools everything --json", "tools --json everything"},
		{"-v tools --timeout 2m everything --json -e A=1", "-v tools --timeout 2m --json -e A=1 everything"},
		{"tools sse http://h/sse --json", "tools --json sse http://h/sse"},
		{"tools demo --json", "tools --json demo"},
		{"call echo http://h/mcp --args {} --json", "call echo --args {} --json http://h/mcp"},
		{"probe http://h/mcp --tool a --tool=b", "probe --tool a --tool=b http://h/mcp"},
		{"diff old.json new.json --json", "diff old.json --json new.json"},
		{"tools everything --jsn", "tools --jsn everything"},
		{"presets rm usual --tool echo everything --help", "presets rm usual --tool echo --help everything"},
		// A server's own words, or words that are not only flags: unchanged.
		{"tools npx -y some-server --port 1", "tools npx -y some-server --port 1"},
		{"tools npx -y", "tools npx -y"},
		{"tools broken --json", "tools --json broken"},
		{"tools -- node server.js -o out.json", "tools -- node server.js -o out.json"},
		{"tools stdio -- node server.js --json", "tools stdio -- node server.js --json"},
		{"call echo -- node server.js --json", "call echo -- node server.js --json"},
		{"snapshot http://h/mcp extra -o f", "snapshot http://h/mcp extra -o f"},
		{"tools everything", "tools everything"},
		{"history --json", "history --json"},
	}
	for _, tt := range tests {
		root := newRootCmd(testFactory(&streams{In: strings.NewReader(""), Out: &testkit.Buffer{}, Err: &testkit.Buffer{}}))
		got, err := reach.PlaceTrailingFlags(root, strings.Fields(tt.args), reach.Names{Defines: defines, File: memory.SnapshotWord})
		if err != nil || strings.Join(got, " ") != tt.want {
			t.Errorf("%s:\n got %q (%v)\nwant %q", tt.args, strings.Join(got, " "), err, tt.want)
		}
	}
}

// TestTrailingFlagsRefused: a flag of the command after a stdio server's
// command is refused (exit 2) before anything starts, with the spelling
// for either meaning; -e and -H values are not echoed. `snapshot node
// server.js -o out.json` used to pass -o to the server and print the
// snapshot on stdout, and `call search_nodes node mem.js --arg
// query=Alice` to say that query was missing.
func TestTrailingFlagsRefused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"snapshot", "node", "server.js", "-o", "out.json"}, []string{
			`"-o out.json" after the server command would go to the server`,
			"    toolbench snapshot -o out.json -- node server.js\n",
			"    toolbench snapshot -- node server.js -o out.json\n"}},
		{[]string{"call", "search_nodes", "node", "mem.js", "--arg", "query=Alice"}, []string{
			"    toolbench call search_nodes --arg query=Alice -- node mem.js\n",
			"    toolbench call search_nodes -- node mem.js --arg query=Alice\n"}},
		{[]string{"tools", "npx", "-y", "srv", "-v"}, []string{"toolbench tools -v -- npx -y srv\n"}},
		{[]string{"tools", "stdio", "node", "s.js", "--json"}, []string{"toolbench tools --json -- node s.js\n", "toolbench tools -- node s.js --json\n"}},
		{[]string{"tools", "-H", "X-Api-Key: hunter2hunter2", "docker", "run", "-e", "GITHUB_TOKEN=ghp_secretvalue", "img"}, []string{
			"toolbench tools -H 'X-Api-Key: $X_API_KEY' -e GITHUB_TOKEN=$GITHUB_TOKEN -- docker run img\n"}},
	}
	for _, tt := range tests {
		r := runToolbenchWith(t, func(f *factory) {
			f.Connect = func(context.Context, target.Target, client.Options) (*client.Session, error) {
				t.Errorf("%q: connected", tt.args)
				return nil, errors.New("no server")
			}
		}, tt.args...)
		if r.code != exitUsage {
			t.Errorf("%q: exit %d, want %d\n%s", tt.args, r.code, exitUsage, r.err)
		}
		for _, w := range tt.want {
			if !strings.Contains(r.err, w) {
				t.Errorf("%q: stderr lacks %q:\n%s", tt.args, w, r.err)
			}
		}
		if strings.Contains(r.err, "ghp_secretvalue") || strings.Contains(r.err, "hunter2") {
			t.Errorf("%q: a secret in the hint:\n%s", tt.args, r.err)
		}
	}
}

// TestTrailingFlagsAfterConfigName: `tools everything --json` with a
// configured everything reaches that server with --json; it used to say
// command "everything" not found.
func TestTrailingFlagsAfterConfigName(t *testing.T) {
	t.Parallel()
	cfg := writeConfig(t, t.TempDir(), "c.json", `{"mcpServers": {"everything": {"command": "srv-from-config"}}}`)
	var got target.Target
	r := runToolbenchWith(t, func(f *factory) {
		f.Targets.ConfigPaths = func() []string { return []string{cfg} }
		f.Connect = func(_ context.Context, tg target.Target, _ client.Options) (*client.Session, error) {
			got = tg
			return nil, errors.New("stop here")
		}
	}, "tools", "everything", "--json", "--timeout", "3")
	if got.Name != "everything" || got.Command != "srv-from-config" || filepath.Base(got.Source) != "c.json" {
		t.Errorf("reached %+v; stderr %s", got, r.err)
	}
	// The file --config names, before the target or after it.
	for _, args := range [][]string{{"tools", "--config", cfg, "everything", "--json"}, {"tools", "everything", "--json", "--config=" + cfg}} {
		got = target.Target{}
		r = runToolbenchWith(t, func(f *factory) {
			f.Connect = func(_ context.Context, tg target.Target, _ client.Options) (*client.Session, error) {
				got = tg
				return nil, errors.New("stop here")
			}
		}, args...)
		if got.Command != "srv-from-config" {
			t.Errorf("%q reached %+v; stderr %s", args, got, r.err)
		}
	}
}
