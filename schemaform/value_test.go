package schemaform

import (
	"os"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

func mustCompile(t *testing.T, schema string) *Form {
	t.Helper()
	f, err := Compile([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestRoundTrip(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{
		"s":{"type":"string"},"n":{"type":"number"},"i":{"type":"integer"},"b":{"type":"boolean"},
		"e":{"enum":["a",1,null,{"k":true}]},"c":{"const":"tag"},
		"o":{"type":"object","properties":{"x":{"type":"string"}}},
		"m":{"type":"object","additionalProperties":{"type":"integer"}},
		"free":{"type":"object"},
		"l":{"type":"array","items":{"type":"object","properties":{"id":{"type":"string"}}}},
		"ms":{"type":"array","items":{"enum":["r","g","b"]}},
		"tuple":{"type":"array","prefixItems":[{"type":"number"},{"type":"string"}]},
		"u":{"oneOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]},
		"nullable":{"anyOf":[{"type":"string"},{"type":"null"}]},
		"raw":{}
	},"additionalProperties":true}`
	tests := []string{
		`{}`,
		`{"s":""}`,
		`{"s":"héllo \"quoted\" \u2028"}`,
		`{"n":12345678901234567890.5,"i":-3,"b":false}`,
		`{"e":{"k":true}}`,
		`{"e":null}`,
		`{"c":"tag"}`,
		`{"o":{"x":"1","unknown":[1,{"deep":null}]}}`,
		`{"m":{"a":1,"b":2}}`,
		`{"free":{"a":"x","n":1.5,"t":true,"z":null,"nested":{"q":[1]}}}`,
		`{"l":[{"id":"a"},{"id":"b","more":1},{}]}`,
		`{"ms":["r","b"]}`,
		`{"ms":["b","r"]}`,
		`{"ms":["r","r","purple"]}`,
		`{"tuple":[1.5,"x",true]}`,
		`{"u":"one"}`,
		`{"u":["a","b"]}`,
		`{"nullable":null}`,
		`{"raw":{"anything":[1,2,3]}}`,
		`{"s":42,"i":"not a number","b":"yes","o":[1],"l":{"not":"a list"}}`,
		`{"extra":"kept","another":{"x":1}}`,
	}
	for _, in := range tests {
		f := mustCompile(t, schema)
		if err := f.SetJSON([]byte(in)); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if out := f.JSON(); !jsondoc.Equal(out, []byte(in)) {
			t.Errorf("round trip lost something:\n in  %s\n out %s", in, out)
		}
	}
}

func TestUnsetEmptyAndNull(t *testing.T) {
	t.Parallel()
	f := mustCompile(t, `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":["string","null"]},"c":{"type":"string"}}}`)
	f.Root.Child("a").SetText("")
	f.Root.Child("b").SetNull()
	if got := string(f.JSON()); got != `{"a":"","b":null}` {
		t.Errorf("got %s: an empty string is sent, null is sent, unset is left out", got)
	}
	f.Root.Child("a").Unset()
	if got := string(f.JSON()); got != `{"b":null}` {
		t.Errorf("after unset: %s", got)
	}
}

func TestEditsSetAncestors(t *testing.T) {
	t.Parallel()
	f := mustCompile(t, `{"type":"object","properties":{"addr":{"type":"object","properties":{"geo":{"type":"object","properties":{"lat":{"type":"number"}}}}}}}`)
	addr := f.Root.Child("addr")
	addr.Open()
	addr.Child("geo").Open()
	addr.Child("geo").Child("lat").SetText("51.5")
	if got := string(f.JSON()); got != `{"addr":{"geo":{"lat":51.5}}}` {
		t.Errorf("got %s", got)
	}
	if p := addr.Child("geo").Child("lat").Path(); strings.Join(p, " › ") != "addr › geo › lat" {
		t.Errorf("path %v", p)
	}
}

func TestListEdits(t *testing.T) {
	t.Parallel()
	f := mustCompile(t, `{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"id":{"type":"string"},"qty":{"type":"integer","default":1}}}}}}`)
	items := f.Root.Child("items")
	a := items.AddItem()
	a.Child("id").SetText("A")
	b := items.AddItem()
	b.Child("id").SetText("B")
	items.MoveItem(1, 0)
	if got := string(f.JSON()); got != `{"items":[{"id":"B"},{"id":"A"}]}` {
		t.Errorf("after move: %s", got)
	}
	if b.Pointer() != "/items/0" || a.Child("id").Pointer() != "/items/1/id" {
		t.Errorf("pointers %s %s", b.Pointer(), a.Child("id").Pointer())
	}
	items.RemoveItem(0)
	if got := string(f.JSON()); got != `{"items":[{"id":"A"}]}` {
		t.Errorf("after remove: %s", got)
	}
}

func TestMapAndMultiSelectEdits(t *testing.T) {
	t.Parallel()
	f := mustCompile(t, `{"type":"object","properties":{"filter":{"type":"object","additionalProperties":true},"tags":{"type":"array","items":{"enum":["bug","docs","feat"]}}}}`)
	filter := f.Root.Child("filter")
	e, err := filter.AddEntry("status")
	if err != nil {
		t.Fatal(err)
	}
	e.SetVariant(0) // string
	e.Children()[0].SetText("open")
	n, _ := filter.AddEntry("count")
	n.SetVariant(1) // number
	n.Children()[0].SetText("3")
	if _, err := filter.AddEntry("status"); err == nil {
		t.Error("a duplicate key must be refused")
	}
	if err := filter.RenameEntry("count", "limit"); err != nil {
		t.Fatal(err)
	}
	tags := f.Root.Child("tags")
	tags.Toggle(2)
	tags.Toggle(0)
	if got := string(f.JSON()); got != `{"filter":{"status":"open","limit":3},"tags":["bug","feat"]}` {
		t.Errorf("got %s", got)
	}
}

func TestRawEditing(t *testing.T) {
	t.Parallel()
	f := mustCompile(t, `{"type":"object","properties":{"o":{"type":"object","properties":{"a":{"type":"integer"}}}}}`)
	o := f.Root.Child("o")
	o.Open()
	o.Child("a").SetText("5")
	o.EditRaw()
	if o.RawText() != "{\n  \"a\": 5\n}" {
		t.Errorf("raw text %q", o.RawText())
	}
	o.SetText(`{"a": 6, "b": "extra"}`)
	if err := o.LeaveRaw(); err != nil {
		t.Fatal(err)
	}
	if got := string(f.JSON()); got != `{"o":{"a":6,"b":"extra"}}` {
		t.Errorf("got %s", got)
	}
	o.EditRaw()
	o.SetText(`{"a": `)
	if err := o.LeaveRaw(); err == nil || !o.Raw() {
		t.Error("invalid JSON must stay raw with an error")
	}
	if got := string(f.JSON()); got != `{"o":"{\"a\": "}` {
		t.Errorf("invalid raw text is still sent, as a string: %s", got)
	}
}

func TestInvalidEditsAreSentVisibly(t *testing.T) {
	t.Parallel()
	f := mustCompile(t, `{"type":"object","properties":{"n":{"type":"integer","minimum":1}}}`)
	n := f.Root.Child("n")
	n.SetText("abc")
	if got := string(f.JSON()); got != `{"n":"abc"}` {
		t.Errorf("got %s", got)
	}
	if c := n.Check(); len(c) != 1 || c[0] != `"abc" is not a number` {
		t.Errorf("check %q", c)
	}
	n.SetText("0.5")
	if c := n.Check(); strings.Join(c, ";") != "must be a whole number;at least 1" {
		t.Errorf("check %q", c)
	}
}

func TestValidateMapsToNodes(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("testdata/seeds/create_order.json")
	if err != nil {
		t.Fatal(err)
	}
	f := mustCompile(t, string(schemasIn("create_order.json", data)[0].schema))
	_ = f.SetJSON([]byte(`{"items":[{"quantity":0}],"shipping_address":{"receiver":"R"},"payment_method":"cash"}`))
	issues, err := f.Validate()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, is := range issues {
		got[is.Node.Pointer()] = is.Message
	}
	for ptr, msg := range map[string]string{
		"/items/0/product_id":        "missing required property 'product_id'",
		"/shipping_address/phone":    "missing required property 'phone'",
		"/payment_method":            "value must be one of",
		"/shipping_address/receiver": "",
	} {
		if msg == "" {
			if _, ok := got[ptr]; ok {
				t.Errorf("%s should have no issue", ptr)
			}
			continue
		}
		if !strings.Contains(got[ptr], msg) {
			t.Errorf("%s: got %q, want %q (all: %v)", ptr, got[ptr], msg, got)
		}
	}
}

// TestCheckCountsOfOne reads a bound of one as English does: "1 character",
// not "1 characters".
func TestCheckCountsOfOne(t *testing.T) {
	t.Parallel()
	f := mustCompile(t, `{"type":"object","properties":{"s":{"type":"string","minLength":1,"maxLength":3},"a":{"type":"array","maxItems":1,"items":{"type":"string"}}}}`)
	s := f.Root.Child("s")
	s.SetText("")
	if c := strings.Join(s.Check(), ";"); c != "at least 1 character (has 0)" {
		t.Errorf("empty string: %q", c)
	}
	s.SetText("abcd")
	if c := strings.Join(s.Check(), ";"); c != "at most 3 characters (has 4)" {
		t.Errorf("long string: %q", c)
	}
	rows := f.Outline()
	var constraints []string
	for _, r := range rows {
		constraints = append(constraints, r.Constraints...)
	}
	if got := strings.Join(constraints, ";"); !strings.Contains(got, "at most 1 item") || strings.Contains(got, "1 items") {
		t.Errorf("outline constraints %q", got)
	}
}
