package inspect

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/cli/reach/reachtest"
)

// hostViewTools is a tools/list file with a tool for each thing a host
// view shows: a long description, a format, a nullable type, a $ref.
var hostViewTools = filepath.Join("testdata", "hostview.tools.json")

// TestSchemaAsHostRun: `schema TOOL --as HOST` over a tools file prints
// the payload the host's model gets on stdout and each change, with its
// rule and source, on stderr; a refused tool prints no payload and fails.
func TestSchemaAsHostRun(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		args    []string
		out     []string // each must be on stdout
		notOut  []string // none may be
		err     []string // each must be on stderr
		refused bool
	}{
		{"claude-code cuts a long description", []string{"report", "--as", "claude-code", "--server-name", "crm"},
			[]string{`"name": "mcp__crm__report"`, `… [truncated]"`, `"input_schema": {`}, nil,
			[]string{"  server name \"crm\", from --server-name\n",
				"  change  /description  cut from 2109 to 2048 characters and \"… [truncated]\" appended; /mcp still shows the whole text  (desc.len.2048; anthropics/claude-code CHANGELOG.md @5cfc0a1 L3210 (2.1.84: descriptions capped at 2KB), 2026-08-22 (+2 more))\n"},
			false},
		{"codex drops format", []string{"schedule", "--as", "codex", "--server-name", "crm"},
			[]string{`"type": "function"`, `"name": "mcp__crm__schedule"`, `"strict": false`}, []string{`"format"`},
			[]string{"  change  /inputSchema/properties/when/format  \"format\" dropped: Codex keeps only type, description, enum, items, properties, required, additionalProperties and anyOf  (openai/codex codex-rs/tools/src/json_schema.rs @1048c68"},
			false},
		{"gemini-cli rewrites a nullable type", []string{"annotate", "--as", "gemini-cli", "--server-name", "crm"},
			[]string{`"parametersJsonSchema": {`, `"type": "string"`, `"nullable": true`}, []string{`"null"`},
			[]string{"  change  /inputSchema/properties/note/type  type [\"string\",\"null\"] becomes type \"string\" with nullable: true  (gemini.type-array; google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts @5411f11 L1318-1353, 2026-08-21 (+1 more))\n"},
			false},
		{"zed with gemini refuses a $ref", []string{"lookup", "--as", "zed", "--provider", "gemini"},
			nil, []string{"{"},
			[]string{"  change  /inputSchema/properties/id/$ref  \"$ref\" cannot be made to fit Gemini's schema subset, so the tool is not sent  (schema.$ref; zed-industries/zed",
				"  unknown  No source says how Zed names tools for its model",
				"  refused  Zed does not send this tool to Gemini models: its schema has \"$ref\" at /inputSchema/properties/id"},
			true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			f := reachtest.Factory(t, "")
			err := reachtest.Execute(NewCmdSchema(f, nil), f, append(c.args, "--tools-file", hostViewTools)...)
			out, errOut := f.IO.Out.(interface{ String() string }).String(), f.IO.Err.(interface{ String() string }).String()
			if (err != nil) != c.refused || isUsage(err) {
				t.Fatalf("err = %v, want refused %v\nstdout:\n%s\nstderr:\n%s", err, c.refused, out, errOut)
			}
			for _, w := range c.out {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			for _, w := range c.notOut {
				if strings.Contains(out, w) {
					t.Errorf("stdout has %q:\n%s", w, out)
				}
			}
			for _, w := range c.err {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr lacks %q:\n%s", w, errOut)
				}
			}
		})
	}
}

// TestSchemaAsHostJSON: --json prints the host, the provider, the payload,
// the changes, the refusal and what is not known as one object.
func TestSchemaAsHostJSON(t *testing.T) {
	t.Parallel()
	f := reachtest.Factory(t, "")
	if err := reachtest.Execute(NewCmdSchema(f, nil), f, "schedule", "--as", "codex", "--server-name", "crm", "--json", "--tools-file", hostViewTools); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Host     string          `json:"host"`
		Provider string          `json:"provider"`
		Tool     json.RawMessage `json:"tool"`
		Changes  []struct {
			Pointer, What, Rule string
			Sources             []struct{ Ref, Date string }
		} `json:"changes"`
		Refused  *string  `json:"refused"`
		NotKnown []string `json:"notKnown"`
	}
	out := f.IO.Out.(interface{ String() string }).String()
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if got.Host != "codex" || got.Provider != "openai" || got.Refused == nil || *got.Refused != "" || got.NotKnown == nil {
		t.Errorf("host %q provider %q refused %v notKnown %v", got.Host, got.Provider, got.Refused, got.NotKnown)
	}
	var payload struct{ Name string }
	if err := json.Unmarshal(got.Tool, &payload); err != nil || payload.Name != "mcp__crm__schedule" {
		t.Errorf("tool %s: %v", got.Tool, err)
	}
	found := false
	for _, c := range got.Changes {
		found = found || c.Pointer == "/inputSchema/properties/when/format" && len(c.Sources) > 0 && c.Sources[0].Date != ""
	}
	if !found {
		t.Errorf("no sourced change at /inputSchema/properties/when/format in %+v", got.Changes)
	}
}

// TestSchemaAsHostServerNameFromFile: with --tools-file there is no
// server to report a name, so a host that prefixes tools with it takes
// the file's name, as toolbench hosts does, and says so.
func TestSchemaAsHostServerNameFromFile(t *testing.T) {
	t.Parallel()
	f := reachtest.Factory(t, "")
	if err := reachtest.Execute(NewCmdSchema(f, nil), f, "report", "--as", "claude-code", "--tools-file", hostViewTools); err != nil {
		t.Fatal(err)
	}
	stderr := f.IO.Err.(interface{ String() string }).String()
	if !strings.Contains(stderr, `server name "hostview", from the file name; --server-name to change`) ||
		!strings.Contains(f.IO.Out.(interface{ String() string }).String(), `"mcp__hostview__report"`) {
		t.Errorf("the key does not come from the file name:\n%s", stderr)
	}
}
