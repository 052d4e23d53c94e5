package form

import (
	"strings"
	"testing"
)

const drawShapeSchema = `{"type":"object","properties":{"shape":{"oneOf":[
	{"type":"object","title":"Circle","properties":{"kind":{"const":"circle"},"radius":{"type":"number"}},"required":["kind","radius"]},
	{"type":"object","title":"Rectangle","properties":{"kind":{"const":"rect"},"width":{"type":"number"},"height":{"type":"number"}},"required":["kind","width","height"]},
	{"type":"object","title":"Polygon","properties":{"kind":{"const":"polygon"},"points":{"type":"array","items":{"type":"array","items":{"type":"number"}}}},"required":["kind","points"]}
]}}}`

func TestUnionKeepsEachVariantThroughKeys(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, drawShapeSchema), 100, 24)
	press(m, "right", "right", "enter", "down") // Rectangle, its width
	typeText(m, "3")
	press(m, "enter")
	typeText(m, "4")
	press(m, "enter", "esc")
	if got := string(m.Form().JSON()); got != `{"shape":{"kind":"rect","width":3,"height":4}}` {
		t.Fatalf("the rectangle is %s", got)
	}
	press(m, "right") // Polygon
	if got := string(m.Form().JSON()); got != `{"shape":{"kind":"polygon"}}` {
		t.Errorf("the polygon is %s: only the chosen variant is sent", got)
	}
	press(m, "left") // Rectangle again
	if got := string(m.Form().JSON()); got != `{"shape":{"kind":"rect","width":3,"height":4}}` {
		t.Errorf("back on the rectangle: %s, want 3×4 as it was left", got)
	}
	if v := view(m); !strings.Contains(v, "‹Rectangle›") {
		t.Errorf("the row does not show the variant:\n%s", v)
	}
}

func TestTypedTextFollowsScalarVariant(t *testing.T) {
	t.Parallel()
	const schema = `{"type":"object","properties":{"id":{"type":["integer","string"]},"n":{"type":"integer"}}}`
	tests := []struct {
		name    string
		keys    []string // before typing
		typed   string
		after   []string // after typing
		want    string
		variant string
	}{
		{"x moves to string", nil, "x", nil, `{"id":"x"}`, "‹string›"},
		{"a number stays integer", nil, "12", nil, `{"id":12}`, "‹integer›"},
		{"12x then backspace goes back", nil, "12x", []string{"backspace"}, `{"id":12}`, "‹integer›"},
		{"12 in the chosen string stays string", []string{"right", "right"}, "12", nil, `{"id":"12"}`, "‹string›"},
		{"a plain integer field does not switch", []string{"down"}, "x", nil, `{"n":"x"}`, "not a number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := newModel(compile(t, schema), 100, 24)
			press(m, tt.keys...)
			typeText(m, tt.typed)
			press(m, tt.after...)
			if got := string(m.Form().JSON()); got != tt.want {
				t.Errorf("arguments %s, want %s", got, tt.want)
			}
			if v := view(m); !strings.Contains(v, tt.variant) {
				t.Errorf("while typing, the view lacks %q:\n%s", tt.variant, v)
			}
			press(m, "enter")
			if got := string(m.Form().JSON()); got != tt.want {
				t.Errorf("after enter: arguments %s, want %s", got, tt.want)
			}
		})
	}
}

func TestShortenedValueHasOneEllipsis(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("1234567890", 8)
	tests := []struct{ name, schema, value string }{
		{"string with a problem beside", `{"type":"object","properties":{"n":{"type":"string","pattern":"^a$"},"m":{"type":"number"}}}`, `{"n":"` + long + `"}`},
		{"string default", `{"type":"object","properties":{"n":{"type":"string","default":"` + long + `"},"m":{"type":"number"}}}`, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for width := 20; width <= 60; width++ {
				f := compile(t, tt.schema)
				if err := f.SetJSON([]byte(tt.value)); err != nil {
					t.Fatal(err)
				}
				m := newModel(f, width, 12)
				for _, keys := range [][]string{nil, {"down"}} {
					press(m, keys...)
					if v := view(m); strings.Contains(v, "……") {
						t.Fatalf("width %d: two ellipses:\n%s", width, v)
					}
				}
			}
		})
	}
}
