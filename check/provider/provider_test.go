package provider

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/internal/jsondoc"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/toolbench/toolbench/tool"
)

// loadTools reads testdata/name, a {"tools": [...]} list or one tool
// object, into tools by name.
func loadTools(t testing.TB, name string) map[string]tool.Tool {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	list, err := tool.ParseList(data)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	tools := map[string]tool.Tool{}
	for _, tl := range list {
		tools[tl.Name] = tl
	}
	return tools
}

// mustConvert converts t, failing the test on an error.
func mustConvert(t testing.TB, tl tool.Tool, p Name) (json.RawMessage, []check.Finding) {
	t.Helper()
	out, findings, err := Convert(tl, p)
	if err != nil {
		t.Fatalf("Convert(%s, %s): %v", tl.Name, p, err)
	}
	if !json.Valid(out) {
		t.Fatalf("Convert(%s, %s) made invalid JSON: %s", tl.Name, p, out)
	}
	for _, f := range findings {
		// One severity: a blocker is marked by Blocks, never by a severity
		// lint would not give it.
		if want := ruleSeverity(t, f.Rule); f.Severity != want {
			t.Errorf("Convert(%s, %s): %s at %s is %s, its rule's severity is %s", tl.Name, p, f.Rule, f.Pointer, f.Severity, want)
		}
		if f.Blocking() && !slices.Equal(f.Blocks, []string{string(p)}) {
			t.Errorf("Convert(%s, %s): %s at %s blocks %q", tl.Name, p, f.Rule, f.Pointer, f.Blocks)
		}
	}
	return out, findings
}

// summary lists findings as "b rule pointer" (b for blockers, i for
// notes), the way the tables spell what they expect.
func summary(fs []check.Finding) []string {
	out := []string{}
	for _, f := range fs {
		mark := "i"
		if f.Blocking() {
			mark = "b"
		}
		out = append(out, mark+" "+f.Rule+" "+f.Pointer)
	}
	return out
}

// ruleSeverity is the registered severity of the provider rule id.
func ruleSeverity(t testing.TB, id string) check.Severity {
	t.Helper()
	for _, r := range Rules() {
		if r.ID == id {
			return r.Severity
		}
	}
	t.Fatalf("no provider rule %q", id)
	return 0
}

// jsonAt returns the compact JSON at pointer ptr inside doc, or "".
func jsonAt(t testing.TB, doc json.RawMessage, ptr string) string {
	t.Helper()
	v, err := jsondoc.ParseAt(doc, "")
	if err != nil {
		t.Fatal(err)
	}
	at := v.Lookup(ptr)
	if at == nil {
		return ""
	}
	return string(at.Marshal())
}

// sameDocument reports whether two documents hold the same values, key
// order aside.
func sameDocument(t testing.TB, a, b []byte) bool {
	t.Helper()
	var va, vb any
	if err := json.Unmarshal(a, &va); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &vb); err != nil {
		t.Fatal(err)
	}
	return reflect.DeepEqual(va, vb)
}

func TestProviders(t *testing.T) {
	t.Parallel()
	got := All()
	want := []Name{"mcp", "openai", "openai-strict", "anthropic", "gemini"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("All() = %v, want %v", got, want)
	}
	_, _, err := Convert(tool.Tool{Name: "x"}, "cohere")
	if !errors.Is(err, ErrUnknown) || !strings.Contains(err.Error(), "mcp, openai, openai-strict, anthropic or gemini") {
		t.Errorf("unknown provider: %v", err)
	}
	_, _, err = Convert(tool.Tool{Name: "x", InputSchema: json.RawMessage(`{"type":`)}, OpenAI)
	if err == nil || !strings.Contains(err.Error(), "not JSON") {
		t.Errorf("broken inputSchema: %v", err)
	}
}

// TestConvertGetWeatherSeed checks the seed's two forms of get_weather
// (shared/seeds/000): the MCP tool converted to an OpenAI strict function
// must be the seed's OpenAI form.
func TestConvertGetWeatherSeed(t *testing.T) {
	t.Parallel()
	tl := loadTools(t, "get_weather.mcp.json")["get_weather"]
	want, err := os.ReadFile(filepath.Join("testdata", "get_weather.openai-strict.json"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		p        Name
		same     []byte // the whole converted tool, key order aside
		at, part string // or one part of it
		findings []string
	}{
		{p: MCP, same: tl.Raw, findings: []string{}},
		{p: OpenAIStrict, same: want, findings: []string{"i convert-output-schema-dropped /outputSchema"}},
		{p: OpenAI, at: "/function/strict", part: "", findings: []string{"i convert-output-schema-dropped /outputSchema"}},
		{p: Anthropic, at: "/input_schema", part: jsonAt(t, tl.Raw, "/inputSchema"),
			findings: []string{"i convert-output-schema-dropped /outputSchema"}},
		{p: Gemini, at: "/parameters", part: `{"type":"object","properties":{"location":{"type":"string","description":"根据用户提到的地点推测城市"}},"required":["location"]}`,
			findings: []string{"i compat-gemini-keyword /inputSchema/additionalProperties", "i convert-output-schema-dropped /outputSchema"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.p), func(t *testing.T) {
			t.Parallel()
			out, fs := mustConvert(t, tl, tt.p)
			if tt.same != nil && !sameDocument(t, out, tt.same) {
				t.Errorf("converted:\n%s\nwant:\n%s", out, tt.same)
			}
			if tt.at != "" && jsonAt(t, out, tt.at) != tt.part {
				t.Errorf("%s = %s, want %s", tt.at, jsonAt(t, out, tt.at), tt.part)
			}
			if got := summary(fs); !reflect.DeepEqual(got, tt.findings) {
				t.Errorf("findings %q, want %q", got, tt.findings)
			}
		})
	}
}

// goldenTB names golden files after the case instead of the test, so
// they live in testdata/ with the inputs.
type goldenTB struct {
	testing.TB
	name string
}

func (g goldenTB) Name() string { return g.name }

// TestConvertCreateOrderGolden keeps the converted create_order seed for
// every provider in golden files; update them with go test -update.
func TestConvertCreateOrderGolden(t *testing.T) {
	t.Parallel()
	tl := loadTools(t, "create_order.json")["create_order"]
	for _, p := range All() {
		t.Run(string(p), func(t *testing.T) {
			t.Parallel()
			out, _ := mustConvert(t, tl, p)
			var b bytes.Buffer
			if err := json.Indent(&b, out, "", "  "); err != nil {
				t.Fatal(err)
			}
			b.WriteByte('\n')
			golden.RequireEqual(goldenTB{t, "golden/create_order." + string(p) + ".json"}, b.String())
		})
	}
}
