package root

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func TestSchemaOutline(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", "schema", "create_order", "--outline", "demo")
	for _, w := range []string{
		"create_order: the form for its inputSchema",
		"items             list     *    at least 1 item",
		"product_id    input    *    pattern ^PRD-[0-9]{6}$  /items/*/product_id",
		"payment_method    select        3 choices",
		"12 fields: 7 input, 2 subform, 1 integer, 1 list, 1 select.",
	} {
		if !strings.Contains(r.out, w) {
			t.Errorf("outline lacks %q (exit %d):\n%s%s", w, r.code, r.out, r.err)
		}
	}
}

func TestSchemaFromToolsFile(t *testing.T) {
	t.Parallel()
	file := "../../schemaform/testdata/servers/everything.tools.json"
	r := runToolbench(t, context.Background(), "", "schema", "get-structured-content", "--output", "--outline", "--json", "--tools-file", file)
	var got struct {
		Tool   string `json:"tool"`
		Schema string `json:"schema"`
		Fields []struct {
			Pointer string `json:"pointer"`
			Control string `json:"control"`
		} `json:"fields"`
		Summary  string            `json:"summary"`
		Warnings []json.RawMessage `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil {
		t.Fatalf("exit %d, %v:\n%s%s", r.code, err, r.out, r.err)
	}
	if got.Schema != "outputSchema" || len(got.Fields) < 4 || got.Warnings == nil {
		t.Errorf("got %+v", got)
	}
	r = runToolbench(t, context.Background(), "", "schema", "echo", "--tools-file", file)
	if !strings.Contains(r.out, `"$schema": "http://json-schema.org/draft-07/schema#"`) {
		t.Errorf("plain schema is printed as sent:\n%s", r.out)
	}
	for _, bad := range [][]string{
		{"schema", "echo", "--output", "--tools-file", file},
		{"schema", "nope", "--tools-file", file},
		{"schema", "echo", "--tools-file", "missing.json"},
		{"schema", "echo", "--tools-file", file, "node", "x.js"},
	} {
		if r := runToolbench(t, context.Background(), "", bad...); r.code != exitUsage {
			t.Errorf("%v: exit %d, want %d: %s", bad, r.code, exitUsage, r.err)
		}
	}
}
