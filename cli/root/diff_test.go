package root

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/internal/fixture/beyond"
	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/snapshot"
)

// takeFixtureSnapshot snapshots target into a file in dir and returns
// its path.
func takeFixtureSnapshot(t *testing.T, target []string, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "before.json")
	r := runToolbench(t, context.Background(), "", withTarget(target, "snapshot", "-o", path)...)
	if r.code != exitOK || !strings.Contains(r.err, "wrote the snapshot of") {
		t.Fatalf("snapshot: exit %d\n%s%s", r.code, r.out, r.err)
	}
	return path
}

// editSnapshot writes a copy of the snapshot at path with edit applied to
// its tools, decoded as maps.
func editSnapshot(t *testing.T, path, name string, edit func(tools map[string]map[string]any) []any) string {
	t.Helper()
	var doc map[string]any
	if err := json.Unmarshal([]byte(readFile(path)), &doc); err != nil {
		t.Fatal(err)
	}
	byName := map[string]map[string]any{}
	for _, x := range doc["tools"].([]any) {
		m := x.(map[string]any)
		byName[m["name"].(string)] = m
	}
	doc["tools"] = edit(byName)
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(filepath.Dir(path), name)
	if err := os.WriteFile(out, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSnapshotIsToolsJSON checks that a snapshot holds the tools exactly as
// `tools --json` prints them, with the server's name.
func TestSnapshotIsToolsJSON(t *testing.T) {
	t.Parallel()
	args, _ := fixtureCmd(t)
	r := runToolbench(t, context.Background(), "", withTarget(args, "snapshot")...)
	snap, err := snapshot.Parse([]byte(r.out))
	if r.code != exitOK || err != nil {
		t.Fatalf("snapshot: exit %d, %v\n%s", r.code, err, r.err)
	}
	listed := runToolbench(t, context.Background(), "", withTarget(args, "tools", "--json")...)
	var tools struct {
		Tools json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal([]byte(listed.out), &tools); err != nil {
		t.Fatal(err)
	}
	// The fixture echoes its -e TOOLBENCH_FIXTURE_SERVE=stdio in a
	// description; a -e value not named like a credential is no secret,
	// so the snapshot keeps the text as the server sent it.
	if !jsondoc.Equal(snap.Tools, tools.Tools) || !bytes.Contains(snap.Tools, []byte("over stdio to test")) {
		t.Errorf("snapshot tools differ from tools --json:\n%s\n%s", snap.Tools, tools.Tools)
	}
	if snap.Server.Name == "" || snap.ProtocolVersion == "" || snap.Taken.IsZero() || snap.Resources != nil {
		t.Errorf("snapshot header: %+v", snap)
	}
}

// TestSnapshotBeyondTools checks that resources, templates and prompts are
// kept when the server offers them.
func TestSnapshotBeyondTools(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", withTarget(beyondCmd(beyond.Legacy), "snapshot")...)
	snap, err := snapshot.Parse([]byte(r.out))
	if r.code != exitOK || err != nil {
		t.Fatalf("snapshot: exit %d, %v\n%s", r.code, err, r.err)
	}
	for name, raw := range map[string]json.RawMessage{"resources": snap.Resources, "resourceTemplates": snap.ResourceTemplates, "prompts": snap.Prompts} {
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil || len(items) == 0 {
			t.Errorf("%s: %v, %d items", name, err, len(items))
		}
	}
	if !strings.Contains(string(snap.Resources), beyond.BlobURI) || !strings.Contains(string(snap.ResourceTemplates), beyond.FileTemplate) {
		t.Errorf("the fixture's resources are missing")
	}
}

func TestDiffCommand(t *testing.T) {
	t.Parallel()
	target, _ := fixtureCmd(t)
	before := takeFixtureSnapshot(t, target, t.TempDir())
	breaking := editSnapshot(t, before, "breaking.json", func(tools map[string]map[string]any) []any {
		tools["draw_shape"]["inputSchema"].(map[string]any)["required"] = []any{"shape", "color"}
		tools["echo"]["description"] = tools["echo"]["description"].(string) + ", loudly"
		delete(tools, "weather_ok")
		var out []any
		for _, x := range tools {
			out = append(out, x)
		}
		return out
	})
	wording := editSnapshot(t, before, "wording.json", func(tools map[string]map[string]any) []any {
		tools["echo"]["description"] = tools["echo"]["description"].(string) + ", loudly"
		var out []any
		for _, x := range tools {
			out = append(out, x)
		}
		return out
	})
	tests := []struct {
		name string
		args []string
		code int
		want []string
	}{
		{"same file", []string{"diff", before, before}, exitOK, []string{"No changes."}},
		{"live against its own snapshot, secrets and all", withTarget(target, "diff", "--fail-on", "any", before), exitOK, []string{"No changes."}},
		{"file against file", []string{"diff", before, breaking}, exitOK, []string{
			"tool draw_shape: 1 breaking, 0 non-breaking", "BREAKING      /inputSchema/required  'color' is now required",
			"tool echo: 0 breaking, 1 non-breaking", "non-breaking  /description  description changed", "{+, loudly+}",
			"tool weather_ok: 1 breaking, 0 non-breaking", "BREAKING      tool 'weather_ok' was removed",
			"3 changes in 3 items: 2 breaking, 1 non-breaking."}},
		{"flags after the files", []string{"diff", before, breaking, "--fail-on", "breaking"}, exitToolError, []string{"2 breaking"}},
		{"fail on breaking, breaking", []string{"diff", "--fail-on", "breaking", before, breaking}, exitToolError, []string{"2 breaking"}},
		{"fail on breaking, wording", []string{"diff", "--fail-on", "breaking", before, wording}, exitOK, []string{"0 breaking, 1 non-breaking."}},
		{"fail on any, wording", []string{"diff", "--fail-on", "any", before, wording}, exitToolError, []string{"0 breaking, 1 non-breaking."}},
		{"fail on any, nothing", []string{"diff", "--fail-on", "any", before, before}, exitOK, []string{"No changes."}},
		{"live against file", withTarget(target, "diff", "--fail-on", "breaking", breaking), exitOK, []string{
			"non-breaking  /inputSchema/required  'color' is now optional", "non-breaking  new tool 'weather_ok'", "[-, loudly-]"}},
		{"file against live, flag between", withTarget(target, "diff", breaking, "--fail-on", "any"), exitToolError, []string{"new tool 'weather_ok'"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", tt.args...)
			if r.code != tt.code {
				t.Errorf("exit %d, want %d\n%s%s", r.code, tt.code, r.out, r.err)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.out, w) {
					t.Errorf("output lacks %q:\n%s", w, r.out)
				}
			}
			if strings.Contains(r.out, "\x1b[") {
				t.Errorf("colour on a pipe:\n%q", r.out)
			}
		})
	}
}

func TestDiffJSON(t *testing.T) {
	t.Parallel()
	target, _ := fixtureCmd(t)
	before := takeFixtureSnapshot(t, target, t.TempDir())
	after := editSnapshot(t, before, "after.json", func(tools map[string]map[string]any) []any {
		tools["echo"]["description"] = "Say it again"
		return []any{tools["echo"]}
	})
	r := runToolbench(t, context.Background(), "", "diff", "--json", before, after)
	var got snapshot.Report
	if err := json.Unmarshal([]byte(r.out), &got); err != nil || r.code != exitOK {
		t.Fatalf("exit %d, %v\n%s%s", r.code, err, r.out, r.err)
	}
	if got.Breaking != 14 || got.NonBreaking != 1 || len(got.Groups) != 15 {
		t.Errorf("report: %d breaking, %d non-breaking, %d groups", got.Breaking, got.NonBreaking, len(got.Groups))
	}
	g := got.Groups[0]
	if g.Kind != snapshot.KindTool || g.Name != "echo" || g.Changes[0].Rule != "description-changed" || len(g.Changes[0].Text) == 0 {
		t.Errorf("first group: %+v", g)
	}
	for _, g := range got.Groups[1:] {
		if c := g.Changes[0]; c.Rule != "tool-removed" || c.Severity != snapshot.Breaking || c.Old == nil {
			t.Errorf("group %s: %+v", g.Name, c)
		}
	}
}

// The SGR sequences diff colours with, as a terminal receives them.
const (
	ansiRed   = "\x1b[31m"
	ansiGreen = "\x1b[32m"
	ansiReset = "\x1b[0m"
)

func TestDiffColourOnATerminal(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	old := writeTestFile(t, dir, "old.json", `{"tools":[{"name":"t","description":"a b","inputSchema":{"properties":{"x":{}}}}]}`)
	new := writeTestFile(t, dir, "new.json", `{"tools":[{"name":"t","description":"a c","inputSchema":{"properties":{"x":{}},"required":["x"]}},`+
		`{"name":"evil\u001b]0;owned\u0007","description":"\u001b[2Jgone","inputSchema":{}}]}`)
	r := runOnTerminal(t, "diff", old, new)
	if strings.Contains(r.out, "\x1b]0;") || strings.Contains(r.out, "\x1b[2J") {
		t.Errorf("a server's text drives the terminal:\n%q", r.out)
	}
	for _, w := range []string{ansiRed + "BREAKING    " + ansiReset, ansiRed + "[-b-]" + ansiReset + ansiGreen + "{+c+}" + ansiReset} {
		if !strings.Contains(r.out, w) {
			t.Errorf("terminal output lacks %q:\n%q", w, r.out)
		}
	}
}

func TestDiffBadSides(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := writeTestFile(t, dir, "good.json", `{"tools":[]}`)
	write := func(name, body string) string { return writeTestFile(t, dir, name, body) }
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"not JSON", []string{"diff", write("trunc.json", `{"tools": [`), good}, exitUsage, "trunc.json: not JSON at offset 11"},
		{"not a snapshot", []string{"diff", good, write("other.json", `{"name":"x"}`)}, exitUsage, "other.json: no toolbenchSnapshot field: this is not a toolbench snapshot; make one with `toolbench snapshot`"},
		{"other layout", []string{"diff", write("v7.json", `{"toolbenchSnapshot":7,"tools":[]}`), good}, exitUsage, "v7.json: layout version 7, this toolbench reads 1"},
		{"tools not an array", []string{"diff", good, write("obj.json", `{"toolbenchSnapshot":1,"tools":{}}`)}, exitUsage, "obj.json: tools is not an array"},
		{"missing file", []string{"diff", filepath.Join(dir, "gone.json"), good}, exitUsage, "gone.json: no such file or directory"},
		{"no NEW", []string{"diff", good}, exitUsage, "diff needs OLD and NEW"},
		{"bad threshold", []string{"diff", "--fail-on", "some", good, good}, exitUsage, `--fail-on "some": want breaking or any`},
		{"two files then more", []string{"diff", good, good, "extra"}, exitUsage, `"extra" after the NEW file`},
		{"help after OLD", []string{"diff", good, "--help"}, exitOK, ""},
		{"help after NEW", []string{"diff", good, good, "--help"}, exitOK, ""},
		{"unreachable live side", []string{"diff", good, "--", filepath.Join(dir, "no-such-server")}, exitConnect, "no-such-server"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", tt.args...)
			if r.code != tt.code || !strings.Contains(r.err, tt.want) {
				t.Errorf("exit %d (want %d), stderr:\n%s\nwant it to hold %q", r.code, tt.code, r.err, tt.want)
			}
		})
	}
}

