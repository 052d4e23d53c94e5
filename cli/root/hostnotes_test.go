package root

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/fixture/hostrules"
)

// hostrulesArgs are target arguments that start the hostrules fixture
// name, tagged so that no other test has met it.
func hostrulesArgs(name, tag string) []string {
	path, args, env := hostrules.Command(name, tag)
	var out []string
	for _, e := range env {
		out = append(out, "-e", e)
	}
	return append(append(out, path), args...)
}

// TestCallHostNotes: a call prints, after the result and its outputSchema
// verdict, one line per host rule the result breaks, and folds the hosts
// no source covers into one line; a result that breaks none prints none.
func TestCallHostNotes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tool   string
		code   int
		lines  []string
		absent []string
	}{
		{hostrules.NoStructured, exitOutputInvalid, []string{
			"host  claude-code  rejected  result.outputschema-without-structured: the tool declares an outputSchema, but the result has no structuredContent",
			"host  cursor  rejected  result.outputschema-without-structured: ",
			"host  gemini-cli  rejected  result.outputschema-without-structured: ",
			"host  11 others  unknown  result.outputschema-without-structured: no source says what claude-desktop, chatgpt, "}, nil},
		{hostrules.Big, exitOK, []string{
			"host  claude-code  degraded  result.size: 60,000 characters of text content in the result, about 15,000 tokens (estimated as characters ÷ 4)",
			"host  codex  degraded  result.size: 60,000 characters"}, []string{"rejected"}},
		{hostrules.Small, exitOK, nil, []string{"host  "}},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", withTarget(hostrulesArgs(hostrules.Results, t.Name()), "call", tt.tool)...)
			if r.code != tt.code {
				t.Fatalf("exit %d, want %d\n%s%s", r.code, tt.code, r.out, r.err)
			}
			lines := strings.Split(r.out, "\n")
			for _, want := range tt.lines {
				if !hasLinePrefix(lines, want) {
					t.Errorf("no line starts with %q:\n%s", want, tail(r.out))
				}
			}
			for _, no := range tt.absent {
				for _, l := range lines {
					if strings.HasPrefix(l, "host  ") && strings.Contains(l, no) {
						t.Errorf("unexpected host note %q", l)
					}
				}
				if no == "host  " && strings.Contains(r.out, "\nhost  ") {
					t.Errorf("host notes for a result that breaks nothing:\n%s", tail(r.out))
				}
			}
			if verdict, notes := strings.Index(r.out, "── outputSchema"), strings.Index(r.out, "\nhost  "); notes >= 0 && verdict >= 0 && notes < verdict {
				t.Errorf("host notes come before the outputSchema verdict:\n%s", tail(r.out))
			}
		})
	}
}

func hasLinePrefix(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

// tail is the end of a long output, where the notes are.
func tail(s string) string {
	if len(s) > 2000 {
		return "…" + s[len(s)-2000:]
	}
	return s
}

// TestCallHostNotesJSON: --json carries "hosts" beside the result: the
// findings with rule, host, verdict, message and sources, or an empty
// array when the result breaks nothing.
func TestCallHostNotesJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tool string
		want map[string]string // host -> verdict of the rule
		rule string
	}{
		{hostrules.NoStructured, map[string]string{"claude-code": "rejected", "cursor": "rejected", "zed": "unknown"}, "result.outputschema-without-structured"},
		{hostrules.Big, map[string]string{"claude-code": "degraded", "codex": "degraded"}, "result.size"},
		{hostrules.GoodStructured, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", withTarget(hostrulesArgs(hostrules.Results, t.Name()), "call", tt.tool, "--json")...)
			var got struct {
				Result json.RawMessage `json:"result"`
				Hosts  []struct {
					Rule, Host, Verdict, Message string
					Sources                      []struct{ Ref, Date string }
				} `json:"hosts"`
			}
			if err := json.Unmarshal([]byte(r.out), &got); err != nil {
				t.Fatalf("not JSON (exit %d): %v\n%s%s", r.code, err, tail(r.out), r.err)
			}
			if got.Result == nil || got.Hosts == nil {
				t.Fatalf("result or hosts missing: %s", tail(r.out))
			}
			if tt.want == nil && len(got.Hosts) != 0 {
				t.Errorf("hosts = %+v, want []", got.Hosts)
			}
			seen := map[string]string{}
			for _, f := range got.Hosts {
				if f.Rule == tt.rule {
					seen[f.Host] = f.Verdict
				}
				if f.Message == "" || (f.Verdict != "unknown" && (len(f.Sources) == 0 || f.Sources[0].Date == "")) {
					t.Errorf("finding without message or sources: %+v", f)
				}
			}
			for h, v := range tt.want {
				if seen[h] != v {
					t.Errorf("%s in %s = %q, want %q", tt.rule, h, seen[h], v)
				}
			}
		})
	}
}

