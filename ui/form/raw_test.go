package form

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

const stringOrObject = `{"type":"object","properties":{"u":{"anyOf":[{"type":"string"},{"type":"object"}]},"s":{"type":"string"}}}`

func TestRawEditorStartsSelected(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		start string // the value before ctrl+r
		to    []string
		keys  []string
		typed string
		paste string
		want  string
	}{
		{"typing replaces", `{"u":""}`, nil, nil, `{"status":1}`, "", `{"u":{"status":1}}`},
		{"pasting replaces", `{"u":"old"}`, nil, nil, "", `{"status": 2}`, `{"u":{"status":2}}`},
		{"backspace empties", `{"u":"old"}`, nil, []string{"backspace"}, `"new"`, "", `{"u":"new"}`},
		{"a movement keeps the text", `{"u":"ab"}`, nil, []string{"left"}, "c", "", `{"u":"abc"}`},
		{"only the first key replaces", `{"u":""}`, nil, nil, `[1,2]`, "", `{"u":[1,2]}`},
		{"a plain string too", `{"s":"x"}`, []string{"down"}, nil, `"y"`, "", `{"s":"y"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := compile(t, stringOrObject)
			if err := f.SetJSON([]byte(tt.start)); err != nil {
				t.Fatal(err)
			}
			m := newModel(f, 100, 24)
			press(m, tt.to...)
			press(m, "ctrl+r")
			if v := view(m); !strings.Contains(v, "typing or pasting replaces") {
				t.Errorf("the editor does not say its text is selected:\n%s", v)
			}
			press(m, tt.keys...)
			typeText(m, tt.typed)
			if tt.paste != "" {
				m.Update(tea.PasteMsg{Content: tt.paste})
			}
			press(m, "esc")
			if got := string(m.Form().JSON()); got != tt.want {
				t.Errorf("arguments %s, want %s", got, tt.want)
			}
		})
	}
}

func TestInvalidJSONIsNamed(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, stringOrObject), 100, 24)
	press(m, "ctrl+r")
	typeText(m, `{"status":`)
	press(m, "esc")
	if got := string(m.Form().JSON()); got != `{"u":"{\"status\":"}` {
		t.Fatalf("arguments %s: what was typed is kept, as a string", got)
	}
	preview := ansiStrip(m.Preview(60))
	if !strings.HasPrefix(preview, "✗ /u is not valid JSON") {
		t.Errorf("the preview does not mark the string:\n%s", preview)
	}
	if row := rowOf(t, m, "u"); !strings.Contains(row, "✗ not valid JSON") {
		t.Errorf("the row does not say so: %q", row)
	}
	if a := press(m, "ctrl+s"); a != ActionNone {
		t.Fatalf("ctrl+s sent text that is not JSON without asking: %v", a)
	}
	if v := view(m); !strings.Contains(v, "1 problem; /u is not valid JSON and is sent as a string — send anyway?") {
		t.Errorf("the question does not name it:\n%s", v)
	}
	if a := press(m, "y"); a != ActionSubmitInvalid {
		t.Errorf("y gave %v, want ActionSubmitInvalid", a)
	}
}
