package form

import (
	"strings"
	"testing"

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
	// Wrapped, never cut: every character is still there.
	narrow := m.Preview(8)
	if joined := strings.ReplaceAll(narrow, "\n", ""); joined != strings.ReplaceAll(want, "\n", "") {
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
