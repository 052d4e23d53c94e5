package presets

import (
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// View draws the name being typed, or the picker of the tool's presets.
func (s *Screen) View(width, height int) []string {
	st := s.st
	if s.naming {
		lines := []string{st.Heading.Render(render.Clip("Save the arguments of "+termsafe.Line(s.tool)+" as a preset", width)),
			render.Clip(s.input.View(), width),
			st.Muted.Render(render.Clip(termsafe.Line(string(s.args)), width))}
		if s.err != "" {
			lines = append(lines, st.Error.Render(render.Clip(termsafe.Line(s.err), width)))
		}
		return lines
	}
	lines := []string{st.Heading.Render(render.Clip("Presets of "+termsafe.Line(s.tool), width))}
	if s.list.ShowsFilter() {
		lines = append(lines, render.Clip(s.list.FilterLine(), width))
	}
	switch {
	case s.loading:
		return append(lines, st.Muted.Render("loading…"))
	case s.listErr != nil:
		return append(lines, st.Error.Render(render.Clip("reading the presets failed: "+termsafe.Line(s.listErr.Error()), width)))
	case len(s.presets) == 0:
		return append(lines, st.Muted.Render(render.Clip("no presets yet: "+s.saveKey+" in the form saves its arguments as one", width)))
	}
	entries, cursor := s.list.Window()
	for i, idx := range entries {
		p := s.presets[idx]
		mark := "  "
		if i == cursor {
			mark = "› "
		}
		row := render.Clip(mark+render.Pad(render.Clip(termsafe.Line(p.Name), 24), 24)+"  "+
			st.Muted.Render(termsafe.Line(string(p.Arguments))), width)
		if i == cursor {
			row = st.Selected.Render(render.Pad(row, width))
		}
		lines = append(lines, row)
	}
	if s.confirm != "" {
		lines = append(lines, "", st.Warn.Render(render.Clip("delete preset "+termsafe.Line(s.confirm)+"? "+
			render.FirstKey(s.keys.Confirm.Yes.Help().Key)+" deletes it", width)))
	}
	return lines
}
