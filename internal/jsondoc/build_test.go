package jsondoc

import (
	"encoding/json"
	"fmt"
	"testing"
)

func TestBuildAndMarshal(t *testing.T) {
	t.Parallel()
	o := NewObject()
	o.Set("type", NewString("object"))
	o.Set("b", NewBool(true))
	o.Set("n", NewNull())
	o.Set("list", NewStrings("x", `<"&>`, "\u2028"))
	o.Set("type", NewString("array")) // replaced in place
	want := `{"type":"array","b":true,"n":null,"list":["x","<\"&>","\u2028"]}`
	if got := string(o.Marshal()); got != want {
		t.Errorf("Marshal = %s, want %s", got, want)
	}
	if got := string(o.Raw()); got != want {
		t.Errorf("Raw of a built value = %s, want its marshalled form", got)
	}
	o.Delete("b")
	o.Delete("missing")
	if got := string(o.Marshal()); got != `{"type":"array","n":null,"list":["x","<\"&>","\u2028"]}` {
		t.Errorf("after Delete: %s", got)
	}
}

func TestMarshalKeepsOrderAndNumbers(t *testing.T) {
	t.Parallel()
	in := `{"z": 1E700, "a": [0.10, -0, {"y": "é", "x": null}], "m": "\u003c"}`
	v, err := Parse([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(v.Marshal()); got != `{"z":1E700,"a":[0.10,-0,{"y":"é","x":null}],"m":"<"}` {
		t.Errorf("Marshal = %s", got)
	}
	if string(v.Raw()) != in {
		t.Errorf("Raw = %s, want the text as written", v.Raw())
	}
}

func TestShallowLeavesTheOriginal(t *testing.T) {
	t.Parallel()
	for _, width := range []int{2, indexAbove + 4} {
		var doc []byte
		doc = append(doc, '{')
		for i := range width {
			if i > 0 {
				doc = append(doc, ',')
			}
			doc = fmt.Appendf(doc, `"k%d":%d`, i, i)
		}
		doc = append(doc, '}')
		v, err := ParseAt(doc, "/s")
		if err != nil {
			t.Fatal(err)
		}
		c := v.Shallow()
		c.Delete("k0")
		c.Set("k1", NewString("changed"))
		c.Set("new", NewBool(false))
		if v.Get("k0") == nil || v.Get("k1").Text() != "1" || v.Has("new") || v.Len() != width {
			t.Errorf("%d keys: editing the copy changed the original: %s", width, v.Marshal())
		}
		if c.Has("k0") || c.Get("k1").Text() != "changed" || c.Get("new") == nil || c.Get(fmt.Sprintf("k%d", width-1)) == nil {
			t.Errorf("%d keys: the copy is %s", width, c.Marshal())
		}
		if c.Pointer() != "/s" || string(c.Raw()) != string(doc) {
			t.Errorf("%d keys: the copy stands at %q with %s", width, c.Pointer(), c.Raw())
		}
	}
}

func TestWideObjectStaysIndexed(t *testing.T) {
	t.Parallel()
	o := NewObject()
	for i := range 3 * indexAbove {
		o.Set(fmt.Sprintf("k%d", i), NewString(fmt.Sprint(i)))
	}
	o.Delete("k3")
	o.Set("k5", NewString("five"))
	for i := range 3 * indexAbove {
		got := o.Get(fmt.Sprintf("k%d", i))
		switch {
		case i == 3 && got != nil:
			t.Errorf("k3 survived Delete")
		case i == 5 && got.Text() != "five":
			t.Errorf("k5 = %v", got)
		case i != 3 && i != 5 && got.Text() != fmt.Sprint(i):
			t.Errorf("k%d = %v", i, got)
		}
	}
}

func TestNewFromStandsWhereItsSourceStands(t *testing.T) {
	t.Parallel()
	v, err := ParseAt([]byte(`{"allOf": [{"type": "string"}]}`), "/inputSchema")
	if err != nil {
		t.Fatal(err)
	}
	src := v.Get("allOf").Items()[0]
	m := NewFrom(Object, src)
	m.Set("type", NewString("integer"))
	if m.Pointer() != "/inputSchema/allOf/0" || string(m.Raw()) != `{"type": "string"}` || string(m.Marshal()) != `{"type":"integer"}` {
		t.Errorf("NewFrom: pointer %q, raw %s, content %s", m.Pointer(), m.Raw(), m.Marshal())
	}
	s := NewString("x")
	s.SetPointer("/a/b")
	if s.Pointer() != "/a/b" {
		t.Errorf("SetPointer: %q", s.Pointer())
	}
}

func TestAny(t *testing.T) {
	t.Parallel()
	v, err := Parse([]byte(`{"n": 1.50, "l": [true, null, "s"], "o": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(v.Any())
	if string(got) != `{"l":[true,null,"s"],"n":1.50,"o":{}}` {
		t.Errorf("Any = %s", got)
	}
	if (*Value)(nil).Any() != nil {
		t.Error("nil.Any() is not nil")
	}
}

func TestNilSafeReads(t *testing.T) {
	t.Parallel()
	var v *Value
	if v.Get("a").Get("b") != nil || v.IsObject() || v.IsArray() || v.IsTrue() || v.Len() != 0 || v.Keys() != nil ||
		v.Items() != nil || v.Values() != nil || v.Text() != "" || v.Has("a") {
		t.Error("reads of a nil value are not empty")
	}
	if _, ok := v.GetString("a"); ok {
		t.Error("GetString on nil")
	}
	s := NewString("x")
	if s.Get("a") != nil || s.Items() != nil || s.Keys() != nil {
		t.Error("a string answered as a container")
	}
}
