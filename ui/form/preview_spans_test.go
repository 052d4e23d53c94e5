package form

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestValueLines: every value of an indented document is found by its
// pointer, keys with escapes and pointer characters included.
func TestValueLines(t *testing.T) {
	t.Parallel()
	doc := `{"a":1,"o":{"x/y":[true,{}],"q\"t":"v","t~":null},"e":[],"l":[[1],{"k":"\u00e9"}]}`
	var b bytes.Buffer
	if err := json.Indent(&b, []byte(doc), "", "  "); err != nil {
		t.Fatal(err)
	}
	got := valueLines(strings.Split(b.String(), "\n"))
	want := map[string]span{
		"": {0, 20}, "/a": {1, 2}, "/o": {2, 10}, "/o/x~1y": {3, 7}, "/o/x~1y/0": {4, 5}, "/o/x~1y/1": {5, 6},
		`/o/q"t`: {7, 8}, "/o/t~0": {8, 9}, "/e": {10, 11}, "/l": {11, 19}, "/l/0": {12, 15}, "/l/0/0": {13, 14},
		"/l/1": {15, 18}, "/l/1/k": {16, 17},
	}
	if len(got) != len(want) {
		t.Errorf("%d values, want %d: %v", len(got), len(want), got)
	}
	for ptr, s := range want {
		if got[ptr] != s {
			t.Errorf("%q: lines %v, want %v\n%s", ptr, got[ptr], s, b.String())
		}
	}
}

// TestPreviewRedrawsChangedLines: lines kept from the last drawing are
// the lines a drawing from scratch makes, whatever the edit (typing,
// adding and removing items, unsetting).
func TestPreviewRedrawsChangedLines(t *testing.T) {
	t.Parallel()
	m := newModel(load(t, "create_order.json"), 80, 20)
	m.SetPreviewSize(30, 8)
	steps := [][]string{
		{"enter", "ctrl+a", "P", "enter", "2", "enter", "esc"},
		{"ctrl+a", "Q", "enter", "esc"},
		{"up", "ctrl+d"},
		{"enter", "down", "ctrl+u", "esc", "esc"},
		{"down", "enter", "R", "enter"},
	}
	for _, keys := range steps {
		press(m, keys...)
		fresh := m.drawPreview(m.form.JSON(), m.pv.width-previewGutter, nil)
		if !slices.Equal(m.pv.doc.lines, fresh.lines) {
			t.Errorf("after %v:\n%s\nwant\n%s", keys, strings.Join(m.pv.doc.lines, "\n"), strings.Join(fresh.lines, "\n"))
		}
	}
}