// TestProbeHostNotes: the probe notes, under each tool, the host rules its
// accepted result breaks, and --json carries them by tool name.
func TestProbeHostNotes(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", withTarget(hostrulesArgs(hostrules.Results, t.Name()), "probe")...)
	lines := strings.Split(r.out, "\n")
	for _, want := range []string{
		"host  claude-code  rejected  result.outputschema-without-structured: ",
		"host  claude-code  degraded  result.size: 60,000 characters",
		"host  gemini-cli  degraded  result.structured-shadows-content: ",
	} {
		if !hasLinePrefix(lines, want) {
			t.Errorf("no line starts with %q (exit %d):\n%s%s", want, r.code, r.out, r.err)
		}
	}
	r = runToolbench(t, context.Background(), "", withTarget(hostrulesArgs(hostrules.Results, t.Name()+"-json"), "probe", "--json")...)
	var got struct {
		Tools []json.RawMessage `json:"tools"`
		Hosts map[string][]struct {
			Rule, Host, Verdict string
		} `json:"hosts"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil {
		t.Fatalf("not JSON (exit %d): %v\n%s%s", r.code, err, r.out, r.err)
	}
	if len(got.Tools) != 6 || len(got.Hosts) != 6 {
		t.Fatalf("%d tools and %d host entries, want 6 each: %s", len(got.Tools), len(got.Hosts), r.out)
	}
	if fs := got.Hosts[hostrules.Small]; fs == nil || len(fs) != 0 {
		t.Errorf("small: hosts = %v, want an empty array", fs)
	}
	found := false
	for _, f := range got.Hosts[hostrules.NoStructured] {
		found = found || (f.Host == "cursor" && f.Verdict == "rejected" && f.Rule == "result.outputschema-without-structured")
	}
	if !found {
		t.Errorf("no_structured: no cursor rejection in %+v", got.Hosts[hostrules.NoStructured])
	}
}

// TestTestHostNotes: `test` notes under each test the host rules its
// result broke, and --json carries them by test name.
func TestTestHostNotes(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "hosts.yaml")
	const tests = "tests:\n  - name: big one\n    tool: big\n  - name: small one\n    tool: small\n"
	if err := os.WriteFile(file, []byte(tests), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runToolbench(t, context.Background(), "", withTarget(hostrulesArgs(hostrules.Results, t.Name()), "test", file)...)
	lines := strings.Split(r.out, "\n")
	i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "PASS big one") })
	if i < 0 || i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "host  claude-code  degraded  result.size: 60,000 characters") {
		t.Errorf("no result.size note under the big test (exit %d):\n%s%s", r.code, r.out, r.err)
	}
	j := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "PASS small one") })
	if j < 0 || j+1 >= len(lines) || strings.HasPrefix(lines[j+1], "host  ") {
		t.Errorf("a note under the small test, or no such test:\n%s", r.out)
	}
	r = runToolbench(t, context.Background(), "", withTarget(hostrulesArgs(hostrules.Results, t.Name()+"-json"), "test", file, "--json")...)
	var got struct {
		Hosts map[string][]struct{ Rule, Host, Verdict string } `json:"hosts"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil {
		t.Fatalf("not JSON (exit %d): %v\n%s%s", r.code, err, r.out, r.err)
	}
	if fs := got.Hosts["small one"]; fs == nil || len(fs) != 0 {
		t.Errorf("small one: hosts = %v, want an empty array", fs)
	}
	found := false
	for _, f := range got.Hosts["big one"] {
		found = found || (f.Rule == "result.size" && f.Host == "codex" && f.Verdict == "degraded")
	}
	if !found {
		t.Errorf("big one: no codex result.size finding in %+v", got.Hosts["big one"])
	}
}