func TestDiffParse(t *testing.T) {
	t.Parallel()
	file := writeTestFile(t, t.TempDir(), "s.json", `{"tools":[]}`)
	tests := []struct {
		name             string
		args             []string
		oldFile, newFile string
		oldLive, newLive string
		json             bool
		failOn           string
	}{
		{"file file", []string{"diff", file, file}, file, file, "", "", false, ""},
		{"file then command", []string{"diff", "--json", file, "--", "node", "s.js", "--port", "1"}, file, "", "", "node s.js --port 1", true, ""},
		{"URL then file", []string{"diff", "http://127.0.0.1:9/mcp", "--fail-on", "any", file}, "", file, "http://127.0.0.1:9/mcp", "", false, "any"},
		{"URL then URL", []string{"diff", "http://127.0.0.1:9/a", "http://127.0.0.1:9/b"}, "", "", "http://127.0.0.1:9/a", "http://127.0.0.1:9/b", false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := parsed(t, newCmdDiff, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			if got.Old.File != tt.oldFile || got.New.File != tt.newFile || got.JSON != tt.json || got.FailOn != tt.failOn {
				t.Errorf("got %+v", got)
			}
			if live := liveWords(got.Old); live != tt.oldLive {
				t.Errorf("OLD live %q, want %q", live, tt.oldLive)
			}
			if live := liveWords(got.New); live != tt.newLive {
				t.Errorf("NEW live %q, want %q", live, tt.newLive)
			}
		})
	}
}

// newCmdDiff is diff as the root builds it, for parsed.
func newCmdDiff(f *factory, runF func(*memory.DiffOptions) error) *cobra.Command {
	return memory.NewCmdDiff(f.IO, f.bindTarget, runF)
}

// liveWords names a live side's target: its URL, or its command line.
func liveWords(s memory.DiffSide) string {
	if s.File != "" {
		return ""
	}
	t := s.Live.Target()
	if t.URL != "" {
		return t.URL
	}
	return strings.Join(append([]string{filepath.Base(t.Command)}, t.Args...), " ")
}
