package form

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/ui/theme"
)

// marked are the lines of a preview whose gutter marks the focused value.
func marked(preview string) []string {
	var out []string
	for _, line := range strings.Split(preview, "\n") {
		if rest, ok := strings.CutPrefix(line, "▌"); ok {
			out = append(out, rest)
		}
	}
	return out
}

// TestPreviewFollowsFocus: in deep objects, long arrays and long
// documents the preview shows the focused value, marked, with the JSON
// around it, and moves with the focus; a field left out shows where it
// would go, unmarked.
func TestPreviewFollowsFocus(t *testing.T) {
	t.Parallel()
	var props, values []string
	for i := range 40 {
		props = append(props, fmt.Sprintf(`"p%02d":{"type":"integer"}`, i))
		values = append(values, fmt.Sprintf(`"p%02d":%d`, i, i))
	}
	f := compile(t, `{"type":"object","properties":{`+strings.Join(props, ",")+`,
		"deep":{"type":"object","properties":{"a":{"type":"object","properties":{"b":{"type":"object","properties":{
			"c":{"type":"string"},"d":{"type":"string"}}}}}}},
		"list":{"type":"array","items":{"type":"string"}},"gone":{"type":"string"}}}`)
	items := make([]string, 30)
	for i := range items {
		items[i] = fmt.Sprintf(`"item-%d"`, i)
	}
	if err := f.SetJSON([]byte(`{` + strings.Join(values, ",") + `,"deep":{"a":{"b":{"c":"see","d":"dee"}}},"list":[` +
		strings.Join(items, ",") + `]}`)); err != nil {
		t.Fatal(err)
	}
	m := newModel(f, 60, 20)
	m.SetPreviewSize(40, 8)
	cases := []struct {
		jump   string
		keys   []string
		marked []string
		around string
	}{
		{"/p00", nil, []string{`  "p00": 0,`}, `{`},
		{"/p00", []string{"end"}, nil, `"item-29"`},
		{"/p20", nil, []string{`  "p20": 20,`}, `"p18": 18,`},
		{"/p20", []string{"down"}, []string{`  "p21": 21,`}, `"p19": 19,`},
		{"/deep/a/b/d", nil, []string{`        "d": "dee"`}, `"c": "see",`},
		{"/list/25", nil, []string{`    "item-25",`}, `"item-23",`},
		{"/list/25", []string{"enter"}, []string{`    "item-25",`}, `"item-24",`},
		{"/gone", nil, nil, `"item-29"`},
		{"/gone", []string{"home"}, []string{`  "p00": 0,`}, `{`},
	}
	for _, c := range cases {
		if !m.JumpTo(c.jump) {
			t.Fatalf("no field at %s", c.jump)
		}
		press(m, c.keys...)
		got := ansiStrip(m.PreviewView())
		if lines := strings.Count(got, "\n") + 1; lines > 8 {
			t.Errorf("%s %v: %d lines for a height of 8", c.jump, c.keys, lines)
		}
		if mk := marked(got); strings.Join(mk, "\n") != strings.Join(c.marked, "\n") {
			t.Errorf("%s %v: marked %q, want %q\n%s", c.jump, c.keys, mk, c.marked, got)
		}
		if !strings.Contains(got, c.around) {
			t.Errorf("%s %v: %s is not around it:\n%s", c.jump, c.keys, c.around, got)
		}
		press(m, "esc")
	}
}

// TestPreviewTallValue: a value taller than the preview is shown from its
// start, every line of it marked; the lines that point out JSON text sent
// as a string stay on top.
func TestPreviewTallValue(t *testing.T) {
	t.Parallel()
	f := compile(t, `{"type":"object","properties":{"a":{"type":"string"},"o":{"type":"object","additionalProperties":true},"u":{"type":"object"}}}`)
	if err := f.SetJSON([]byte(`{"a":"x","o":{"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7}}`)); err != nil {
		t.Fatal(err)
	}
	m := newModel(f, 60, 20)
	m.SetPreviewSize(30, 5)
	press(m, "down")
	got := ansiStrip(m.PreviewView())
	want := "▌  \"o\": {\n▌    \"k1\": 1,\n▌    \"k2\": 2,\n▌    \"k3\": 3,\n▌    \"k4\": 4,"
	if got != want {
		t.Errorf("preview\n%s\nwant\n%s", got, want)
	}
	press(m, "down", "ctrl+r")
	typeText(m, `{"bad":`)
	press(m, "esc")
	got = ansiStrip(m.PreviewView())
	// The mark wraps to two lines of the five.
	if lines := strings.Count(got, "\n") + 1; lines != 5 {
		t.Errorf("%d lines for a height of 5:\n%s", lines, got)
	}
	if !strings.HasPrefix(got, "✗ /u is not valid JSON") || !strings.Contains(got, `▌  "u": "{\"bad\":"`) {
		t.Errorf("preview of text that is not JSON:\n%s", got)
	}
}

// TestPreviewViewOnlyDraws: with no preview size nothing is drawn, and
// the colours do not move the window.
func TestPreviewViewOnlyDraws(t *testing.T) {
	t.Parallel()
	m := newModel(load(t, "create_order.json"), 80, 16)
	if m.PreviewView() != "" {
		t.Errorf("a preview without a size: %q", m.PreviewView())
	}
	coloured := New(load(t, "create_order.json"), theme.New(theme.DefaultPalette(true)))
	coloured.SetSize(80, 16)
	for _, x := range []*Model{m, coloured} {
		x.SetPreviewSize(30, 6)
		press(x, "enter", "ctrl+a")
		typeText(x, "PRD-1")
		press(x, "enter")
	}
	if got, want := ansiStrip(coloured.PreviewView()), m.PreviewView(); got != want || !strings.Contains(want, ` "product_id": "PRD-1"`) {
		t.Errorf("coloured preview\n%s\nplain\n%s", got, want)
	}
}
