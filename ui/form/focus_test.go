package form

import "testing"

// TestFocused: the focused field is the one being edited, else the row
// under the cursor, by its JSON pointer, in nested levels too.
func TestFocused(t *testing.T) {
	t.Parallel()
	m := newModel(compile(t, `{"type":"object","properties":{"a":{"type":"string"},
		"o":{"type":"object","properties":{"x/y":{"type":"integer"}}}}}`), 80, 20)
	steps := []struct {
		keys []string
		want string
	}{
		{nil, "/a"},
		{[]string{"down"}, "/o"},
		{[]string{"enter"}, "/o/x~1y"},
		{[]string{"enter", "4"}, "/o/x~1y"},
		{[]string{"esc", "esc"}, "/o"},
	}
	for _, s := range steps {
		press(m, s.keys...)
		if got, ok := m.Focused(); !ok || got != s.want {
			t.Errorf("after %v: focused %q %v, want %q", s.keys, got, ok, s.want)
		}
	}
}
