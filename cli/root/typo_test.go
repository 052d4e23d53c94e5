package root

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
)

// TestTyposAreUsageErrors: a mistyped flag names the flags meant, a
// mistyped config name the configured server (not a missing command), a
// diff side that is a missing file is that file, and a --config file that
// is empty is that file: each exit 2, before anything starts.
func TestTyposAreUsageErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := writeConfig(t, dir, "c.json", `{"mcpServers": {"everything": {"command": "srv"}, "github": {"command": "gh"}}}`)
	empty := writeConfig(t, dir, "empty.json", "")
	good := writeConfig(t, dir, "good.json", `{"tools": []}`)
	missing := filepath.Join(dir, "missing")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"tools", "--jsn", "x"}, "unknown flag: --jsn; did you mean --json? (see 'toolbench tools --help')"},
		{[]string{"call", "x", "--argz", "a=1", "y"}, "unknown flag: --argz; did you mean --arg, --args?"},
		{[]string{"tools", "everything", "--jsn"}, "unknown flag: --jsn; did you mean --json?"},
		{[]string{"tools", "--nope", "x"}, "unknown flag: --nope (see 'toolbench tools --help')"},
		{[]string{"call", "x", "--no-validat", "y"}, "unknown flag: --no-validat; did you mean --no-validate?"},
		{[]string{"tools", "everythng"}, `"everythng" is neither a server of your config files nor a command on PATH; did you mean the configured server "everything"?`},
		{[]string{"info", "--config", cfg, "githb"}, `did you mean the configured server "github"?`},
		{[]string{"diff", missing + ".json", good}, missing + ".json: no such file or directory"},
		{[]string{"diff", missing, good}, missing + ": no such file or directory"},
		{[]string{"diff", good, missing}, missing + ": no such file or directory"},
		{[]string{"diff", "github", missing + ".json"}, missing + ".json: no such file or directory"},
		{[]string{"tools", "--config", empty, "github"}, empty + ": the file defines no servers (it is empty or null)"},
	}
	for _, tt := range tests {
		r := runToolbenchWith(t, func(f *factory) {
			f.Targets.ConfigPaths = func() []string { return []string{cfg} }
			f.Connect = func(context.Context, target.Target, client.Options) (*client.Session, error) {
				t.Errorf("%q: connected", tt.args)
				return nil, errors.New("no server")
			}
		}, tt.args...)
		if r.code != exitUsage || !strings.Contains(r.err, tt.want) {
			t.Errorf("%q: exit %d, stderr:\n%s\nwant %d and %q", tt.args, r.code, r.err, exitUsage, tt.want)
		}
	}
}

// TestBrokenPresetsFileStopsTheCall: a presets file that is empty or not
// JSON is reported with its path and the fix before a call with --preset
// or --save-preset starts anything (exit 2); --save-preset used to find
// it only after the call, and an empty file said "EOF".
func TestBrokenPresetsFileStopsTheCall(t *testing.T) {
	t.Parallel()
	for name, text := range map[string]string{"empty": "", "corrupt": "{\"version\": 1, \"presets\": [tru"} {
		dir := t.TempDir()
		path := writeConfig(t, dir, "presets.json", text)
		for _, flag := range []string{"--save-preset", "--preset"} {
			r := runIn(t, dir, "call", "echo", flag, "usual", "--", filepath.Join(dir, "no-such-server"))
			want := map[string]string{"empty": path + " is empty, not a presets file; delete it", "corrupt": path + " is not a presets file: "}[name]
			if r.code != exitUsage || !strings.Contains(r.err, want) || strings.Contains(r.err, "no-such-server") {
				t.Errorf("%s file, %s: exit %d, stderr:\n%s\nwant %d and %q", name, flag, r.code, r.err, exitUsage, want)
			}
		}
	}
}
