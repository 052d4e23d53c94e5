package form

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/theme"
)

// named are the keys tests press by name.
var named = map[string]tea.Key{
	"enter": {Code: tea.KeyEnter}, "esc": {Code: tea.KeyEscape}, "tab": {Code: tea.KeyTab},
	"shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift}, "space": {Code: tea.KeySpace, Text: " "},
	"backspace": {Code: tea.KeyBackspace}, "up": {Code: tea.KeyUp}, "down": {Code: tea.KeyDown},
	"left": {Code: tea.KeyLeft}, "right": {Code: tea.KeyRight},
	"home": {Code: tea.KeyHome}, "end": {Code: tea.KeyEnd}, "pgup": {Code: tea.KeyPgUp}, "pgdown": {Code: tea.KeyPgDown},
	"alt+up": {Code: tea.KeyUp, Mod: tea.ModAlt}, "alt+down": {Code: tea.KeyDown, Mod: tea.ModAlt},
}

// keyPress builds the key press a terminal sends for a name like "enter",
// "ctrl+s" or a single character.
func keyPress(name string) tea.KeyPressMsg {
	if k, ok := named[name]; ok {
		return tea.KeyPressMsg(k)
	}
	if c, ok := strings.CutPrefix(name, "ctrl+"); ok && len(c) == 1 {
		return tea.KeyPressMsg{Code: rune(c[0]), Mod: tea.ModCtrl}
	}
	r := []rune(name)
	if len(r) != 1 {
		panic("unknown key " + name)
	}
	return tea.KeyPressMsg{Code: r[0], Text: name}
}

// press sends keys by name and returns the last action.
func press(m *Model, keys ...string) Action {
	var a Action
	for _, k := range keys {
		a, _ = m.Update(keyPress(k))
	}
	return a
}

// typeText sends each character of s as a key press.
func typeText(m *Model, s string) {
	for _, r := range s {
		m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// view is the editor's view without escape sequences.
func view(m *Model) string { return ansi.Strip(m.View()) }

func ansiStrip(s string) string { return ansi.Strip(s) }

// load compiles a schema from testdata.
func load(t testing.TB, file string) *schemaform.Form {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	return compile(t, string(raw))
}

func compile(t testing.TB, schema string) *schemaform.Form {
	t.Helper()
	f, err := schemaform.Compile([]byte(schema))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// newModel builds a plain-styled editor at a fixed size.
func newModel(f *schemaform.Form, width, height int) *Model {
	m := New(f, theme.Plain())
	m.SetSize(width, height)
	return m
}
