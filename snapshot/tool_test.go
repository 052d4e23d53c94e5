package snapshot

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestDiffToolRules(t *testing.T) {
	t.Parallel()
	const s = `{"type":"object","properties":{"q":{"type":"string"}}}`
	const other = `{"type":"object","properties":{"n":{"type":"number"}}}`
	out := func(o string) string { return `{"name":"t","inputSchema":{},"outputSchema":` + o + `}` }
	ann := func(a string) string { return `{"name":"t","inputSchema":{},"annotations":` + a + `}` }
	tests := []struct {
		name     string
		old, new []string
		want     []string
	}{
		{"tool removed", []string{tool("a", s), tool("b", other)}, []string{tool("b", other)}, []string{"a breaking tool-removed "}},
		{"tool added", []string{tool("b", other)}, []string{tool("a", s), tool("b", other)}, []string{"a non-breaking tool-added "}},
		{"tool renamed", []string{tool("search", s), tool("b", other)}, []string{tool("b", other), tool("find", s)}, []string{"find breaking tool-renamed /name"}},
		{"renamed with a new description", []string{tool("search", s)}, []string{`{"name":"find","description":"Find it.","inputSchema":` + s + `}`},
			[]string{"find breaking tool-renamed /name", "find non-breaking description-changed /description"}},
		{"title changed", []string{`{"name":"t","title":"Old","inputSchema":{}}`}, []string{`{"name":"t","title":"New","inputSchema":{}}`}, []string{"t non-breaking title-changed /title"}},
		{"description changed", []string{`{"name":"t","description":"a","inputSchema":{}}`}, []string{`{"name":"t","description":"b","inputSchema":{}}`}, []string{"t non-breaking description-changed /description"}},
		{"annotations title", []string{ann(`{"title":"A"}`)}, []string{ann(`{"title":"B"}`)}, []string{"t non-breaking annotation-title-changed /annotations/title"}},
		{"read-only turned off", []string{ann(`{"readOnlyHint":true}`)}, []string{ann(`{"readOnlyHint":false}`)}, []string{"t breaking read-only-hint-removed /annotations/readOnlyHint"}},
		{"read-only unset", []string{ann(`{"readOnlyHint":true}`)}, []string{ann(`{}`)}, []string{"t breaking read-only-hint-removed /annotations/readOnlyHint"}},
		{"read-only turned on", []string{ann(`{"readOnlyHint":false}`)}, []string{ann(`{"readOnlyHint":true}`)}, []string{"t non-breaking annotation-changed /annotations/readOnlyHint"}},
		{"destructive turned on", []string{ann(`{"destructiveHint":false}`)}, []string{ann(`{"destructiveHint":true}`)}, []string{"t breaking destructive-hint-added /annotations/destructiveHint"}},
		{"destructive unset means true", []string{ann(`{"destructiveHint":false}`)}, []string{ann(`{}`)}, []string{"t breaking destructive-hint-added /annotations/destructiveHint"}},
		{"destructive turned off", []string{ann(`{"destructiveHint":true}`)}, []string{ann(`{"destructiveHint":false}`)}, []string{"t non-breaking annotation-changed /annotations/destructiveHint"}},
		{"other annotation", []string{ann(`{"openWorldHint":true}`)}, []string{ann(`{"openWorldHint":false}`)}, []string{"t non-breaking annotation-changed /annotations/openWorldHint"}},
		{"output property removed", []string{out(`{"type":"object","properties":{"a":{"type":"string"},"b":{}}}`)}, []string{out(`{"type":"object","properties":{"b":{}}}`)},
			[]string{"t breaking output-property-removed /outputSchema/properties/a"}},
		{"output property made optional", []string{out(`{"type":"object","properties":{"a":{}},"required":["a"]}`)}, []string{out(`{"type":"object","properties":{"a":{}}}`)},
			[]string{"t breaking output-required-removed /outputSchema/required"}},
		{"output retyped wider", []string{out(`{"type":"object","properties":{"a":{"type":"integer"}}}`)}, []string{out(`{"type":"object","properties":{"a":{"type":"number"}}}`)},
			[]string{"t breaking output-type-changed /outputSchema/properties/a/type"}},
		{"output retyped narrower", []string{out(`{"type":"object","properties":{"a":{"type":["string","null"]}}}`)}, []string{out(`{"type":"object","properties":{"a":{"type":"string"}}}`)},
			[]string{"t breaking output-type-changed /outputSchema/properties/a/type"}},
		{"output property added", []string{out(`{"type":"object","properties":{}}`)}, []string{out(`{"type":"object","properties":{"z":{}}}`)},
			[]string{"t non-breaking output-property-added /outputSchema/properties/z"}},
		{"output schema removed", []string{out(`{"type":"object"}`)}, []string{`{"name":"t","inputSchema":{}}`}, []string{"t breaking output-schema-removed /outputSchema"}},
		{"output schema added", []string{`{"name":"t","inputSchema":{}}`}, []string{out(`{"type":"object"}`)}, []string{"t non-breaking output-schema-added /outputSchema"}},
		{"other field", []string{`{"name":"t","inputSchema":{},"_meta":{"v":1}}`}, []string{`{"name":"t","inputSchema":{},"_meta":{"v":2}}`}, []string{"t non-breaking field-changed /_meta"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sameLines(t, lines(mustDiff(t, snap(tt.old...), snap(tt.new...))), tt.want)
		})
	}
}

