package check

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
	"github.com/toolbench/toolbench/tool"
)

// provLoad reads testdata/provider/name, a {"tools": [...]} list or one
// tool object, into tools by name.
func provLoad(t testing.TB, name string) map[string]tool.Tool {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "provider", name))
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Tools []json.RawMessage `json:"tools"`
	}
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if list.Tools == nil {
		list.Tools = []json.RawMessage{data}
	}
	tools := map[string]tool.Tool{}
	for _, raw := range list.Tools {
		tl, err := tool.Parse(raw)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		tools[tl.Name] = tl
	}
	return tools
}

// provConvert converts t, failing the test on an error.
func provConvert(t testing.TB, tl tool.Tool, p Provider) (json.RawMessage, []Finding) {
	t.Helper()
	out, findings, err := Convert(tl, p)
	if err != nil {
		t.Fatalf("Convert(%s, %s): %v", tl.Name, p, err)
	}
	if !json.Valid(out) {
		t.Fatalf("Convert(%s, %s) made invalid JSON: %s", tl.Name, p, out)
	}
	return out, findings
}

// provSummary lists findings as "e rule pointer" (e for blockers, i for
// notes), the way the tables spell what they expect.
func provSummary(fs []Finding) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Severity.String()[:1]+" "+f.Rule+" "+f.Pointer)
	}
	return out
}

// provAt returns the compact JSON at pointer ptr inside doc, or "".
func provAt(t testing.TB, doc json.RawMessage, ptr string) string {
	t.Helper()
	v, err := parseOJSON(doc, "")
	if err != nil {
		t.Fatal(err)
	}
	at, ok := ojResolve(v, "#"+ptr)
	if !ok {
		return ""
	}
	return string(at.marshal())
}

// provSameJSON reports whether two documents hold the same values, key
// order aside.
func provSameJSON(t testing.TB, a, b []byte) bool {
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
	got := Providers()
	want := []Provider{"mcp", "openai", "openai-strict", "anthropic", "gemini"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Providers() = %v, want %v", got, want)
	}
	_, _, err := Convert(tool.Tool{Name: "x"}, "cohere")
	if !errors.Is(err, ErrUnknownProvider) || !strings.Contains(err.Error(), "mcp, openai, openai-strict, anthropic or gemini") {
		t.Errorf("unknown provider: %v", err)
	}
	_, _, err = Convert(tool.Tool{Name: "x", InputSchema: json.RawMessage(`{"type":`)}, ProviderOpenAI)
	if err == nil || !strings.Contains(err.Error(), "not JSON") {
		t.Errorf("broken inputSchema: %v", err)
	}
}

// TestConvertGetWeatherSeed checks the seed's two forms of get_weather
// (shared/seeds/000): the MCP tool converted to an OpenAI strict function
// must be the seed's OpenAI form.
func TestConvertGetWeatherSeed(t *testing.T) {
	t.Parallel()
	tl := provLoad(t, "get_weather.mcp.json")["get_weather"]
	want, err := os.ReadFile(filepath.Join("testdata", "provider", "get_weather.openai-strict.json"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		p        Provider
		same     []byte // the whole converted tool, key order aside
		at, part string // or one part of it
		findings []string
	}{
		{p: ProviderMCP, same: tl.Raw, findings: []string{}},
		{p: ProviderOpenAIStrict, same: want, findings: []string{"i convert-output-schema-dropped /outputSchema"}},
		{p: ProviderOpenAI, at: "/function/strict", part: "", findings: []string{"i convert-output-schema-dropped /outputSchema"}},
		{p: ProviderAnthropic, at: "/input_schema", part: provAt(t, tl.Raw, "/inputSchema"),
			findings: []string{"i convert-output-schema-dropped /outputSchema"}},
		{p: ProviderGemini, at: "/parameters", part: `{"type":"object","properties":{"location":{"type":"string","description":"根据用户提到的地点推测城市"}},"required":["location"]}`,
			findings: []string{"i compat-gemini-keyword /inputSchema/additionalProperties", "i convert-output-schema-dropped /outputSchema"}},
	}
	for _, tt := range tests {
		t.Run(string(tt.p), func(t *testing.T) {
			t.Parallel()
			out, fs := provConvert(t, tl, tt.p)
			if tt.same != nil && !provSameJSON(t, out, tt.same) {
				t.Errorf("converted:\n%s\nwant:\n%s", out, tt.same)
			}
			if tt.at != "" && provAt(t, out, tt.at) != tt.part {
				t.Errorf("%s = %s, want %s", tt.at, provAt(t, out, tt.at), tt.part)
			}
			if got := provSummary(fs); !reflect.DeepEqual(got, tt.findings) {
				t.Errorf("findings %q, want %q", got, tt.findings)
			}
		})
	}
}

// provGoldenTB names golden files after the case instead of the test, so
// they live in testdata/provider/ with the inputs.
type provGoldenTB struct {
	testing.TB
	name string
}

func (g provGoldenTB) Name() string { return g.name }

// TestConvertCreateOrderGolden keeps the converted create_order seed for
// every provider in golden files; update them with go test -update.
func TestConvertCreateOrderGolden(t *testing.T) {
	t.Parallel()
	tl := provLoad(t, "create_order.json")["create_order"]
	for _, p := range Providers() {
		t.Run(string(p), func(t *testing.T) {
			t.Parallel()
			out, _ := provConvert(t, tl, p)
			var b bytes.Buffer
			if err := json.Indent(&b, out, "", "  "); err != nil {
				t.Fatal(err)
			}
			b.WriteByte('\n')
			golden.RequireEqual(provGoldenTB{t, "provider/golden/create_order." + string(p) + ".json"}, b.String())
		})
	}
}
