package host

import (
	"slices"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

func parseAt(t *testing.T, raw, at string) *jsondoc.Value {
	t.Helper()
	v, err := jsondoc.ParseAt([]byte(raw), at)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestWalkSchema: every schema object once, root first in document order,
// each with the keyword that holds it and the argument it describes; a
// $ref is not followed, so a recursive schema ends.
func TestWalkSchema(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name   string
		schema string
		fields bool
		want   []string // pointer keyword field
	}{
		{"properties and items", `{"type":"object","properties":{"a/b":{"type":"array","items":{"type":"string"}}}}`, true, []string{
			"/inputSchema  ", "/inputSchema/properties/a~1b properties /a~1b", "/inputSchema/properties/a~1b/items items /a~1b/*"}},
		{"branches keep the field", `{"properties":{"x":{"anyOf":[{"type":"string"},{"type":"null"}]}}}`, true, []string{
			"/inputSchema  ", "/inputSchema/properties/x properties /x", "/inputSchema/properties/x/anyOf/0 anyOf /x", "/inputSchema/properties/x/anyOf/1 anyOf /x"}},
		{"recursive $ref ends", `{"properties":{"n":{"$ref":"#/$defs/n"}},"$defs":{"n":{"properties":{"k":{"$ref":"#/$defs/n"}}}}}`, true, []string{
			"/inputSchema  ", "/inputSchema/properties/n properties /n", "/inputSchema/$defs/n $defs ", "/inputSchema/$defs/n/properties/k properties "}},
		{"booleans are not visited", `{"properties":{"a":true,"b":{"type":"string"}},"additionalProperties":{"type":"number"}}`, true, []string{
			"/inputSchema  ", "/inputSchema/properties/b properties /b", "/inputSchema/additionalProperties additionalProperties /*"}},
		{"output has no fields", `{"type":"object","properties":{"a":{"type":"string"}}}`, false, []string{
			"/inputSchema  ", "/inputSchema/properties/a properties "}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			walkSchema(parseAt(t, c.schema, "/inputSchema"), c.fields, func(n schemaNode) {
				got = append(got, n.v.Pointer()+" "+n.keyword+" "+n.field())
			})
			if !slices.Equal(got, c.want) {
				t.Errorf("walk =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestEachBooleanSubschema: true and false where a schema belongs are
// found; additionalProperties and its kin, where booleans are the norm,
// and data such as a default of true are not.
func TestEachBooleanSubschema(t *testing.T) {
	t.Parallel()
	cases := []struct {
		schema string
		want   []string
	}{
		{`{"properties":{"a":true,"b":false,"c":{}}}`, []string{"properties /s/properties/a", "properties /s/properties/b"}},
		{`{"items":true,"anyOf":[false,{}],"not":true}`, []string{"items /s/items", "anyOf /s/anyOf/0", "not /s/not"}},
		{`{"additionalProperties":false,"unevaluatedProperties":false,"additionalItems":true,"unevaluatedItems":false}`, nil},
		{`{"default":true,"const":false,"enum":[true]}`, nil},
	}
	for _, c := range cases {
		t.Run(c.schema, func(t *testing.T) {
			t.Parallel()
			var got []string
			eachBooleanSubschema(parseAt(t, c.schema, "/s"), func(k string, b *jsondoc.Value) {
				got = append(got, k+" "+b.Pointer())
			})
			if !slices.Equal(got, c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestBrief(t *testing.T) {
	t.Parallel()
	cases := []struct {
		raw  string
		n    int
		want string
	}{
		{`[1, 2]`, 10, `[1,2]`},
		{`"abcdef"`, 4, `"abc…`},
		{`"ééé"`, 4, `"é…`}, // never cut inside a character
	}
	for _, c := range cases {
		if got := brief(parseAt(t, c.raw, ""), c.n); got != c.want {
			t.Errorf("brief(%s, %d) = %q, want %q", c.raw, c.n, got, c.want)
		}
	}
}

// TestMentions: the text prechecks never miss a key a schema holds
// (escaped keys included) and clear the schemas that cannot hold it.
func TestMentions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		raw, key  string
		want, lst bool
	}{
		{`{"enum":[1]}`, "enum", true, true},
		{`{"description":"an enum of values"}`, "enum", false, false},
		{`{"xenum":1,"enumx":2}`, "enum", false, false},
		{`{"\u0065num":[1]}`, "enum", true, true},
		{`{"type" : "string"}`, "type", true, false},
		{`{"type":"object","properties":{"a":{"type":	[ "string","null"]}}}`, "type", true, true},
		{`{"description":"type","type":"string"}`, "type", true, false},
		{`{"a":"\"type\": [1]"}`, "type", false, false}, // escaped quotes: text inside a string
	}
	for _, c := range cases {
		if got := mentions([]byte(c.raw), c.key); got != c.want {
			t.Errorf("mentions(%s, %s) = %v, want %v", c.raw, c.key, got, c.want)
		}
		if got := mentionsList([]byte(c.raw), c.key); got != c.lst {
			t.Errorf("mentionsList(%s, %s) = %v, want %v", c.raw, c.key, got, c.lst)
		}
	}
}

func TestMentionsAny(t *testing.T) {
	t.Parallel()
	keys := map[string]bool{"examples": true, "id": true}
	cases := []struct {
		raw  string
		want bool
	}{
		{`{"type":"string","examples":["a"]}`, true},
		{`{"properties":{"project_id":{"type":"string"}}}`, false},
		{`{"properties":{"id":{"type":"string"}}}`, true}, // a property's name: walked, then not a keyword
		{`{"description":"say \"hi\""}`, true},            // escapes: always walked
		{`{"type":"string"}`, false},
	}
	for _, c := range cases {
		if got := mentionsAny([]byte(c.raw), keys); got != c.want {
			t.Errorf("mentionsAny(%s) = %v, want %v", c.raw, got, c.want)
		}
	}
}
