package form

import (
	"regexp"
	"strings"
	"testing"
)

const threeStrings = `{"type":"object","properties":{
	"a":{"type":"string"},
	"b":{"type":["string","null"]},
	"c":{"type":"string"}}}`

// rowOf returns the line of the view that shows the row labelled label.
func rowOf(t *testing.T, m *Model, label string) string {
	t.Helper()
	re := regexp.MustCompile(`^[› ] ` + regexp.QuoteMeta(label) + `\b`)
	for _, line := range strings.Split(view(m), "\n") {
		if re.MatchString(line) {
			return line
		}
	}
	t.Fatalf("no row %q in:\n%s", label, view(m))
	return ""
}

func TestUnsetEmptyNull(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		keys []string
		json string
		rows map[string]string // label -> the value shown
	}{
		{"fresh", nil, `{}`, map[string]string{"a": "—", "b": "—", "c": "—"}},
		{"empty string", []string{"enter", "enter"}, `{"a":""}`, map[string]string{"a": `""`, "c": "—"}},
		{"null", []string{"down", "ctrl+n"}, `{"b":null}`, map[string]string{"a": "—", "b": "null"}},
		{"null not allowed", []string{"ctrl+n"}, `{}`, map[string]string{"a": "—"}},
		{"unset again", []string{"enter", "enter", "up", "ctrl+u"}, `{}`, map[string]string{"a": "—"}},
		{"esc keeps unset", []string{"enter", "esc"}, `{}`, map[string]string{"a": "—"}},
		{"typed then erased", []string{"enter", "x", "backspace", "esc"}, `{"a":""}`, map[string]string{"a": `""`}},
		{"default empty", []string{"down", "down", "ctrl+f"}, `{"c":""}`, map[string]string{"c": `""`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := newModel(compile(t, threeStrings), 80, 20)
			press(m, tt.keys...)
			if got := string(m.Form().JSON()); got != tt.json {
				t.Errorf("arguments %s, want %s", got, tt.json)
			}
			for label, want := range tt.rows {
				fields := strings.Fields(rowOf(t, m, label))
				if fields[0] == "›" {
					fields = fields[1:]
				}
				if len(fields) < 2 || fields[1] != want {
					t.Errorf("row %s shows %q, want value %q", label, fields, want)
				}
			}
		})
	}
}

func TestRawRoundTrip(t *testing.T) {
	t.Parallel()
	m := newModel(load(t, "create_order.json"), 100, 30)
	fillCreateOrder(t, m)
	before := string(m.Form().JSON())
	press(m, "up", "ctrl+r") // shipping_address as JSON
	if v := view(m); !strings.Contains(v, `"receiver": "张三"`) {
		t.Fatalf("raw editor does not show the value:\n%s", v)
	}
	press(m, "esc")
	if got := string(m.Form().JSON()); got != before {
		t.Errorf("after editing as JSON: %s, want %s", got, before)
	}
	if !strings.Contains(rowOf(t, m, "shipping_address"), "JSON {") {
		t.Errorf("raw row does not say JSON:\n%s", view(m))
	}
	press(m, "ctrl+r")
	if got := string(m.Form().JSON()); got != before {
		t.Errorf("back in the form: %s, want %s", got, before)
	}
	if n := m.Form().Root.Child("shipping_address"); n.Raw() || len(n.Children()) != 5 {
		t.Errorf("shipping_address raw=%v with %d fields after ctrl+r", n.Raw(), len(n.Children()))
	}
	// Broken JSON stays raw, with the reason beside the field. The JSON
	// editor starts with its text selected: a movement keeps it to edit.
	press(m, "ctrl+r", "end", "backspace", "backspace")
	press(m, "ctrl+r")
	if n := m.Form().Root.Child("shipping_address"); !n.Raw() {
		t.Errorf("broken JSON left raw mode")
	}
	if row := rowOf(t, m, "shipping_address"); !strings.Contains(row, "✗") {
		t.Errorf("no error beside the broken JSON:\n%s", view(m))
	}
}

func TestInvalidNumberAndSubmit(t *testing.T) {
	t.Parallel()
	m := newModel(load(t, "create_order.json"), 100, 30)
	press(m, "enter", "ctrl+a")
	typeText(m, "PRD-1")
	press(m, "enter")
	typeText(m, "2x")
	if row := rowOf(t, m, "quantity"); !strings.Contains(view(m), `"2x" is not a number`) {
		t.Errorf("no live error for 2x: row %q\n%s", row, view(m))
	}
	press(m, "enter")
	if row := rowOf(t, m, "quantity"); !strings.Contains(row, `✗ "2x" is not a number`) {
		t.Errorf("error not beside the field: %q", row)
	}
	if a := press(m, "ctrl+s"); a != ActionNone {
		t.Fatalf("ctrl+s with problems gave %v, want a question first", a)
	}
	v := view(m)
	if !regexp.MustCompile(`\d+ problems — send anyway\? \(y/n\)`).MatchString(v) {
		t.Fatalf("no confirm line:\n%s", v)
	}
	if a := press(m, "n"); a != ActionNone || strings.Contains(view(m), "send anyway") {
		t.Errorf("n gave %v and view:\n%s", a, view(m))
	}
	press(m, "esc", "esc")
	if row := rowOf(t, m, "shipping_address"); !strings.Contains(row, "✗ required") {
		t.Errorf("validation issue not beside the missing field: %q", row)
	}
	if a := press(m, "ctrl+s", "esc"); a != ActionNone {
		t.Errorf("esc on the question gave %v", a)
	}
	if a := press(m, "ctrl+s", "y"); a != ActionSubmitInvalid {
		t.Errorf("y gave %v, want ActionSubmitInvalid", a)
	}
	if got := string(m.Form().JSON()); got != `{"items":[{"product_id":"PRD-1","quantity":"2x"}]}` {
		t.Errorf("arguments sent as typed: %s", got)
	}
	if issues := m.Validate(); len(issues) == 0 {
		t.Errorf("Validate found nothing wrong")
	}
}
