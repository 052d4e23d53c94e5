package jsondoc

import (
	"slices"
	"testing"
)

func TestEachSubschema(t *testing.T) {
	t.Parallel()
	v, err := Parse([]byte(`{
		"properties": {"a": {"title": "a"}, "b": true},
		"items": [{"title": "i0"}, false],
		"additionalProperties": {"title": "ap"},
		"allOf": [{"title": "all"}],
		"dependencies": {"x": ["y"], "z": {"title": "dep"}},
		"$defs": {"d": {"title": "def"}},
		"contentSchema": {"title": "content"},
		"enum": [{"title": "data"}],
		"default": {"title": "data"},
		"not": true
	}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	EachSubschema(v, func(k string, sub *Value) {
		title, _ := sub.GetString("title")
		got = append(got, k+":"+title)
	})
	want := []string{"properties:a", "items:i0", "additionalProperties:ap", "allOf:all", "dependencies:dep", "$defs:def", "contentSchema:content"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	EachSubschema(NewString("x"), func(string, *Value) { t.Error("a string has no subschemas") })
}

func TestHolds(t *testing.T) {
	t.Parallel()
	for k, want := range map[string]Holding{"items": OneSubschema, "not": OneSubschema, "prefixItems": SubschemaList,
		"patternProperties": SubschemaMap, "enum": NoSubschema, "const": NoSubschema, "required": NoSubschema} {
		if got := Holds(k); got != want {
			t.Errorf("Holds(%q) = %d, want %d", k, got, want)
		}
	}
}

func TestHasType(t *testing.T) {
	t.Parallel()
	cases := []struct {
		schema, typ string
		want        bool
	}{
		{`{"type":"object"}`, "object", true},
		{`{"type":["string","null"]}`, "null", true},
		{`{"type":["string","null"]}`, "object", false},
		{`{"properties":{}}`, "object", false},
		{`true`, "object", false},
	}
	for _, c := range cases {
		v, err := Parse([]byte(c.schema))
		if err != nil {
			t.Fatal(err)
		}
		if got := HasType(v, c.typ); got != c.want {
			t.Errorf("HasType(%s, %q) = %v, want %v", c.schema, c.typ, got, c.want)
		}
	}
}
