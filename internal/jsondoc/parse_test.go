package jsondoc

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// checkParse compares Parse with encoding/json on data, and checks that
// every value's raw bytes are its own text.
func checkParse(t *testing.T, data string) {
	t.Helper()
	// Numbers stay text (1E700 is valid JSON), and only JSON whitespace may
	// follow the value.
	var want any
	dec := json.NewDecoder(strings.NewReader(data))
	dec.UseNumber()
	wantErr := dec.Decode(&want)
	if rest := data[min(int(dec.InputOffset()), len(data)):]; wantErr == nil && strings.Trim(rest, " \t\r\n") != "" {
		wantErr = errors.New("extra data")
	}
	v, err := ParseAt([]byte(data), "/x")
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("%q: Parse error %v, encoding/json error %v", data, err, wantErr)
	}
	if err != nil {
		var se *SyntaxError
		if !errors.As(err, &se) || se.Offset < 0 || se.Offset > len(data) {
			t.Fatalf("%q: error %v is not a SyntaxError with an offset inside the input", data, err)
		}
		return
	}
	if got := v.Any(); !reflect.DeepEqual(got, want) {
		t.Fatalf("%q: got %#v, want %#v", data, got, want)
	}
	stack := []*Value{v}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !json.Valid(c.Raw()) {
			t.Fatalf("%q: raw of %s is %q, not JSON", data, c.Pointer(), c.Raw())
		}
		if got := v.Lookup(strings.TrimPrefix(c.Pointer(), "/x")); got != c && !hasDuplicateKeys(v) {
			t.Fatalf("%q: pointer %q leads to %v, not the value", data, c.Pointer(), got)
		}
		stack = append(stack, c.vals...)
	}
}

// hasDuplicateKeys reports whether an object anywhere in v repeats a key:
// a pointer then names only the last.
func hasDuplicateKeys(v *Value) bool {
	seen := map[string]bool{}
	for _, k := range v.Keys() {
		if seen[k] {
			return true
		}
		seen[k] = true
	}
	for _, c := range v.vals {
		if hasDuplicateKeys(c) {
			return true
		}
	}
	return false
}

func TestParse(t *testing.T) {
	t.Parallel()
	docs := []string{
		`{}`, `[]`, `"x"`, `0`, `-1.5e+3`, `true`, `false`, `null`, ` { "a" : [ 1 , {"b":null} ] } `,
		`{"k\"ey": "v\u00e9\n", "数": "字符串"}`, "{\"\xcc\": 1}", `1E700`, `{"a":1,"a":2}`, `[1, 2, 3]`,
		`{"a/b": {"c~d": [0, 1]}}`,
		`{"a":}`, `{"a" 1}`, `[1,]`, `{,}`, `01`, `1.`, `-`, `"\x"`, "\"a\tb\"", `{"a":1}x`, `tru`, `[`, `{"a":1`, ``,
	}
	for _, d := range docs {
		checkParse(t, d)
	}
}

func TestSyntaxErrorOffsets(t *testing.T) {
	t.Parallel()
	tests := []struct {
		data   string
		offset int
		msg    string
	}{
		{`{"a":}`, 5, "invalid character"},
		{`[1,]`, 3, "invalid character"},
		{`{"a":1}x`, 7, "after the JSON value"},
		{`"abc`, 0, "unterminated string"},
		{`{"a" 1}`, 5, "expected ':'"},
		{strings.Repeat("[", MaxDepth+2), MaxDepth + 1, "nested deeper"},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.data))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Offset != tt.offset || !strings.Contains(se.Msg, tt.msg) {
			t.Errorf("%.20q: error %v, want offset %d and %q", tt.data, err, tt.offset, tt.msg)
		}
	}
}

func TestDuplicateKeysLastWins(t *testing.T) {
	t.Parallel()
	narrow := `{"a":1,"b":2,"a":3}`
	var wide strings.Builder
	wide.WriteString(`{"a":1`)
	for i := range 2 * indexAbove {
		wide.WriteString(`,"k` + string(rune('a'+i)) + `":0`)
	}
	wide.WriteString(`,"a":3}`)
	for _, doc := range []string{narrow, wide.String()} {
		v, err := Parse([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		if got := v.Get("a").Text(); got != "3" {
			t.Errorf("%d keys: a = %s, want the last, 3", len(v.Keys()), got)
		}
		if got := v.Get("a").Pointer(); got != "/a" {
			t.Errorf("pointer %q", got)
		}
	}
}

func TestPointers(t *testing.T) {
	t.Parallel()
	v, err := ParseAt([]byte(`{"properties": {"a/b": {"items": [{"type": "string"}]}, "c~d": {}}}`), "/inputSchema")
	if err != nil {
		t.Fatal(err)
	}
	item := v.Get("properties").Get("a/b").Get("items").Items()[0]
	if got := item.Pointer(); got != "/inputSchema/properties/a~1b/items/0" {
		t.Errorf("pointer %q", got)
	}
	if got := item.Token(); got != "0" {
		t.Errorf("token %q", got)
	}
	if got := v.Get("properties").Get("c~d").Pointer(); got != "/inputSchema/properties/c~0d" {
		t.Errorf("pointer %q", got)
	}
	if got := v.Pointer(); got != "/inputSchema" {
		t.Errorf("root pointer %q", got)
	}
}

// FuzzParse checks that Parse agrees with encoding/json on any input.
func FuzzParse(f *testing.F) {
	for _, s := range []string{`{"type": "object", "properties": {"a": {"enum": [1, "x", null]}}}`, `[1, 2.5e3, "\u4e2d"]`, `{"a":`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		checkParse(t, data)
	})
}
