package form

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/theme"
)

func TestPreview(t *testing.T) {
	t.Parallel()
	f := compile(t, `{"type":"object","properties":{"s":{"type":"string"},"n":{"type":"number"},"b":{"type":"boolean"},"l":{"type":"array","items":{"type":"string"}}}}`)
	if err := f.SetJSON([]byte(`{"s":"x\u009b2J \"q\"","n":-1.5e3,"b":true,"l":[]}`)); err != nil {
		t.Fatal(err)
	}
	m := New(f, theme.Plain())
	want := "{\n  \"s\": \"x\\x9b2J \\\"q\\\"\",\n  \"n\": -1.5e3,\n  \"b\": true,\n  \"l\": []\n}"
	if got := m.Preview(80); got != want {
		t.Errorf("preview\n%s\nwant\n%s", got, want)
	}
	// Wrapped, never cut: every character is still there (wrapping adds
	// and drops only the spaces and line breaks between tokens).
	narrow := m.Preview(8)
	if noSpace(narrow) != noSpace(want) {
		t.Errorf("narrow preview lost text:\n%s", narrow)
	}
	// With colours, keys and values are styled apart.
	coloured := New(f, theme.New(theme.DefaultPalette(true))).Preview(80)
	if !strings.Contains(coloured, "\x1b[") || ansiStrip(coloured) != want {
		t.Errorf("coloured preview %q", coloured)
	}
}

func TestTitledChoices(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, `{"type":"object","properties":{"level":{"oneOf":[
		{"const":1,"title":"Low"},{"const":2,"title":"High"}]}}}`), 80, 20)
	press(m, "right", "right")
	if got := string(m.Form().JSON()); got != `{"level":2}` {
		t.Errorf("arguments %s, want the value, not the title", got)
	}
	if row := rowOf(t, m, "level"); !strings.Contains(row, "High") {
		t.Errorf("row shows %q, want the title", row)
	}
	press(m, "enter")
	if v := view(m); !strings.Contains(v, "Low") || !strings.Contains(v, "› High") {
		t.Errorf("choice list:\n%s", v)
	}
}

func noSpace(s string) string {
	return strings.NewReplacer(" ", "", "\n", "").Replace(s)
}

func TestPreviewWrapsAtTokens(t *testing.T) {
	t.Parallel()
	f := compile(t, `{"type":"object","additionalProperties":true}`)
	value := `{"description":"a fairly long sentence of words that will not fit in a narrow pane",` +
		`"identifier_of_the_thing":"0123456789abcdef0123456789abcdef0123456789abcdef","count":1234567,` +
		`"nested":{"flag_with_a_long_name":true,"list":[1.5,-2,"short",null,{"k":"v"}]},"emptyish":[]}`
	if err := f.SetJSON([]byte(value)); err != nil {
		t.Fatal(err)
	}
	m := New(f, theme.Plain())
	wide := m.Preview(0)
	for width := 20; width <= 60; width++ {
		got := m.Preview(width)
		lines := strings.Split(got, "\n")
		for _, line := range lines {
			if w := ansiWidth(line); w > width {
				t.Errorf("width %d: line %q is %d wide", width, line, w)
			}
			if trimmed := strings.TrimSpace(line); strings.HasPrefix(trimmed, ",") || strings.HasPrefix(trimmed, ":") {
				t.Errorf("width %d: punctuation starts a line: %q", width, line)
			}
		}
		if noSpace(got) != noSpace(wide) {
			t.Errorf("width %d: text lost or changed:\n%s", width, got)
		}
		// A token that fits on its line is never broken.
		for _, s := range []string{`"short"`, `"flag_with_a_long_name":`, `"emptyish":`, `1234567,`, `-2,`} {
			if len(s)+4 <= width && !strings.Contains(got, s) {
				t.Errorf("width %d: %s is broken:\n%s", width, s, got)
			}
		}
	}
	// Colours do not change where lines break.
	coloured := New(f, theme.New(theme.DefaultPalette(true)))
	if got, want := ansi.Strip(coloured.Preview(30)), m.Preview(30); got != want {
		t.Errorf("coloured preview breaks differently:\n%s\nwant\n%s", got, want)
	}
	// Hard-wrapped before: the comma after a string was left alone on a line.
	if got := m.Preview(30); strings.Contains(got, "\n,") {
		t.Errorf("a lone comma:\n%s", got)
	}
}

func ansiWidth(s string) int { return ansi.StringWidth(s) }
