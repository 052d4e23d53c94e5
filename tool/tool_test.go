package tool

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParseKeepsBytesAndHints(t *testing.T) {
	t.Parallel()
	raw := json.RawMessage(`{"name":"get","title":"","inputSchema":{"type":"object","title":"kept"},` +
		`"outputSchema":null,"annotations":{"title":"Get it","readOnlyHint":true,"destructiveHint":false},"_meta":{"x":1}}`)
	tl, err := Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	if string(tl.Raw) != string(raw) || string(tl.InputSchema) != `{"type":"object","title":"kept"}` {
		t.Errorf("bytes not kept: raw %s, input %s", tl.Raw, tl.InputSchema)
	}
	if tl.OutputSchema != nil {
		t.Errorf("outputSchema null should read as none, got %s", tl.OutputSchema)
	}
	a := tl.Annotations
	if a.ReadOnlyHint == nil || !*a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint {
		t.Errorf("hints: %+v", a)
	}
	if a.IdempotentHint != nil || a.OpenWorldHint != nil {
		t.Errorf("hints not sent must stay nil: %+v", a)
	}
	if got := tl.DisplayTitle(); got != "Get it" {
		t.Errorf("DisplayTitle = %q, want the annotation title", got)
	}
	if string(tl.Meta) != `{"x":1}` {
		t.Errorf("meta = %s", tl.Meta)
	}
}

func TestParseListShapes(t *testing.T) {
	t.Parallel()
	one := `{"name":"a","inputSchema":{"type":"object"}}`
	for _, tt := range []struct {
		name, doc string
		want      int
		err       string
	}{
		{"tools object", `{"tools":[` + one + `,` + strings.Replace(one, `"a"`, `"b"`, 1) + `]}`, 2, ""},
		{"JSON-RPC response", `{"jsonrpc":"2.0","id":1,"result":{"tools":[` + one + `]}}`, 1, ""},
		{"bare array", `[` + one + `]`, 1, ""},
		{"one tool", one, 1, ""},
		{"not JSON", `{`, 0, "not a tool list"},
		{"other object", `{"x":1}`, 0, `want {"tools": [...]}`},
		{"bad tool", `[{"name":7}]`, 0, "tool 0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tools, err := ParseList([]byte(tt.doc))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want it to mention %q", err, tt.err)
				}
				return
			}
			if err != nil || len(tools) != tt.want {
				t.Fatalf("got %d tools, %v; want %d", len(tools), err, tt.want)
			}
		})
	}
}
