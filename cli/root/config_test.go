package root

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/testkit"
)

// writeConfig writes a config file into dir.
func writeConfig(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// fixtureEntry is a config entry that starts the fixture over stdio.
func fixtureEntry(t *testing.T) string {
	t.Helper()
	path, env := fixture.Command("")
	name, value, _ := strings.Cut(env[0], "=")
	entry, err := json.Marshal(map[string]any{"command": path, "env": map[string]string{name: value}})
	if err != nil {
		t.Fatal(err)
	}
	return string(entry)
}

// runSearching runs toolbench in-process with paths as the config search
// path.
func runSearching(t *testing.T, paths []string, args ...string) result {
	t.Helper()
	var out, errOut testkit.Buffer
	f := testFactory(&streams{In: strings.NewReader(""), Out: &out, Err: &errOut})
	f.Targets.ConfigPaths = func() []string { return paths }
	code := run(context.Background(), args, f)
	return result{out: out.String(), err: errOut.String(), code: code}
}

// TestConfigFileErrors: a config file that cannot be used stops the
// command (exit 2) with its path, line and column, wherever it was found;
// `tools --config .mcp.json raw` used to say `command "raw" not found`.
func TestConfigFileErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	broken := writeConfig(t, dir, ".mcp.json", "{\n  \"mcpServers\": {\n    \"raw\": {\"command\": \"x\"}\n    \"other\": {\"command\": \"y\"}\n  }\n}\n")
	twice := writeConfig(t, dir, "twice.json", "{\"mcpServers\": {\n  \"gh\": {\"command\": \"a\"},\n  \"gh\": {\"command\": \"b\"}}}")
	unset := writeConfig(t, dir, "unset.json", `{"mcpServers": {"gh": {"url": "http://127.0.0.1:1/mcp", "headers": {"Authorization": "Bearer ${env:TOOLBENCH_CMD_TEST_NEVER_SET}"}}}}`)
	good := writeConfig(t, dir, "good.json", `{"mcpServers": {"fix": `+fixtureEntry(t)+`}}`)
	tests := []struct {
		name  string
		paths []string
		args  []string
		want  string
	}{
		{"--config, syntax", nil, []string{"tools", "--config", broken, "raw"}, broken + ":4:5: not valid JSON: invalid character '\"' after object key:value pair"},
		{"--config, a command target", nil, []string{"tools", "--config", broken, "node", "server.js"}, broken + ":4:5:"},
		{"search path, syntax", []string{good, broken}, []string{"tools", "fix"}, broken + ":4:5:"},
		{"name twice", nil, []string{"info", "--config", twice, "gh"}, twice + `:3:3: server "gh" is defined twice (first at line 2)`},
		{"unset variable", nil, []string{"tools", "--config", unset, "gh"}, unset + `: server "gh" uses ${env:TOOLBENCH_CMD_TEST_NEVER_SET}, which is not set`},
		{"missing --config", nil, []string{"tools", "--config", filepath.Join(dir, "none.json"), "gh"}, "--config: stat "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := runSearching(t, tt.paths, tt.args...)
			if r.code != exitUsage || !strings.Contains(r.err, tt.want) || strings.Contains(r.err, "not found") {
				t.Errorf("exit %d, stderr %q; want %d and %q", r.code, r.err, exitUsage, tt.want)
			}
		})
	}
}

// TestConfigPrecedenceSaysWhatItShadows: --config comes first, then the
// search path in order; -v says which file's definition won and which
// files it shadowed.
func TestConfigPrecedenceSaysWhatItShadows(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	entry := fixtureEntry(t)
	first := writeConfig(t, dir, "first.json", `{"mcpServers": {"fix": `+entry+`}}`)
	second := writeConfig(t, dir, "second.json", `{"servers": {"fix": {"type": "http", "url": "http://127.0.0.1:1/mcp"}}}`)
	third := writeConfig(t, dir, "third.json", `{"mcpServers": {"fix": {"command": "no-such-server"}}}`)
	r := runSearching(t, []string{second, third}, "-v", "tools", "--config", first, "fix")
	if r.code != exitOK || !strings.Contains(r.out, "create_order") {
		t.Fatalf("the first definition did not win: exit %d\n%s%s", r.code, r.out, r.err)
	}
	for _, want := range []string{`toolbench: server "fix" from ` + first + ": ", `toolbench: it shadows the definitions of "fix" in ` + second + ", " + third} {
		if !strings.Contains(r.err, want) {
			t.Errorf("-v lacks %q:\n%s", want, r.err)
		}
	}
	r = runSearching(t, []string{second, third}, "tools", "--timeout", "2", "fix")
	if r.code != exitConnect || !strings.Contains(r.err, "127.0.0.1:1") {
		t.Errorf("without --config the search path's first file wins: exit %d: %s", r.code, r.err)
	}
}

// TestConfigFromEnvironment: $TOOLBENCH_CONFIG is on the real search path,
// and a broken file there stops the real binary too.
func TestConfigFromEnvironment(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	broken := writeConfig(t, dir, "env.json", `{"mcpServers": {"raw": {"command": "x",, }}}`)
	r := startBinary(t, []string{"TOOLBENCH_CONFIG=" + broken}, "tools", "raw")
	if code := r.exitCode(15 * time.Second); code != exitUsage || !strings.Contains(r.stderr.String(), broken+":1:") {
		t.Errorf("exit %d, stderr %q", code, r.stderr.String())
	}
	good := writeConfig(t, dir, "good.json", `{"mcpServers": {"fix": `+fixtureEntry(t)+`}}`)
	r = startBinary(t, []string{"TOOLBENCH_CONFIG=" + good}, "tools", "fix")
	if code := r.exitCode(15 * time.Second); code != exitOK || !strings.Contains(r.stdout.String(), "create_order") {
		t.Errorf("exit %d, stderr %q", code, r.stderr.String())
	}
}
