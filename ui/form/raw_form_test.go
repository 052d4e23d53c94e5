package form

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

const wholeSchema = `{"type":"object","properties":{"s":{"type":"string"},"n":{"type":"integer"}},"required":["s"]}`

func TestWholeFormAsJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		typed  string
		keys   []string
		want   string // the arguments after the keys
		open   bool   // the editor is still open
		screen string
		action Action
	}{
		{"typing replaces and esc applies", `{"s":"hi","extra":[1]}`, []string{"esc"}, `{"s":"hi","extra":[1]}`, false, "extra", ActionNone},
		{"ctrl+g applies too", `{"n":2,"s":"x"}`, []string{"ctrl+g"}, `{"s":"x","n":2}`, false, `"x"`, ActionNone},
		{"broken JSON keeps the text", `{"s":`, []string{"esc"}, `{"s":"a"}`, true, "not valid JSON at line 1, column 6", ActionNone},
		{"not an object", `[1]`, []string{"esc"}, `{"s":"a"}`, true, "this is not one", ActionNone},
		{"emptied", "", []string{"backspace", "esc"}, `{"s":"a"}`, true, "empty", ActionNone},
		{"discard", `{"s":"b"}`, []string{"ctrl+x"}, `{"s":"a"}`, false, `"a"`, ActionNone},
		{"unchanged", "", []string{"esc"}, `{"s":"a"}`, false, `"a"`, ActionNone},
		{"ctrl+s applies and sends", `{"s":"b"}`, []string{"ctrl+s"}, `{"s":"b"}`, false, `"b"`, ActionSubmit},
		{"ctrl+s asks about what fails", `{"n":1}`, []string{"ctrl+s"}, `{"n":1}`, false, "send anyway?", ActionNone},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := compile(t, wholeSchema)
			if err := f.SetJSON([]byte(`{"s":"a"}`)); err != nil {
				t.Fatal(err)
			}
			m := newModel(f, 80, 20)
			press(m, "ctrl+g")
			assertPureView(t, m, []string{"ctrl+g"})
			v := view(m)
			for _, s := range []string{"all the arguments as JSON", `"s": "a"`, "esc apply", "ctrl+x discard"} {
				if !strings.Contains(v, s) {
					t.Errorf("the JSON editor lacks %q:\n%s", s, v)
				}
			}
			if !m.Editing() {
				t.Error("Editing() is false while the JSON is edited: the parent would take printable keys")
			}
			if tt.typed != "" {
				m.Update(tea.PasteMsg{Content: tt.typed})
			}
			a := press(m, tt.keys...)
			if got := string(m.Form().JSON()); got != tt.want {
				t.Errorf("arguments %s, want %s", got, tt.want)
			}
			if open := m.whole != nil; open != tt.open {
				t.Errorf("editor open = %v, want %v", open, tt.open)
			}
			if v := view(m); !strings.Contains(v, tt.screen) {
				t.Errorf("the screen lacks %q:\n%s", tt.screen, v)
			}
			if a != tt.action {
				t.Errorf("action %v, want %v", a, tt.action)
			}
			if tt.open && !strings.Contains(view(m), strings.TrimSpace(tt.typed)) {
				t.Errorf("the text typed is gone:\n%s", view(m))
			}
		})
	}
}

func TestWholeFormKeepsVariantsWhenUnchanged(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, drawShapeSchema), 100, 24)
	press(m, "right", "right", "enter", "down") // Rectangle, its width
	typeText(m, "3")
	press(m, "enter", "esc", "right") // on to Polygon
	press(m, "ctrl+g", "esc", "left")
	if got := string(m.Form().JSON()); got != `{"shape":{"kind":"rect","width":3}}` {
		t.Errorf("looking at the JSON lost the rectangle: %s", got)
	}
}

func TestWholeFormKeyIsShown(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, wholeSchema), 200, 20)
	if v := view(m); !strings.Contains(v, "ctrl+g all as JSON") {
		t.Errorf("the hints do not offer the JSON of all the arguments:\n%s", v)
	}
	found := false
	for _, g := range m.keys.FullHelp() {
		for _, b := range g.Bindings {
			found = found || b.Help().Key == "ctrl+g"
		}
	}
	if !found {
		t.Error("the help does not list ctrl+g")
	}
}
