package schemaform

import (
	"strings"
	"testing"
)

func TestCoerceArg(t *testing.T) {
	t.Parallel()
	schema := []byte(`{"type":"object","$defs":{"n":{"type":"integer"}},"properties":{
		"s":{"type":"string"},"i":{"type":"integer"},"n":{"type":"number"},"b":{"type":"boolean"},
		"o":{"type":"object"},"a":{"type":"array"},"ref":{"$ref":"#/$defs/n"},
		"si":{"type":["string","integer"]},"ns":{"type":["string","null"]},
		"mixed":{"enum":["auto",0,true,null]},"u":{"oneOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},
		"any":{}, "nullable":{"type":"integer","nullable":true}}}`)
	tests := []struct{ key, text, want string }{
		{"s", "3", `"3"`},
		{"s", "hello world", `"hello world"`},
		{"i", "3", `3`},
		{"i", "-12", `-12`},
		{"n", "2.5", `2.5`},
		{"n", "4", `4`},
		{"b", "true", `true`},
		{"o", `{"k":1}`, `{"k":1}`},
		{"a", `[1, 2]`, `[1, 2]`},
		{"ref", "7", `7`},
		{"si", "7", `7`},
		{"si", "seven", `"seven"`},
		{"ns", "null", `null`},
		{"ns", "x", `"x"`},
		{"mixed", "0", `0`},
		{"mixed", "auto", `"auto"`},
		{"mixed", "true", `true`},
		{"u", `["a","b"]`, `["a","b"]`},
		{"u", "a", `"a"`},
		{"any", "12", `"12"`},
		{"nullable", "null", `null`},
	}
	for _, tt := range tests {
		got, err := CoerceArg(schema, tt.key, tt.text)
		if err != nil || string(got) != tt.want {
			t.Errorf("CoerceArg(%s=%s) = %s, %v; want %s", tt.key, tt.text, got, err, tt.want)
		}
	}
	bad := []struct{ key, text, want string }{
		{"i", "3.5", `property "i" wants integer; "3.5" is not one`},
		{"i", "three", `wants integer`},
		{"b", "yes", `wants boolean`},
		{"o", "[1]", `wants object`},
		{"missing", "1", `has no property "missing" (it has: a, any, b, i, mixed, n, ns, nullable, o, ref, s, si, u)`},
	}
	for _, tt := range bad {
		_, err := CoerceArg(schema, tt.key, tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CoerceArg(%s=%s): got %v, want error containing %q", tt.key, tt.text, err, tt.want)
		}
	}
}

func TestObjectKeys(t *testing.T) {
	t.Parallel()
	keys, err := ObjectKeys([]byte(`{"z":1,"a":{"nested":[1,{"x":2}]},"m":null}`))
	if err != nil || strings.Join(keys, ",") != "z,a,m" {
		t.Errorf("got %v, %v", keys, err)
	}
	if _, err := ObjectKeys([]byte(`[1]`)); err == nil {
		t.Error("array: want error")
	}
}
