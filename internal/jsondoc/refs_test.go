package jsondoc

import (
	"errors"
	"testing"
)

func TestRefs(t *testing.T) {
	t.Parallel()
	doc := `{
		"$defs": {
			"a b": {"type": "string"},
			"named": {"$anchor": "here", "type": "integer"},
			"old": {"$id": "#legacy", "type": "boolean"},
			"inner": {"$id": "https://example.com/inner.json", "$defs": {"x": {"type": "null"}},
				"properties": {"p": {"$ref": "#/$defs/x"}}}
		},
		"enum": [{"$id": "https://example.com/data.json"}]
	}`
	root, err := Parse([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	r := NewRefs(root, "toolbench:///schema.json")
	inner := root.Lookup("/$defs/inner")
	p := inner.Lookup("/properties/p")
	tests := []struct {
		ref     string
		at      *Value
		want    string // the type found, or "" for an error
		outside bool
	}{
		{"#", root, "", false},
		{"#/$defs/a%20b", root, "string", false},
		{"#here", root, "integer", false},
		{"#legacy", root, "boolean", false},
		{"#/$defs/x", p, "null", false},
		{"https://example.com/inner.json#/$defs/x", root, "null", false},
		{"#/$defs/missing", root, "", false},
		{"#nowhere", root, "", false},
		{"other.json#/x", root, "", true},
		{"https://example.com/data.json", root, "", true},
	}
	for _, tt := range tests {
		got, err := r.Resolve(tt.ref, tt.at)
		var re *RefError
		switch {
		case tt.ref == "#":
			if got != root {
				t.Errorf("%q: %v, %v", tt.ref, got, err)
			}
		case tt.want == "":
			if !errors.As(err, &re) || re.Outside != tt.outside || re.Ref != tt.ref {
				t.Errorf("%q: got %v, err %v; want an error, outside %v", tt.ref, got, err, tt.outside)
			}
		default:
			if ty, _ := got.GetString("type"); err != nil || ty != tt.want {
				t.Errorf("%q: got %v (%v), want type %s", tt.ref, got, err, tt.want)
			}
		}
	}
	built := NewObject()
	r.Inherit(built, p)
	if got, err := r.Resolve("#/$defs/x", built); err != nil || got.Lookup("/type").Text() != "null" {
		t.Errorf("a built schema does not resolve as the one it came from: %v, %v", got, err)
	}
}

func TestRefsDraft04(t *testing.T) {
	t.Parallel()
	root, _ := Parse([]byte(`{"$schema": "http://json-schema.org/draft-04/schema#", "definitions": {"a": {"id": "#a", "type": "string"}}}`))
	r := NewRefs(root, "toolbench:///schema.json")
	if !r.Draft04() {
		t.Error("draft-04 not recognised")
	}
	if got, err := r.Resolve("#a", root); err != nil || got.Lookup("/type").Text() != "string" {
		t.Errorf("draft-04 id anchor: %v, %v", got, err)
	}
}
