package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// promptsLines draws the prompts screen in height rows.
func (m *Model) promptsLines(height int) []string {
	p := &m.prompts
	switch {
	case p.mode == promptResult && p.got != nil:
		return m.promptResultLines(height)
	case p.mode == promptForm && p.form != nil:
		return append(m.promptHead(), m.argFormLines(p.form, m.width)...)
	}
	head := m.st.Heading.Render("Prompts") + m.st.Muted.Render(fmt.Sprintf(" %d", len(p.prompts)))
	if len(p.list.matches) != len(p.prompts) {
		head += m.st.Muted.Render(" · " + plural.Count(len(p.list.matches), "match"))
	}
	if p.loading != 0 {
		head += m.st.Muted.Render(" · listing…")
	}
	lines := []string{render.Clip(head, m.width)}
	if p.list.showsFilter() {
		lines = append(lines, p.list.filter.View())
	}
	switch {
	case p.err != nil:
		return append(lines, render.FailureLines(m.st, render.Failure{Head: "Listing the prompts failed",
			Message: p.err.Error(), Evidence: evidenceLines(p.err, nil)}, m.width)...)
	case p.undeclared && p.loading == 0:
		lines = append(lines, m.st.Muted.Render(`the server offers no prompts (its capabilities have no "prompts")`))
	case len(p.prompts) == 0 && p.loading == 0 && p.loaded:
		lines = append(lines, m.st.Muted.Render("the server lists no prompts"))
	}
	for _, idx := range p.list.visible(height - len(lines)) {
		lines = append(lines, m.promptLine(idx, idx == p.list.selected()))
	}
	return lines
}

// promptHead is what sits above a prompt's form: its name and
// description.
func (m *Model) promptHead() []string {
	p := &m.prompts
	head := []string{m.st.Heading.Render(render.Clip("Prompt "+termsafe.Line(p.name), m.width))}
	if pr := m.promptNamed(p.name); pr != nil && pr.Description != "" {
		head = append(head, render.Clip(termsafe.Line(pr.Description), m.width))
	}
	return head
}

// promptLine is one prompt: its name, its arguments (required ones
// marked *), its description muted.
func (m *Model) promptLine(i int, selected bool) string {
	pr := m.prompts.prompts[i]
	args := make([]string, len(pr.Arguments))
	for j, a := range pr.Arguments {
		args[j] = termsafe.Line(a.Name)
		if a.Required {
			args[j] += "*"
		}
	}
	row := "  " + termsafe.Line(pr.Name) + "(" + strings.Join(args, ", ") + ")"
	about := termsafe.Line(pr.Description)
	if pr.Title != "" && pr.Title != pr.Name {
		about = termsafe.Line(pr.Title) + " — " + about
	}
	if selected {
		return m.st.Selected.Render(render.Pad("› "+row[2:]+"  "+about, m.width))
	}
	return render.Clip(row+"  "+m.st.Muted.Render(about), m.width)
}

// promptResultLines is the conversation, or the failure.
func (m *Model) promptResultLines(height int) []string {
	g := m.prompts.got
	lines := []string{m.st.Heading.Render(render.Clip("Prompt "+termsafe.Line(g.name)+" · prompts/get", m.width))}
	switch {
	case !g.ready:
		return append(lines, m.st.Muted.Render("getting the prompt…"))
	case g.err != nil:
		return append(lines, render.FailureLines(m.st, render.Failure{Head: "Getting the prompt failed",
			Message: g.err.Error(), Evidence: evidenceLines(g.err, nil)}, m.width)...)
	}
	return append(lines, scrolled(g.lines, g.offset, max(1, height-1))...)
}

// promptNamed finds a listed prompt by name.
func (m *Model) promptNamed(name string) *client.Prompt {
	for i := range m.prompts.prompts {
		if m.prompts.prompts[i].Name == name {
			return &m.prompts.prompts[i]
		}
	}
	return nil
}

// promptRows is how many prompts the list shows.
func (m *Model) promptRows() int {
	rows := m.bodyHeight() - 1
	if m.prompts.list.showsFilter() {
		rows--
	}
	return max(1, rows)
}

// layoutPrompts keeps the list's cursor and the conversation's scroll in
// view, and renders the conversation again for a new width.
func (m *Model) layoutPrompts() tea.Cmd {
	p := &m.prompts
	if !p.shown {
		return nil
	}
	p.list.move(0, m.promptRows())
	if p.mode == promptForm && p.form != nil {
		m.sizeArgForm(p.form, m.width, m.bodyHeight()-len(m.promptHead()))
	}
	g := p.got
	if g == nil || !g.ready || g.res == nil {
		return nil
	}
	g.offset = render.Scroll(g.offset, len(g.lines), m.bodyHeight()-1)
	if g.width == m.width || g.rendering || p.mode != promptResult {
		return nil
	}
	g.rendering = true
	st, res, width, req := m.st, g.res, m.width, g.req
	return func() tea.Msg {
		return promptGotMsg{req: req, res: res, lines: render.PromptLines(st, res, width), width: width}
	}
}

// promptsHints are the prompts screen's keys for what it shows.
func (m *Model) promptsHints() [][2]string {
	p, k, c := &m.prompts, m.keys.Prompts, m.keys.Complete
	switch {
	case p.mode == promptForm:
		return [][2]string{hint(k.Get, "get"), hintPair(c.Prev, c.Next, "suggestion"), hint(c.Accept, "take"),
			hint(m.keys.Form.Nav.Back, "back")}
	case p.mode == promptResult:
		return [][2]string{hintPair(k.Up, k.Down, "scroll"), hint(k.Get, "get again"), hint(k.Back, "form")}
	case p.list.filtering:
		return [][2]string{hint(m.keys.Filter.Done, "keep filter"), hint(m.keys.Filter.Clear, "clear")}
	}
	return [][2]string{hintPair(k.Up, k.Down, "select"), hint(k.Filter, "filter"), hint(k.Open, "arguments"),
		hint(k.Get, "get"), hint(k.Back, "back")}
}
