package root

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const schemaAsEverything = "../../schemaform/testdata/servers/everything.tools.json"

func TestSchemaAsFromToolsFile(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tool, provider string
		code           int
		out, err       []string // each must appear, in order for out
	}{
		{"gzip-file-as-resource", "openai-strict", exitToolError,
			[]string{`"type": "function"`, `"name": "gzip-file-as-resource"`, `"name": {`, `"data": {`, `"outputType": {`, `"strict": true`},
			[]string{`blocker: /inputSchema/properties/name: "name" is optional`, "(list \"name\" in required",
				`note: /inputSchema/properties/data/format: format "uri" is not one of the formats strict mode supports`,
				`toolbench: 3 blockers: the openai-strict form of "gzip-file-as-resource" cannot be used as is`}},
		{"echo", "anthropic", exitOK,
			[]string{`"name": "echo"`, `"description": "Echoes back the input string"`, `"input_schema": {`, `"$schema": "http://json-schema.org/draft-07/schema#"`}, nil},
		{"get-structured-content", "openai", exitOK,
			[]string{`"type": "function"`, `"parameters": {`},
			[]string{"note: /outputSchema: OpenAI functions have no output schema"}},
		{"get-env", "gemini", exitOK, []string{`"name": "get-env"`, `"description": "Returns all environment variables`}, nil},
		{"echo", "mcp", exitOK, []string{`"name": "echo"`, `"title": "Echo Tool"`, `"inputSchema": {`, `"annotations": {`, `"execution": {`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.tool+"/"+tt.provider, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", "schema", tt.tool, "--as", tt.provider, "--tools-file", schemaAsEverything)
			if r.code != tt.code {
				t.Errorf("exit %d, want %d\n%s%s", r.code, tt.code, r.out, r.err)
			}
			if !json.Valid([]byte(r.out)) {
				t.Errorf("stdout is not JSON:\n%s", r.out)
			}
			rest := r.out
			for _, w := range tt.out {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Errorf("stdout lacks %q after what came before (order kept?):\n%s", w, r.out)
					break
				}
				rest = rest[i+len(w):]
			}
			for _, w := range tt.err {
				if !strings.Contains(r.err, w) {
					t.Errorf("stderr lacks %q:\n%s", w, r.err)
				}
			}
			if tt.err == nil && r.err != "" {
				t.Errorf("stderr: %s", r.err)
			}
		})
	}
}

