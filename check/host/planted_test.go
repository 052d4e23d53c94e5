package host

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/toolbench/toolbench/tool"
)

// planted is one fixture file of testdata/planted-*.json: a tools/list
// answer (so `toolbench hosts --tools-file` reads it too) with, beside it,
// the rules each tool plants and the verdict every host must give each
// tool and the server.
type planted struct {
	Server string `json:"serverName"`
	// Provider is --provider for the whole file; "" judges every one.
	Provider Provider          `json:"provider"`
	Tools    []json.RawMessage `json:"tools"`
	// Plants names, per tool, the rule ids that must fire on it.
	Plants map[string][]string `json:"plants"`
	// Expect is, per tool, the verdict of every host (all of them).
	Expect map[string]map[ID]Verdict `json:"expect"`
	// ExpectServer is the server row's verdict for every host.
	ExpectServer map[ID]Verdict `json:"expectServer"`
}

// TestPlanted judges every planted fixture file and compares every cell
// with the verdict written beside its tool, and checks that each tool's
// planted rules fired, so a verdict cannot come from the wrong rule.
func TestPlanted(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("testdata/planted-*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no planted fixtures (%v)", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			p, tools := readPlanted(t, file)
			r := Judge(tools, Options{Server: p.Server, ServerFrom: FromFile, Provider: p.Provider})
			for _, tl := range tools {
				checkPlantedTool(t, r, p, tl.Name)
			}
			for _, id := range IDs() {
				want, ok := p.ExpectServer[id]
				if !ok {
					t.Errorf("expectServer has no verdict for %s", id)
					continue
				}
				if got := r.Cell("", id); got.Verdict != want {
					t.Errorf("server in %s = %v, want %v; findings %s", id, got.Verdict, want, describe(got.Findings))
				}
			}
		})
	}
}

func readPlanted(t *testing.T, file string) (planted, []tool.Tool) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var p planted
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	tools, err := tool.ParseList(data)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return p, tools
}

func checkPlantedTool(t *testing.T, r *Report, p planted, name string) {
	t.Helper()
	want, ok := p.Expect[name]
	if !ok {
		t.Errorf("%s: no expected verdicts", name)
		return
	}
	fired := map[string]bool{}
	for _, id := range IDs() {
		c := r.Cell(name, id)
		for _, f := range c.Findings {
			fired[f.Rule] = true
		}
		w, ok := want[id]
		if !ok {
			t.Errorf("%s: no expected verdict for %s", name, id)
			continue
		}
		if c.Verdict != w {
			t.Errorf("%s in %s = %v, want %v; findings %s", name, id, c.Verdict, w, describe(c.Findings))
		}
	}
	for _, rule := range p.Plants[name] {
		if !fired[rule] {
			t.Errorf("%s: planted rule %s did not fire (fired: %v)", name, rule, keys(fired))
		}
	}
}

func describe(fs []Finding) string {
	out := "["
	for i, f := range fs {
		if i > 0 {
			out += "; "
		}
		out += f.Rule + " " + f.Verdict.String() + ": " + f.Message
	}
	return out + "]"
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
