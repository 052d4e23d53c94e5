package form

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

const editSchema = `{"type":"object","properties":{
		"s":{"type":"string"},
		"body":{"type":"string","description":"The body text of the message."},
		"size":{"enum":["small","medium","large"]},
		"n":{"type":"number","default":2.5}}}`

// editCases drive the field editors, from the first row of editSchema.
var editCases = []struct {
	name string
	do   func(m *Model)
	want string
}{
	{"paste starts editing", func(m *Model) {
		m.Update(tea.PasteMsg{Content: "pasted"})
		press(m, "enter")
	}, `{"s":"pasted"}`},
	{"typing appends", func(m *Model) {
		typeText(m, "ab")
		press(m, "enter", "up")
		typeText(m, "c")
		press(m, "esc")
	}, `{"s":"abc"}`},
	{"tab moves on", func(m *Model) {
		typeText(m, "x")
		press(m, "tab")
		typeText(m, "y")
		press(m, "esc")
	}, `{"s":"x","body":"y"}`},
	{"text area takes new lines", func(m *Model) {
		press(m, "down")
		press(m, "enter")
		typeText(m, "a")
		press(m, "enter")
		typeText(m, "b")
		press(m, "esc")
	}, `{"body":"a\nb"}`},
	{"select cancel", func(m *Model) { press(m, "down", "down", "enter", "down", "esc") }, `{}`},
	{"select filter", func(m *Model) {
		press(m, "down", "down", "enter", "/")
		typeText(m, "lar")
		press(m, "esc", "enter")
	}, `{"size":"large"}`},
	{"number default", func(m *Model) { press(m, "end", "ctrl+f") }, `{"n":2.5}`},
	{"number erased is unset", func(m *Model) {
		press(m, "end")
		typeText(m, "7")
		press(m, "backspace", "esc")
	}, `{}`},
	{"raw on unset stays unset", func(m *Model) { press(m, "ctrl+r", "esc", "ctrl+r") }, `{}`},
	{"raw typed and erased", func(m *Model) { press(m, "ctrl+r", "x", "backspace", "esc") }, `{}`},
	{"raw typed", func(m *Model) {
		press(m, "ctrl+r")
		typeText(m, `"via json"`)
		press(m, "ctrl+r")
	}, `{"s":"via json"}`},
}

func TestEditing(t *testing.T) {
	t.Parallel()
	for _, tt := range editCases {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := newModel(compile(t, editSchema), 80, 24)
			tt.do(m)
			if got := string(m.Form().JSON()); got != tt.want {
				t.Errorf("arguments %s, want %s\n%s", got, tt.want, view(m))
			}
		})
	}
}

// A value the text widgets cannot show as it is (a tab, an escape
// character) is edited as JSON, so nothing is lost or sent to the terminal.
func TestLossyTextEditsAsJSON(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, `{"type":"object","properties":{"s":{"type":"string"}}}`), 80, 20)
	if err := m.Form().SetJSON([]byte(`{"s":"a\tb\u001b[2Jc\u202e"}`)); err != nil {
		t.Fatal(err)
	}
	before := string(m.Form().JSON())
	press(m, "enter")
	v := m.View()
	if strings.Contains(v, "\x1b[2J") || strings.Contains(v, "\u202e") {
		t.Errorf("control characters reached the view: %q", v)
	}
	if !strings.Contains(ansiStrip(v), `"a\tb\u001b[2Jc\u202e"`) {
		t.Errorf("the JSON editor does not show the escaped text:\n%s", ansiStrip(v))
	}
	press(m, "end", "esc", "ctrl+r")
	if got := string(m.Form().JSON()); got != before {
		t.Errorf("after a JSON round trip: %s, want %s", got, before)
	}
}

// bubbles' textinput draws a placeholder of wide characters with NUL
// runes; such a default must not reach the screen that way.
func TestWidePlaceholderHasNoNUL(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, `{"type":"object","properties":{"note":{"type":"string","default":"请在工作日配送"}}}`), 80, 20)
	press(m, "enter")
	if v := m.View(); strings.ContainsRune(v, 0) {
		t.Errorf("NUL in the view: %q", v)
	}
	if !strings.Contains(view(m), `default "请在工作日配送"`) {
		t.Errorf("the default is not shown:\n%s", view(m))
	}
}
