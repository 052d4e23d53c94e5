package savetest

import (
	"strings"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// View draws the modal: what it saves, the name and the path, the checks
// with the values they expect, and the answers the test gives.
func (s *Screen) View(width, height int) []string {
	st := s.st
	lines := []string{st.Heading.Render(render.Clip("Save the call of "+termsafe.Line(s.call.Tool)+" as a test", width)),
		st.Muted.Render(render.Clip("it expects what the result shows now; tick the checks to keep", width)),
		render.Clip(s.name.View(), width), render.Clip(s.path.View(), width), ""}
	for i, c := range s.checks {
		box := "[ ] "
		if c.on {
			box = "[x] "
		}
		label := c.kind
		if c.kind == "match" {
			label = termsafe.Line(c.pointer)
		}
		mark := "  "
		if s.focus == i+2 {
			mark = "› "
		}
		row := render.Clip(mark+box+label+" = "+render.OneLine(c.value), width)
		if s.focus == i+2 {
			row = st.Selected.Render(render.Pad(row, width))
		}
		lines = append(lines, row)
	}
	for _, a := range [][2]string{{"elicit", string(s.call.Elicit)}, {"sample", string(s.call.Sample)}} {
		if a[1] != "" {
			lines = append(lines, st.Muted.Render(render.Clip("    answers "+a[0]+" as you did: "+render.OneLine([]byte(a[1])), width)))
		}
	}
	if f := s.call.Withheld; f != nil {
		lines = append(lines, st.Muted.Render(render.Clip("    the form's answer is not kept: it asked for a secret ("+
			termsafe.Line(strings.Join(f, ", "))+"); add elicit to the test by hand", width)))
	}
	if s.err != "" {
		lines = append(lines, "")
		for _, l := range render.Wrap(termsafe.Line(s.err), width) {
			lines = append(lines, st.Error.Render(l))
		}
	}
	return lines
}
