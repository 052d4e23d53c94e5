package snapshot

import "testing"

// obj is an object schema with the given properties JSON and extra
// members.
func obj(props string, extra string) string {
	s := `{"type":"object","properties":` + props
	if extra != "" {
		s += "," + extra
	}
	return s + "}"
}

func TestDiffInputSchemaRules(t *testing.T) {
	t.Parallel()
	const p = "/inputSchema/properties/"
	tests := []struct {
		name     string
		old, new string // the inputSchema of tool "t" on each side
		want     []string
	}{
		{"identical", obj(`{"a":{"type":"string"}}`, ""), obj(`{"a":{"type":"string"}}`, ""), nil},
		{"reordered properties", obj(`{"a":{"type":"string","minLength":1},"b":{"type":"integer"}}`, `"required":["a","b"]`),
			obj(`{"b":{"type":"integer"},"a":{"minLength":1,"type":"string"}}`, `"required":["b","a"]`), nil},
		{"number spelled differently", obj(`{"a":{"maximum":1}}`, ""), obj(`{"a":{"maximum":1.0}}`, ""), nil},
		{"ref moved to another defs name", obj(`{"a":{"$ref":"#/$defs/x"}}`, `"$defs":{"x":{"type":"string","enum":["p","q"]}}`),
			obj(`{"a":{"$ref":"#/definitions/y"}}`, `"definitions":{"y":{"enum":["q","p"],"type":"string"}}`), nil},
		{"ref inlined", obj(`{"a":{"$ref":"#/$defs/x"}}`, `"$defs":{"x":{"type":"string"}}`), obj(`{"a":{"type":"string"}}`, ""), nil},
		{"recursive ref unchanged", obj(`{"n":{"$ref":"#"}}`, ""), obj(`{"n":{"$ref":"#"}}`, ""), nil},
		{"recursive ref changed", obj(`{"n":{"$ref":"#/$defs/node"}}`, `"$defs":{"node":{"type":"object","properties":{"next":{"$ref":"#/$defs/node"},"v":{"type":"number"}}}}`),
			obj(`{"n":{"$ref":"#/$defs/node"}}`, `"$defs":{"node":{"type":"object","properties":{"next":{"$ref":"#/$defs/node"},"v":{"type":"integer"}}}}`),
			[]string{"t breaking type-narrowed " + p + "n/properties/v/type"}},
		{"ref cycle terminates", obj(`{"a":{"$ref":"#/$defs/x"}}`, `"$defs":{"x":{"$ref":"#/$defs/y"},"y":{"$ref":"#/$defs/x"}}`),
			obj(`{"a":{"$ref":"#/$defs/x"},"b":{}}`, `"$defs":{"x":{"$ref":"#/$defs/y"},"y":{"$ref":"#/$defs/x"}}`),
			[]string{"t non-breaking parameter-added " + p + "b"}},
		{"ref to nowhere compared as written", obj(`{"a":{"$ref":"#/$defs/gone"}}`, ""), obj(`{"a":{"$ref":"#/$defs/other"}}`, ""),
			[]string{"t breaking keyword-changed " + p + "a/$ref"}},
		{"made required", obj(`{"a":{}}`, ""), obj(`{"a":{}}`, `"required":["a"]`), []string{"t breaking required-added /inputSchema/required"}},
		{"made optional", obj(`{"a":{}}`, `"required":["a"]`), obj(`{"a":{}}`, ""), []string{"t non-breaking required-removed /inputSchema/required"}},
		{"added as required", obj(`{}`, ""), obj(`{"a":{}}`, `"required":["a"]`), []string{"t breaking required-parameter-added " + p + "a"}},
		{"added as optional", obj(`{}`, ""), obj(`{"a":{}}`, ""), []string{"t non-breaking parameter-added " + p + "a"}},
		{"removed where closed", obj(`{"a":{},"b":{}}`, `"additionalProperties":false`), obj(`{"b":{}}`, `"additionalProperties":false`),
			[]string{"t breaking parameter-removed " + p + "a"}},
		{"removed where open", obj(`{"a":{},"b":{}}`, ""), obj(`{"b":{}}`, ""), []string{"t non-breaking parameter-removed-open " + p + "a"}},
		{"nullable narrowed", obj(`{"a":{"type":["string","null"]}}`, ""), obj(`{"a":{"type":"string"}}`, ""), []string{"t breaking type-narrowed " + p + "a/type"}},
		{"number to integer", obj(`{"a":{"type":"number"}}`, ""), obj(`{"a":{"type":"integer"}}`, ""), []string{"t breaking type-narrowed " + p + "a/type"}},
		{"string to integer", obj(`{"a":{"type":"string"}}`, ""), obj(`{"a":{"type":"integer"}}`, ""), []string{"t breaking type-changed " + p + "a/type"}},
		{"integer to number", obj(`{"a":{"type":"integer"}}`, ""), obj(`{"a":{"type":"number"}}`, ""), []string{"t non-breaking type-widened " + p + "a/type"}},
		{"type dropped", obj(`{"a":{"type":"integer"}}`, ""), obj(`{"a":{}}`, ""), []string{"t non-breaking type-widened " + p + "a/type"}},
		{"type added", obj(`{"a":{}}`, ""), obj(`{"a":{"type":"integer"}}`, ""), []string{"t breaking type-narrowed " + p + "a/type"}},
		{"enum value removed and added", obj(`{"a":{"enum":["x","y"]}}`, ""), obj(`{"a":{"enum":["y","z"]}}`, ""),
			[]string{"t breaking enum-value-removed " + p + "a/enum", "t non-breaking enum-value-added " + p + "a/enum"}},
		{"enum added", obj(`{"a":{}}`, ""), obj(`{"a":{"enum":[1]}}`, ""), []string{"t breaking enum-added " + p + "a/enum"}},
		{"const added", obj(`{"a":{}}`, ""), obj(`{"a":{"const":1}}`, ""), []string{"t breaking const-added " + p + "a/const"}},
		{"const changed", obj(`{"a":{"const":1}}`, ""), obj(`{"a":{"const":2}}`, ""), []string{"t breaking const-changed " + p + "a/const"}},
		{"const removed", obj(`{"a":{"const":1}}`, ""), obj(`{"a":{}}`, ""), []string{"t non-breaking const-removed " + p + "a/const"}},
		{"minimum raised", obj(`{"a":{"minimum":1}}`, ""), obj(`{"a":{"minimum":2}}`, ""), []string{"t breaking minimum-raised " + p + "a/minimum"}},
		{"minimum added", obj(`{"a":{}}`, ""), obj(`{"a":{"minimum":0}}`, ""), []string{"t breaking minimum-added " + p + "a/minimum"}},
		{"minimum lowered", obj(`{"a":{"minimum":2}}`, ""), obj(`{"a":{"minimum":1}}`, ""), []string{"t non-breaking minimum-lowered " + p + "a/minimum"}},
		{"exclusiveMinimum raised", obj(`{"a":{"exclusiveMinimum":1}}`, ""), obj(`{"a":{"exclusiveMinimum":1.5}}`, ""), []string{"t breaking exclusive-minimum-raised " + p + "a/exclusiveMinimum"}},
		{"maximum lowered", obj(`{"a":{"maximum":10}}`, ""), obj(`{"a":{"maximum":9}}`, ""), []string{"t breaking maximum-lowered " + p + "a/maximum"}},
		{"maximum added", obj(`{"a":{}}`, ""), obj(`{"a":{"maximum":9}}`, ""), []string{"t breaking maximum-added " + p + "a/maximum"}},
		{"maximum removed", obj(`{"a":{"maximum":9}}`, ""), obj(`{"a":{}}`, ""), []string{"t non-breaking maximum-removed " + p + "a/maximum"}},
		{"exclusiveMaximum lowered", obj(`{"a":{"exclusiveMaximum":10}}`, ""), obj(`{"a":{"exclusiveMaximum":5}}`, ""), []string{"t breaking exclusive-maximum-lowered " + p + "a/exclusiveMaximum"}},
		{"minLength raised", obj(`{"a":{"minLength":1}}`, ""), obj(`{"a":{"minLength":3}}`, ""), []string{"t breaking min-length-raised " + p + "a/minLength"}},
		{"minItems raised", obj(`{"a":{"minItems":0}}`, ""), obj(`{"a":{"minItems":1}}`, ""), []string{"t breaking min-items-raised " + p + "a/minItems"}},
		{"minProperties raised", obj(`{"a":{"minProperties":0}}`, ""), obj(`{"a":{"minProperties":1}}`, ""), []string{"t breaking min-properties-raised " + p + "a/minProperties"}},
		{"maxLength lowered", obj(`{"a":{"maxLength":10}}`, ""), obj(`{"a":{"maxLength":5}}`, ""), []string{"t breaking max-length-lowered " + p + "a/maxLength"}},
		{"maxLength raised", obj(`{"a":{"maxLength":5}}`, ""), obj(`{"a":{"maxLength":10}}`, ""), []string{"t non-breaking max-length-raised " + p + "a/maxLength"}},
		{"maxItems lowered", obj(`{"a":{"maxItems":10}}`, ""), obj(`{"a":{"maxItems":5}}`, ""), []string{"t breaking max-items-lowered " + p + "a/maxItems"}},
		{"maxProperties lowered", obj(`{"a":{"maxProperties":10}}`, ""), obj(`{"a":{"maxProperties":5}}`, ""), []string{"t breaking max-properties-lowered " + p + "a/maxProperties"}},
		{"draft-04 exclusiveMinimum", obj(`{"a":{"minimum":1,"exclusiveMinimum":false}}`, ""), obj(`{"a":{"minimum":1,"exclusiveMinimum":true}}`, ""),
			[]string{"t breaking exclusive-minimum-changed " + p + "a/exclusiveMinimum"}},
		{"pattern added", obj(`{"a":{}}`, ""), obj(`{"a":{"pattern":"^x"}}`, ""), []string{"t breaking pattern-added " + p + "a/pattern"}},
		{"pattern changed", obj(`{"a":{"pattern":"^x"}}`, ""), obj(`{"a":{"pattern":"^y"}}`, ""), []string{"t breaking pattern-changed " + p + "a/pattern"}},
		{"pattern removed", obj(`{"a":{"pattern":"^x"}}`, ""), obj(`{"a":{}}`, ""), []string{"t non-breaking pattern-removed " + p + "a/pattern"}},
		{"format added", obj(`{"a":{}}`, ""), obj(`{"a":{"format":"uri"}}`, ""), []string{"t breaking format-added " + p + "a/format"}},
		{"format changed", obj(`{"a":{"format":"uri"}}`, ""), obj(`{"a":{"format":"email"}}`, ""), []string{"t breaking format-changed " + p + "a/format"}},
		{"additionalProperties closed", obj(`{}`, `"additionalProperties":true`), obj(`{}`, `"additionalProperties":false`),
			[]string{"t breaking additional-properties-disallowed /inputSchema/additionalProperties"}},
		{"additionalProperties opened", obj(`{}`, `"additionalProperties":false`), obj(`{}`, ""),
			[]string{"t non-breaking additional-properties-allowed /inputSchema/additionalProperties"}},
		{"additionalProperties schema narrowed", obj(`{}`, `"additionalProperties":{"type":"number"}`), obj(`{}`, `"additionalProperties":{"type":"integer"}`),
			[]string{"t breaking type-narrowed /inputSchema/additionalProperties/type"}},
		{"uniqueItems on", obj(`{"a":{"type":"array"}}`, ""), obj(`{"a":{"type":"array","uniqueItems":true}}`, ""), []string{"t breaking unique-items-added " + p + "a/uniqueItems"}},
		{"uniqueItems off", obj(`{"a":{"uniqueItems":true}}`, ""), obj(`{"a":{"uniqueItems":false}}`, ""), []string{"t non-breaking unique-items-removed " + p + "a/uniqueItems"}},
		{"nested object required", obj(`{"o":{"type":"object","properties":{"x":{}}}}`, ""), obj(`{"o":{"type":"object","properties":{"x":{}},"required":["x"]}}`, ""),
			[]string{"t breaking required-added " + p + "o/required"}},
		{"array items narrowed", obj(`{"a":{"type":"array","items":{"enum":[1,2]}}}`, ""), obj(`{"a":{"type":"array","items":{"enum":[1]}}}`, ""),
			[]string{"t breaking enum-value-removed " + p + "a/items/enum"}},
		{"tuple items", obj(`{"a":{"items":[{"type":"string"}]}}`, ""), obj(`{"a":{"items":[{"type":"string"},{"type":"number"}]}}`, ""),
			[]string{"t breaking items-added " + p + "a/items/1"}},
		{"oneOf variant removed", obj(`{"a":{"oneOf":[{"type":"string"},{"type":"number"}]}}`, ""), obj(`{"a":{"oneOf":[{"type":"number"}]}}`, ""),
			[]string{"t breaking variant-removed " + p + "a/oneOf/0"}},
		{"anyOf variant added", obj(`{"a":{"anyOf":[{"type":"string"}]}}`, ""), obj(`{"a":{"anyOf":[{"type":"boolean"},{"type":"string"}]}}`, ""),
			[]string{"t non-breaking variant-added " + p + "a/anyOf/0"}},
		{"anyOf variant changed", obj(`{"a":{"anyOf":[{"type":"string"},{"type":"null"}]}}`, ""), obj(`{"a":{"anyOf":[{"type":"string","maxLength":3},{"type":"null"}]}}`, ""),
			[]string{"t breaking max-length-added " + p + "a/anyOf/0/maxLength"}},
		{"oneOf added", obj(`{"a":{}}`, ""), obj(`{"a":{"oneOf":[{"type":"string"}]}}`, ""), []string{"t breaking one-of-added " + p + "a/oneOf"}},
		{"allOf gained", obj(`{"a":{"allOf":[{"type":"string"}]}}`, ""), obj(`{"a":{"allOf":[{"type":"string"},{"minLength":1}]}}`, ""),
			[]string{"t breaking all-of-added " + p + "a/allOf/1"}},
		{"unknown keyword changed", obj(`{"a":{"not":{"type":"null"}}}`, ""), obj(`{"a":{"not":{"type":"string"}}}`, ""),
			[]string{"t breaking keyword-changed " + p + "a/not"}},
		{"default changed", obj(`{"a":{"default":1}}`, ""), obj(`{"a":{"default":2}}`, ""), []string{"t non-breaking default-changed " + p + "a/default"}},
		{"parameter description", obj(`{"a":{"description":"the repo owner"}}`, ""), obj(`{"a":{"description":"the repository owner"}}`, ""),
			[]string{"t non-breaking description-changed " + p + "a/description"}},
		{"breaking first, then by pointer", obj(`{"b":{"type":"string"},"a":{}}`, ""), obj(`{"a":{"description":"x"},"b":{"type":"integer"},"c":{}}`, `"required":["c"]`),
			[]string{"t breaking type-changed " + p + "b/type", "t breaking required-parameter-added " + p + "c", "t non-breaking description-changed " + p + "a/description"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := mustDiff(t, snap(tool("t", tt.old)), snap(tool("t", tt.new)))
			sameLines(t, lines(r), tt.want)
		})
	}
}

func TestDiffRefusesBrokenSections(t *testing.T) {
	t.Parallel()
	good := snap()
	if _, err := Diff(nil, good); err == nil {
		t.Error("Diff with no old snapshot: no error")
	}
	for _, bad := range []*Snapshot{{Tools: []byte(`{`)}, {Tools: []byte(`{}`)}} {
		if _, err := Diff(good, bad); err == nil {
			t.Errorf("Diff with tools %s: no error", bad.Tools)
		}
		if _, err := Diff(bad, good); err == nil {
			t.Errorf("Diff with old tools %s: no error", bad.Tools)
		}
	}
}
