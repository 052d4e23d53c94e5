package schemaform

import (
	"strings"
	"testing"
)

const shapesSchema = `{"type":"object","properties":{"shape":{"oneOf":[
	{"type":"object","title":"Rectangle","properties":{"kind":{"const":"rect"},"width":{"type":"number"},"height":{"type":"number"}},"required":["kind","width","height"]},
	{"type":"object","title":"Polygon","properties":{"kind":{"const":"polygon"},"points":{"type":"array","items":{"type":"array","items":{"type":"number"}}}},"required":["kind","points"]}
]}}}`

func TestVariantsKeepTheirValues(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		schema string
		edit   func(u *Node)
		want   string
	}{
		{"rectangle, polygon, rectangle", shapesSchema, func(u *Node) {
			u.SetVariant(0)
			r := u.Children()[0]
			r.Child("kind").Open()
			r.Child("width").SetText("3")
			r.Child("height").SetText("4")
			u.SetVariant(1)
			u.Children()[0].Child("kind").Open()
			u.SetVariant(0)
		}, `{"shape":{"kind":"rect","width":3,"height":4}}`},
		{"only the chosen variant is sent", shapesSchema, func(u *Node) {
			u.SetVariant(0)
			u.Children()[0].Child("width").SetText("3")
			u.SetVariant(1)
			p := u.Children()[0]
			p.Child("kind").Open()
			p.Child("points").AddItem()
		}, `{"shape":{"kind":"polygon","points":[[]]}}`},
		{"string, list, string", `{"type":"object","properties":{"u":{"anyOf":[{"type":"string"},{"type":"number"},{"type":"array","items":{"type":"string"}}]}}}`,
			func(u *Node) {
				u.SetVariant(0)
				u.Children()[0].SetText("hi")
				u.SetVariant(2)
				u.Children()[0].AddItem().SetText("x")
				u.SetVariant(1)
				u.SetVariant(0)
			}, `{"u":"hi"}`},
		{"the list too, after the string", `{"type":"object","properties":{"u":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}}}`,
			func(u *Node) {
				u.SetVariant(1)
				u.Children()[0].AddItem().SetText("x")
				u.SetVariant(0)
				u.Children()[0].SetText("hi")
				u.SetVariant(1)
			}, `{"u":["x"]}`},
		{"a first visit starts from a value that fits", `{"type":"object","properties":{"u":{"anyOf":[{"type":"integer"},{"type":"number"}]}}}`,
			func(u *Node) {
				u.SetVariant(0)
				u.Children()[0].SetText("7")
				u.SetVariant(1)
			}, `{"u":7}`},
		{"a new value forgets the variants left", shapesSchema, func(u *Node) {
			u.SetVariant(0)
			u.Children()[0].Child("width").SetText("3")
			u.SetVariant(1)
			u.Unset()
			u.SetVariant(0)
		}, `{"shape":{}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := mustCompile(t, tt.schema)
			u := f.Root.Children()[0]
			tt.edit(u)
			if got := string(f.JSON()); got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestVariantsLeftAreNotValidated(t *testing.T) {
	t.Parallel()
	f := mustCompile(t, shapesSchema)
	u := f.Root.Child("shape")
	u.SetVariant(0)
	u.Children()[0].Child("width").SetText("wide") // not a number
	u.SetVariant(1)
	p := u.Children()[0]
	p.Child("kind").Open()
	p.Child("points").Open()
	issues, err := f.Validate()
	if err != nil {
		t.Fatal(err)
	}
	if len(issues) != 0 {
		t.Errorf("the Rectangle left behind was judged: %v", issues)
	}
}

func TestInvalidJSONIsReported(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, schema, text, want string
		issue                    bool
	}{
		{"union that takes strings", `{"type":"object","properties":{"u":{"anyOf":[{"type":"string"},{"type":"object"}]}}}`,
			`{"status":`, `{"u":"{\"status\":"}`, true},
		{"any value", `{"type":"object","properties":{"u":{}}}`, `[1,`, `{"u":"[1,"}`, true},
		{"emptied", `{"type":"object","properties":{"u":{"type":["string","null"]}}}`, ``, `{"u":""}`, true},
		{"valid JSON", `{"type":"object","properties":{"u":{"anyOf":[{"type":"string"},{"type":"object"}]}}}`,
			`{"status": 1}`, `{"u":{"status":1}}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := mustCompile(t, tt.schema)
			u := f.Root.Child("u")
			u.EditRaw()
			u.SetText(tt.text)
			if got := string(f.JSON()); got != tt.want {
				t.Errorf("sent %s, want %s (nothing typed is lost)", got, tt.want)
			}
			issues, err := f.Validate()
			if err != nil {
				t.Fatal(err)
			}
			var found []Issue
			for _, is := range issues {
				if is.NotJSON {
					found = append(found, is)
				}
			}
			if !tt.issue {
				if len(found) > 0 {
					t.Errorf("valid JSON reported: %v", found)
				}
				return
			}
			if len(found) != 1 || found[0].Node != u || found[0].InstancePath != "/u" || !strings.Contains(found[0].Message, "sent as") {
				t.Errorf("want one issue at /u saying it is sent as a string, got %v", issues)
			}
		})
	}
}