func TestSchemaAsJSON(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", "schema", "trigger-long-running-operation", "--as", "openai-strict", "--json", "--tools-file", schemaAsEverything)
	var got struct {
		Provider  string          `json:"provider"`
		Tool      string          `json:"tool"`
		Converted json.RawMessage `json:"converted"`
		Findings  []struct {
			Rule, Severity, Pointer, Field string
			Blocks                         []string
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil {
		t.Fatalf("exit %d, %v:\n%s%s", r.code, err, r.out, r.err)
	}
	if r.code != exitToolError || got.Provider != "openai-strict" || got.Tool != "trigger-long-running-operation" {
		t.Errorf("exit %d, %+v", r.code, got)
	}
	if !strings.HasPrefix(strings.TrimSpace(r.out), "{\n  \"provider\"") {
		t.Errorf("provider should lead the object:\n%s", r.out)
	}
	if !strings.Contains(string(got.Converted), `"required": [`) || len(got.Findings) != 3 {
		t.Errorf("converted %s, findings %+v", got.Converted, got.Findings)
	}
	if f := got.Findings[0]; f.Rule != "compat-openai-strict-not-required" || f.Severity != "info" || !reflect.DeepEqual(f.Blocks, []string{"openai-strict"}) || f.Field != "/duration" {
		t.Errorf("first finding %+v", f)
	}
	if strings.Contains(r.err, "blocker:") {
		t.Errorf("--json keeps stderr to the summary:\n%s", r.err)
	}
}

// TestSchemaAsLive converts tools listed by live servers: the demo target
// and the fixture started as a stdio child.
func TestSchemaAsLive(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", "schema", "create_order", "--as", "openai-strict", "demo")
	if r.code != exitToolError || !strings.Contains(r.out, `"strict": true`) ||
		!strings.Contains(r.err, `blocker: /inputSchema/properties/note: "note" is optional`) {
		t.Errorf("demo: exit %d\n%s%s", r.code, r.out, r.err)
	}
	target, _ := fixtureCmd(t)
	r = runToolbench(t, context.Background(), "", withTarget(target, "schema", "save_contact", "--as", "gemini")...)
	if r.code != exitOK || strings.Contains(r.out, "$ref") || !strings.Contains(r.out, `"parameters": {`) ||
		!strings.Contains(r.err, `note: /inputSchema/properties/person/$ref: Gemini has no $ref; converting inlines "#/$defs/person"`) ||
		!strings.Contains(r.err, "is recursive") {
		t.Errorf("fixture: exit %d\n%s%s", r.code, r.out, r.err)
	}
}

func TestSchemaAsUsageErrors(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(file, []byte(`[{"name":"files.read","description":"Read a file.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runToolbench(t, context.Background(), "", "schema", "files.read", "--as", "anthropic", "--tools-file", file)
	if r.code != exitToolError || !strings.Contains(r.err, `blocker: /name: Anthropic tool names must match ^[a-zA-Z0-9_-]{1,64}$; "files.read" has '.'`) ||
		!strings.Contains(r.err, `rename the tool, for example to "files_read"`) {
		t.Errorf("dotted name: exit %d\n%s", r.code, r.err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"schema", "echo", "--as", "cohere", "--tools-file", schemaAsEverything}, `--as "cohere": unknown provider; want mcp, openai, openai-strict, anthropic, gemini`},
		{[]string{"schema", "echo", "--as", "openai", "--outline", "--tools-file", schemaAsEverything}, "--as and --outline do not go together"},
		{[]string{"schema", "echo", "--outline", "--as", "gemini", "demo"}, "--as and --outline do not go together"},
		{[]string{"schema", "echo", "--as", "gemini", "--output", "--tools-file", schemaAsEverything}, "drop --output"},
		{[]string{"schema", "nope", "--as", "gemini", "--tools-file", schemaAsEverything}, `the server has no tool "nope"`},
	}
	for _, tt := range tests {
		r := runToolbench(t, context.Background(), "", tt.args...)
		if r.code != exitUsage || !strings.Contains(r.err, tt.want) || r.out != "" {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, r.code, r.err, exitUsage, tt.want)
		}
	}
}

func TestSchemaAsHelp(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", "schema", "--help")
	for _, w := range []string{"--as PROVIDER", "exits 1 when there are blockers", "mcp, openai, openai-strict, anthropic, gemini"} {
		if !strings.Contains(r.out, w) {
			t.Errorf("help lacks %q:\n%s", w, r.out)
		}
	}
}

// TestSchemaAsGeminiRecursiveRoot: a tool whose only parameter refers back
// to the root used to convert to a declaration without parameters, with no
// word on stderr and exit 0.
func TestSchemaAsGeminiRecursiveRoot(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "tools.json")
	if err := os.WriteFile(file, []byte(`[{"name":"tree","description":"Walk a tree.","inputSchema":{"type":"object","properties":{"r":{"$ref":"#"}}}}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runToolbench(t, context.Background(), "", "schema", "tree", "--as", "gemini", "--tools-file", file)
	if r.code != exitToolError || strings.Contains(r.out, `"parameters"`) ||
		!strings.Contains(r.err, "blocker: /inputSchema/properties: converting leaves out every parameter") ||
		!strings.Contains(r.err, "/inputSchema/properties/r/$ref: $ref \"#\" is recursive") {
		t.Errorf("exit %d\n%s%s", r.code, r.out, r.err)
	}
}
