package form

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

const linesSchema = `{"type":"object","properties":{
		"manifest":{"type":"string"},
		"page_id":{"type":"string","format":"uuid","description":"The page whose body, in Markdown, to read"},
		"notes":{"type":"string","description":"Free text, in Markdown"},
		"either":{"type":["string","integer"]},
		"after":{"type":"string"}}}`

func paste(m *Model, s string) { m.Update(tea.PasteMsg{Content: s}) }

// Multi-line text: pasted newlines are kept (the field becomes a text
// area), ctrl+l switches a string between one line and many, and enter on
// one line never stores a newline.
func TestMultiLineText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		do   func(m *Model)
		want string
	}{
		{"paste on a row keeps its newlines", func(m *Model) {
			paste(m, "kind: Pod\nmetadata:\r\n  name: web\rspec: {}")
			press(m, "esc")
		}, `{"manifest":"kind: Pod\nmetadata:\n  name: web\nspec: {}"}`},
		{"paste into an input keeps its newlines where the cursor was", func(m *Model) {
			typeText(m, "ab")
			press(m, "left")
			paste(m, "1\n2")
			typeText(m, "3")
			press(m, "esc")
		}, `{"manifest":"a1\n23b"}`},
		{"a text area takes a CRLF paste as one newline", func(m *Model) {
			press(m, "ctrl+l", "enter")
			paste(m, "a\r\nb")
			press(m, "esc")
		}, `{"manifest":"a\nb"}`},
		{"ctrl+l on a row makes a text area", func(m *Model) {
			press(m, "ctrl+l", "enter")
			typeText(m, "a")
			press(m, "enter")
			typeText(m, "b")
			press(m, "esc")
		}, `{"manifest":"a\nb"}`},
		{"ctrl+l while typing switches to a text area and back", func(m *Model) {
			typeText(m, "a")
			press(m, "ctrl+l", "end", "enter")
			typeText(m, "b")
			press(m, "backspace", "backspace", "ctrl+l")
			typeText(m, "c")
			press(m, "enter")
		}, `{"manifest":"ac"}`},
		{"text with a newline stays a text area", func(m *Model) {
			paste(m, "a\nb")
			press(m, "ctrl+l")
			typeText(m, "c")
			press(m, "esc")
		}, `{"manifest":"a\nbc"}`},
		{"enter on a uuid stores no newline and moves on", func(m *Model) {
			press(m, "down", "enter")
			typeText(m, "abc")
			press(m, "enter", "down")
			typeText(m, "e")
			press(m, "enter")
		}, `{"page_id":"abc","either":"e"}`},
		{"ctrl+l makes a guessed text area one line", func(m *Model) {
			press(m, "down", "down", "ctrl+l", "enter")
			typeText(m, "n")
			press(m, "enter")
			typeText(m, "e")
			press(m, "enter")
		}, `{"notes":"n","either":"e"}`},
		{"paste into a union's string variant keeps its newlines", func(m *Model) {
			press(m, "down", "down", "down")
			paste(m, "x\ny")
			press(m, "esc")
		}, `{"either":"x\ny"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := newModel(compile(t, linesSchema), 80, 24)
			tt.do(m)
			if got := string(m.Form().JSON()); got != tt.want {
				t.Errorf("arguments %s, want %s\n%s", got, tt.want, view(m))
			}
		})
	}
}

// A pasted multi-line value shows on lines of its own, and the hints name
// the key that switches.
func TestMultiLineTextShown(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, linesSchema), 110, 24)
	if v := view(m); !strings.Contains(v, "ctrl+l many lines") {
		t.Errorf("the row's hints do not offer many lines:\n%s", v)
	}
	press(m, "enter")
	if v := view(m); !strings.Contains(v, "ctrl+l many lines") {
		t.Errorf("the input's hints do not offer many lines:\n%s", v)
	}
	paste(m, "first line\nsecond line")
	v := view(m)
	if !strings.Contains(v, "first line") || !strings.Contains(v, "second line") || strings.Contains(v, "first line second") {
		t.Errorf("the pasted lines are not shown apart:\n%s", v)
	}
	if !strings.Contains(v, "ctrl+l one line") {
		t.Errorf("the text area's hints do not offer one line:\n%s", v)
	}
	var inHelp bool
	for _, g := range DefaultKeyMap().FullHelp() {
		for _, b := range g.Bindings {
			inHelp = inHelp || key.Matches(keyPress("ctrl+l"), b)
		}
	}
	if !inHelp {
		t.Error("ctrl+l is not on the help screen")
	}
}

// Typing into a field opened on its default replaces the default; other
// keys edit it, enter keeps it, and ctrl+f still fills it in.
func TestTypingReplacesDefault(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","properties":{"quantity":{"type":"integer","default":1},"unit":{"type":"string","default":"celsius"}}}`
	tests := []struct {
		name string
		do   func(m *Model)
		want string
	}{
		{"typing a number", func(m *Model) { press(m, "enter", "0", "enter") }, `{"quantity":0}`},
		{"typing a string", func(m *Model) { press(m, "down", "enter"); typeText(m, "kelvin"); press(m, "enter") }, `{"unit":"kelvin"}`},
		{"pasting", func(m *Model) { press(m, "down", "enter"); paste(m, "kelvin"); press(m, "enter") }, `{"unit":"kelvin"}`},
		{"an arrow first edits it", func(m *Model) { press(m, "enter", "left", "2", "enter") }, `{"quantity":21}`},
		{"backspace first edits it", func(m *Model) { press(m, "down", "enter", "backspace", "enter") }, `{"unit":"celsiu"}`},
		{"enter keeps it", func(m *Model) { press(m, "enter", "enter") }, `{"quantity":1}`},
		{"typing on the row", func(m *Model) { press(m, "5", "enter") }, `{"quantity":5}`},
		{"ctrl+f fills it", func(m *Model) { press(m, "ctrl+f") }, `{"quantity":1}`},
		{"typing after a second key appends", func(m *Model) { press(m, "enter", "end", "0", "enter") }, `{"quantity":10}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := newModel(compile(t, schema), 80, 24)
			tt.do(m)
			if got := string(m.Form().JSON()); got != tt.want {
				t.Errorf("arguments %s, want %s\n%s", got, tt.want, view(m))
			}
		})
	}
}
