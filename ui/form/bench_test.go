package form

import (
	"strconv"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/theme"
)

// wide1000 is a 1,000-property object of mixed kinds, each with a title,
// a description and constraints, some required.
func wide1000(tb testing.TB) *schemaform.Form {
	kinds := []string{
		`{"type":"string","minLength":1,"maxLength":64`,
		`{"type":"integer","minimum":0,"maximum":1000,"default":10`,
		`{"type":"boolean"`,
		`{"enum":["red","green","blue"]`,
		`{"type":"array","items":{"type":"string"}`,
		`{"type":"object","properties":{"x":{"type":"number"}}`,
	}
	var s, req strings.Builder
	s.WriteString(`{"type":"object","properties":{`)
	for i := 0; i < 1000; i++ {
		if i > 0 {
			s.WriteByte(',')
		}
		n := strconv.Itoa(i)
		s.WriteString(`"field_` + n + `":` + kinds[i%len(kinds)] +
			`,"title":"Field ` + n + `","description":"What field ` + n + ` is for, in a sentence or two of prose."}`)
		if i%3 == 0 {
			if req.Len() > 0 {
				req.WriteByte(',')
			}
			req.WriteString(`"field_` + n + `"`)
		}
	}
	s.WriteString(`},"required":[` + req.String() + `]}`)
	return compile(tb, s.String())
}

func TestWide1000(t *testing.T) {
	t.Parallel()
	m := newModel(wide1000(t), 120, 40)
	press(m, "end")
	v := view(m)
	if lines := strings.Count(v, "\n") + 1; lines > 40 {
		t.Errorf("view has %d lines for a height of 40", lines)
	}
	if !strings.Contains(v, "› Field 999") || !strings.Contains(v, "1000/1000") {
		t.Errorf("last row not in view:\n%s", v)
	}
	press(m, "pgup", "pgup")
	if !strings.Contains(view(m), "› Field ") {
		t.Errorf("selection scrolled out of view:\n%s", view(m))
	}
}

// BenchmarkFormBuild1000 is opening a 1,000-property form: New and the
// first View.
func BenchmarkFormBuild1000(b *testing.B) {
	f := wide1000(b)
	st := theme.New(theme.DefaultPalette(true))
	for b.Loop() {
		m := New(f, st)
		m.SetSize(120, 40)
		_ = m.View()
	}
}

// BenchmarkFormView is redrawing that form after moving the cursor.
func BenchmarkFormView(b *testing.B) {
	m := New(wide1000(b), theme.New(theme.DefaultPalette(true)))
	m.SetSize(120, 40)
	press(m, "pgdown", "pgdown")
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkPreviewMoveWide1000 is a key press that moves the focus on the
// 1,000-property form filled with an example, and the preview beside it
// drawn after it.
func BenchmarkPreviewMoveWide1000(b *testing.B) {
	m := New(wide1000(b), theme.New(theme.DefaultPalette(true)))
	m.SetSize(72, 40)
	m.SetPreviewSize(46, 38)
	press(m, "ctrl+e", "pgdown")
	keys := []string{"down", "up"}
	i := 0
	for b.Loop() {
		press(m, keys[i%2])
		_ = m.PreviewView()
		i++
	}
}