func TestDiffGroupOrder(t *testing.T) {
	t.Parallel()
	old := snap(tool("gone1", `{"properties":{"x":{}}}`), tool("b", `{}`), tool("gone2", `{"properties":{"y":{}}}`), tool("a", `{}`))
	new := snap(tool("a", `{"required":["k"]}`), tool("new", `{"properties":{"z":{}}}`), tool("b", `{"description":"d"}`))
	r := mustDiff(t, old, new)
	var names []string
	for _, g := range r.Groups {
		names = append(names, g.Name)
	}
	if want := []string{"a", "new", "b", "gone1", "gone2"}; !reflect.DeepEqual(names, want) {
		t.Errorf("groups %v, want %v", names, want)
	}
	if r.Breaking != 3 || r.NonBreaking != 2 {
		t.Errorf("counts %d breaking, %d non-breaking; want 3 and 2", r.Breaking, r.NonBreaking)
	}
}

func TestDiffChangeValues(t *testing.T) {
	t.Parallel()
	r := mustDiff(t, snap(tool("t", `{"properties":{"n":{"maximum":10}}}`)), snap(tool("t", `{"properties":{"n":{"maximum":5}}}`)))
	c := r.Groups[0].Changes[0]
	if string(c.Old) != "10" || string(c.New) != "5" || c.Summary != "maximum lowered from 10 to 5" {
		t.Errorf("change %+v", c)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	const want = `{"groups":[{"kind":"tool","name":"t","changes":[{"severity":"breaking","rule":"maximum-lowered","pointer":"/inputSchema/properties/n/maximum","old":10,"new":5,"summary":"maximum lowered from 10 to 5"}]}],"breaking":1,"nonBreaking":0}`
	if string(b) != want {
		t.Errorf("JSON\n%s\nwant\n%s", b, want)
	}
}

func TestDiffSections(t *testing.T) {
	t.Parallel()
	with := func(res, tpl, prompts string) *Snapshot {
		s := snap()
		s.Resources, s.ResourceTemplates, s.Prompts = json.RawMessage(res), json.RawMessage(tpl), json.RawMessage(prompts)
		return s
	}
	const arg = `{"name":"p","arguments":[{"name":"a","description":"x"},{"name":"b","required":true}]}`
	tests := []struct {
		name     string
		old, new *Snapshot
		want     []string
	}{
		{"resource removed", with(`[{"uri":"u:1","name":"one"}]`, `[]`, `[]`), with(`[]`, `[]`, `[]`), []string{"u:1 breaking resource-removed "}},
		{"resource added", with(`[]`, `[]`, `[]`), with(`[{"uri":"u:1","name":"one"}]`, `[]`, `[]`), []string{"u:1 non-breaking resource-added "}},
		{"resource mimeType", with(`[{"uri":"u:1","name":"one","mimeType":"text/plain"}]`, `[]`, `[]`), with(`[{"uri":"u:1","name":"one","mimeType":"application/json"}]`, `[]`, `[]`),
			[]string{"u:1 breaking mime-type-changed /mimeType"}},
		{"resource wording", with(`[{"uri":"u:1","name":"one","description":"a b"}]`, `[]`, `[]`), with(`[{"uri":"u:1","name":"uno","description":"a c"}]`, `[]`, `[]`),
			[]string{"u:1 non-breaking description-changed /description", "u:1 non-breaking name-changed /name"}},
		{"template removed", with(`[]`, `[{"uriTemplate":"u:{x}","name":"t"}]`, `[]`), with(`[]`, `[]`, `[]`), []string{"u:{x} breaking resource-template-removed "}},
		{"template mimeType", with(`[]`, `[{"uriTemplate":"u:{x}","name":"t","mimeType":"a/b"}]`, `[]`), with(`[]`, `[{"uriTemplate":"u:{x}","name":"t"}]`, `[]`),
			[]string{"u:{x} breaking mime-type-changed /mimeType"}},
		{"prompt removed", with(`[]`, `[]`, `[{"name":"p"}]`), with(`[]`, `[]`, `[]`), []string{"p breaking prompt-removed "}},
		{"prompt added", with(`[]`, `[]`, `[]`), with(`[]`, `[]`, `[{"name":"p"}]`), []string{"p non-breaking prompt-added "}},
		{"prompt argument made required", with(`[]`, `[]`, `[`+arg+`]`), with(`[]`, `[]`, `[{"name":"p","arguments":[{"name":"a","required":true,"description":"x"},{"name":"b","required":true}]}]`),
			[]string{"p breaking prompt-argument-made-required /arguments/0/required"}},
		{"prompt argument added required", with(`[]`, `[]`, `[`+arg+`]`), with(`[]`, `[]`, `[{"name":"p","arguments":[{"name":"a","description":"x"},{"name":"b","required":true},{"name":"c","required":true}]}]`),
			[]string{"p breaking prompt-argument-added-required /arguments/2"}},
		{"prompt argument added optional, removed, reworded", with(`[]`, `[]`, `[`+arg+`]`), with(`[]`, `[]`, `[{"name":"p","arguments":[{"name":"a","description":"y"},{"name":"c"}]}]`),
			[]string{"p breaking prompt-argument-removed /arguments/1", "p non-breaking description-changed /arguments/0/description", "p non-breaking prompt-argument-added /arguments/1"}},
		{"section on one side only", with(`[{"uri":"u:1","name":"one"}]`, `[]`, `[{"name":"p"}]`), snap(), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sameLines(t, lines(mustDiff(t, tt.old, tt.new)), tt.want)
		})
	}
}
