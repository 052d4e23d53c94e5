package jsondoc

import (
	"slices"
	"testing"
)

func TestTokens(t *testing.T) {
	t.Parallel()
	tests := []struct{ raw, escaped string }{
		{"a", "a"}, {"a/b", "a~1b"}, {"m~n", "m~0n"}, {"~1", "~01"}, {"/~", "~1~0"}, {"", ""}, {"数/字", "数~1字"},
	}
	for _, tt := range tests {
		if got := EscapeToken(tt.raw); got != tt.escaped {
			t.Errorf("EscapeToken(%q) = %q, want %q", tt.raw, got, tt.escaped)
		}
		if got := UnescapeToken(tt.escaped); got != tt.raw {
			t.Errorf("UnescapeToken(%q) = %q, want %q", tt.escaped, got, tt.raw)
		}
	}
}

func TestJoinSplit(t *testing.T) {
	t.Parallel()
	if got := Join("/inputSchema", "properties", "a/b", "~"); got != "/inputSchema/properties/a~1b/~0" {
		t.Errorf("Join = %q", got)
	}
	if got := Join(""); got != "" {
		t.Errorf("Join() = %q", got)
	}
	tokens, ok := Split("/properties/a~1b/~0/")
	if !ok || !slices.Equal(tokens, []string{"properties", "a/b", "~", ""}) {
		t.Errorf("Split = %q, %v", tokens, ok)
	}
	if _, ok := Split("properties"); ok {
		t.Error("Split accepted a pointer without a leading /")
	}
	if tokens, ok := Split(""); !ok || tokens != nil {
		t.Errorf("Split(\"\") = %q, %v", tokens, ok)
	}
}

func TestLookup(t *testing.T) {
	t.Parallel()
	v, err := Parse([]byte(`{"$defs": {"a b": {"type": "string"}, "x/y": [10, 20]}, "": {"~": 1}}`))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		ptr, want string // want "" when the pointer leads nowhere
	}{
		{"", string(v.Raw())},
		{"/$defs/a b/type", `"string"`},
		{"/$defs/x~1y/1", "20"},
		{"/$defs/x~1y/01", ""},
		{"/$defs/x~1y/+1", ""},
		{"/$defs/x~1y/2", ""},
		{"//~0", "1"},
		{"/nope", ""},
		{"nope", ""},
	}
	for _, tt := range tests {
		got := v.Lookup(tt.ptr)
		if (got == nil) != (tt.want == "") || (got != nil && string(got.Raw()) != tt.want) {
			t.Errorf("Lookup(%q) = %v, want %s", tt.ptr, got, tt.want)
		}
	}
	for ref, want := range map[string]string{"#": string(v.Raw()), "#/$defs/a%20b/type": `"string"`, "#/$defs/a b": `{"type": "string"}`,
		"#/$defs/x~1y/0": "10", "#a": "", "other.json#/x": "", "#/%zz": ""} {
		got := v.LookupFragment(ref)
		if (got == nil) != (want == "") || (got != nil && string(got.Raw()) != want) {
			t.Errorf("LookupFragment(%q) = %v, want %s", ref, got, want)
		}
	}
}

func TestCompare(t *testing.T) {
	t.Parallel()
	sorted := []string{"", "/a", "/a/b", "/a/c", "/a-b", "/b", "/b/0"}
	for i, a := range sorted {
		for j, b := range sorted {
			want := 0
			switch {
			case i < j:
				want = -1
			case i > j:
				want = 1
			}
			if got := Compare(a, b); got != want {
				t.Errorf("Compare(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}
