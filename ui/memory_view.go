package ui

import (
	"strings"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// presetLines draws the preset modal shown: the name being typed, or the
// picker of the tool's presets.
func (m *Model) presetLines() []string {
	p, st, w := &m.mem.presets, m.st, m.width
	if p.naming {
		lines := []string{st.Heading.Render(render.Clip("Save the arguments of "+termsafe.Line(p.tool)+" as a preset", w)),
			render.Clip(p.input.View(), w),
			st.Muted.Render(render.Clip(termsafe.Line(string(p.args)), w))}
		if p.err != "" {
			lines = append(lines, st.Error.Render(render.Clip(termsafe.Line(p.err), w)))
		}
		return lines
	}
	lines := []string{st.Heading.Render(render.Clip("Presets of "+termsafe.Line(p.tool), w))}
	switch {
	case p.loading:
		return append(lines, st.Muted.Render("loading…"))
	case p.listErr != nil:
		return append(lines, st.Error.Render(render.Clip("reading the presets failed: "+termsafe.Line(p.listErr.Error()), w)))
	case len(p.list) == 0:
		return append(lines, st.Muted.Render(render.Clip("no presets yet: "+m.keys.Mem.Memory.SavePreset.Help().Key+
			" in the form saves its arguments as one", w)))
	}
	for i, pr := range p.list {
		mark := "  "
		if i == p.cursor {
			mark = "› "
		}
		row := mark + render.Pad(render.Clip(termsafe.Line(pr.Name), 24), 24) + "  " + st.Muted.Render(termsafe.Line(string(pr.Arguments)))
		row = render.Clip(row, w)
		if i == p.cursor {
			row = st.Selected.Render(render.Pad(row, w))
		}
		lines = append(lines, row)
	}
	if p.confirm != "" {
		lines = append(lines, "", st.Warn.Render(render.Clip("delete preset "+termsafe.Line(p.confirm)+"? "+
			render.FirstKey(m.keys.Mem.Confirm.Yes.Help().Key)+" deletes it", w)))
	}
	return lines
}

// saveTestLines draws the save-as-test modal.
func (m *Model) saveTestLines() []string {
	s, st, w := m.mem.test, m.st, m.width
	lines := []string{st.Heading.Render(render.Clip("Save the call of "+termsafe.Line(s.tool)+" as a test", w)),
		st.Muted.Render(render.Clip("it expects what the result shows now; tick the checks to keep", w)),
		render.Clip(s.name.View(), w), render.Clip(s.path.View(), w), ""}
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
		row := render.Clip(mark+box+label+" = "+compactValue(c.value), w)
		if s.focus == i+2 {
			row = st.Selected.Render(render.Pad(row, w))
		}
		lines = append(lines, row)
	}
	for _, a := range [][2]string{{"elicit", string(s.answers.elicit)}, {"sample", string(s.answers.sample)}} {
		if a[1] != "" {
			lines = append(lines, st.Muted.Render(render.Clip("    answers "+a[0]+" as you did: "+compactValue([]byte(a[1])), w)))
		}
	}
	if f := s.answers.withheld; f != nil {
		lines = append(lines, st.Muted.Render(render.Clip("    the form's answer is not kept: it asked for a secret ("+
			termsafe.Line(strings.Join(f, ", "))+"); add elicit to the test by hand", w)))
	}
	if s.err != "" {
		lines = append(lines, "")
		for _, l := range render.Wrap(termsafe.Line(s.err), w) {
			lines = append(lines, st.Error.Render(l))
		}
	}
	return lines
}

// memoryModalLines draws the memory modal open, or nil for none.
func (m *Model) memoryModalLines() []string {
	switch {
	case m.mem.test != nil:
		return m.saveTestLines()
	case m.mem.presets.open():
		return m.presetLines()
	}
	return nil
}

// memoryScreenLines draws the memory screen shown, or nil for none.
func (m *Model) memoryScreenLines(height int) []string {
	switch {
	case m.mem.history.shown:
		return m.historyLines(height)
	case m.mem.diff.shown:
		return m.diffLines(height)
	}
	return nil
}

// withBanner puts the banner under the header while it shows.
func (m *Model) withBanner(lines []string) []string {
	if m.bannerRows() == 0 {
		return lines
	}
	return append([]string{lines[0], render.Clip(m.bannerLine(), m.width)}, lines[1:]...)
}
