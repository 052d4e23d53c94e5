package prompts

import (
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/widget"
)

// layout brings what View reads up to date after a message: the list's
// rows, the form's size, the conversation's scroll; and renders the
// conversation again for a new width.
func (s *Screen) layout() tea.Cmd {
	s.list.Resize(s.width, s.height-s.list.HeadRows())
	if s.mode == modeForm && s.form != nil {
		s.form.SetSize(s.width, s.height-len(s.head()))
	}
	if g := s.got; g != nil {
		g.view.SetSize(len(g.lines), s.height-1)
	}
	return s.rerender()
}

// View draws what the screen shows in height rows.
func (s *Screen) View(width, height int) []string {
	switch {
	case s.mode == modeResult && s.got != nil:
		return s.resultView(width)
	case s.mode == modeForm && s.form != nil:
		return append(s.head(), s.form.Lines(width)...)
	}
	return s.listView(width, height)
}

// listView is the list: a heading with the count, the filter line, the
// rows in view; or why there are none.
func (s *Screen) listView(width, height int) []string {
	lines := s.listing.Head(s.st, &s.list, widget.ListingText{Title: "Prompts", Counts: strconv.Itoa(len(s.prompts)),
		Noun: "prompts", Empty: "the server lists no prompts", Evidence: s.deps.Evidence}, width)
	if s.listing.Err != nil {
		return lines
	}
	return append(lines, s.list.Rows(height-len(lines), func(i int, selected bool) string {
		return s.line(i, width, selected)
	})...)
}

// head is what sits above a prompt's form: its name and description.
func (s *Screen) head() []string {
	head := []string{s.st.Heading.Render(render.Clip("Prompt "+termsafe.Line(s.name), s.width))}
	if pr := s.named(s.name); pr != nil && pr.Description != "" {
		head = append(head, render.Clip(termsafe.Line(pr.Description), s.width))
	}
	return head
}

// line is one prompt: its name, its arguments (required ones marked *),
// its description muted.
func (s *Screen) line(i, width int, selected bool) string {
	pr := s.prompts[i]
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
		return s.st.Selected.Render(render.Pad("› "+row[2:]+"  "+about, width))
	}
	return render.Clip(row+"  "+s.st.Muted.Render(about), width)
}

// resultView is the conversation, or the failure.
func (s *Screen) resultView(width int) []string {
	g := s.got
	lines := []string{s.st.Heading.Render(render.Clip("Prompt "+termsafe.Line(g.name)+" · prompts/get", width))}
	switch {
	case !g.ready:
		return append(lines, s.st.Muted.Render("getting the prompt…"))
	case g.err != nil:
		return append(lines, render.FailureLines(s.st, render.Failure{Head: "Getting the prompt failed",
			Message: g.err.Error(), Evidence: s.deps.Evidence(g.err)}, width)...)
	}
	from, to := g.view.Window()
	return append(lines, g.lines[from:to]...)
}
