package check

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/tool"
)

// toAny turns a jnode back into what encoding/json decodes, numbers as
// json.Number, to compare the two parsers.
func toAny(n *jnode) any {
	switch n.kind {
	case jObj:
		m := map[string]any{}
		for i, k := range n.keys {
			m[k] = toAny(n.vals[i])
		}
		return m
	case jArr:
		l := make([]any, len(n.vals))
		for i, v := range n.vals {
			l[i] = toAny(v)
		}
		return l
	case jStr:
		return n.str
	case jNum:
		return json.Number(n.str)
	case jBool:
		return n.b
	}
	return nil
}

// checkParse compares parseDoc with encoding/json on data, and checks that
// every value's raw bytes are its own text.
func checkParse(t *testing.T, data string) {
	// Numbers stay text (1E700 is valid JSON), and only JSON whitespace may
	// follow the value.
	var want any
	dec := json.NewDecoder(strings.NewReader(data))
	dec.UseNumber()
	wantErr := dec.Decode(&want)
	if rest := data[min(int(dec.InputOffset()), len(data)):]; wantErr == nil && strings.Trim(rest, " \t\r\n") != "" {
		wantErr = errors.New("extra data")
	}
	n, err := parseDoc([]byte(data), "/x")
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("%q: parseDoc error %v, encoding/json error %v", data, err, wantErr)
	}
	if err != nil {
		return
	}
	if got := toAny(n); !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: got %#v, want %#v", data, got, want)
	}
	stack := []*jnode{n}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !json.Valid(c.raw) {
			t.Fatalf("%q: raw of %s is %q, not JSON", data, c.pointer(), c.raw)
		}
		stack = append(stack, c.vals...)
	}
}

func TestParseDoc(t *testing.T) {
	t.Parallel()
	docs := []string{
		`{}`, `[]`, `"x"`, `0`, `-1.5e+3`, `true`, `false`, `null`, ` { "a" : [ 1 , {"b":null} ] } `,
		`{"k\"ey": "v\u00e9\n", "数": "字符串"}`, "{\"\xcc\": 1}", `1E700`, `{"a":1,"a":2}`, `[1, 2, 3]`,
		`{"a":}`, `{"a" 1}`, `[1,]`, `{,}`, `01`, `1.`, `-`, `"\x"`, "\"a\tb\"", `{"a":1}x`, `tru`, `[`, `{"a":1`, ``,
	}
	for _, d := range docs {
		checkParse(t, d)
	}
}

func TestPointers(t *testing.T) {
	t.Parallel()
	n, err := parseDoc([]byte(`{"properties": {"a/b": {"items": [{"type": "string"}]}, "c~d": {}}}`), "/inputSchema")
	if err != nil {
		t.Fatal(err)
	}
	item := n.get("properties").get("a/b").get("items").vals[0]
	if got := item.pointer(); got != "/inputSchema/properties/a~1b/items/0" {
		t.Errorf("pointer %q", got)
	}
	if got := n.get("properties").get("c~d").pointer(); got != "/inputSchema/properties/c~0d" {
		t.Errorf("pointer %q", got)
	}
	if got := n.pointer(); got != "/inputSchema" {
		t.Errorf("root pointer %q", got)
	}
}

// FuzzParseDoc checks that parseDoc agrees with encoding/json on any input.
func FuzzParseDoc(f *testing.F) {
	for _, s := range []string{`{"type": "object", "properties": {"a": {"enum": [1, "x", null]}}}`, `[1, 2.5e3, "\u4e2d"]`, `{"a":`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		checkParse(t, data)
	})
}

// FuzzLint checks that no schema makes Lint panic.
func FuzzLint(f *testing.F) {
	f.Add(`{"type": "object", "properties": {"a": {"$ref": "#/$defs/a"}}, "$defs": {"a": {"$ref": "#/$defs/a", "default": 1}}}`)
	f.Add(`{"type": "object", "properties": {"n": {"type": "number", "description": "Number of items, 1-10, default 3"}}}`)
	f.Fuzz(func(t *testing.T, schema string) {
		Lint([]tool.Tool{{Name: "t", Description: schema, InputSchema: json.RawMessage(schema), OutputSchema: json.RawMessage(schema)}})
	})
}
