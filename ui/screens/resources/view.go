package resources

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// layout brings what View reads up to date after a message: the list's
// rows, the form's size, the read's scroll; and renders a read again for
// a new width.
func (s *Screen) layout() tea.Cmd {
	s.list.Resize(s.width, s.height-s.listTop())
	if s.mode == modeForm && s.form != nil {
		// The expanded URI takes the row under the form.
		s.form.SetSize(s.width, s.height-len(s.templateHead())-1)
	}
	if rd := s.read; rd != nil {
		rd.view.SetSize(len(rd.lines), s.height-len(s.readHead())-len(s.saveLines(s.width)))
	}
	return s.rerender()
}

// listTop is the row of the list's first entry: under the heading and
// the filter line.
func (s *Screen) listTop() int {
	if s.list.ShowsFilter() {
		return 2
	}
	return 1
}

// View draws what the screen shows in height rows.
func (s *Screen) View(width, height int) []string {
	switch s.mode {
	case modeRead:
		if s.read != nil {
			return s.readView(width, height)
		}
	case modeForm:
		if s.form != nil {
			uri := s.st.Muted.Render(render.Clip("→ "+termsafe.Line(client.PreviewTemplate(s.formTpl, s.form.Values())), width))
			return append(append(s.templateHead(), s.form.Lines(width)...), uri)
		}
	}
	return s.listView(width, height)
}

// templateHead is what sits above a template's form: the template and
// its description.
func (s *Screen) templateHead() []string {
	head := []string{s.st.Heading.Render(render.Clip("Template "+termsafe.Line(s.formTpl), s.width))}
	if s.formDesc != "" {
		head = append(head, render.Clip(termsafe.Line(s.formDesc), s.width))
	}
	return head
}

// listView is the list: a heading with the counts, the filter line, the
// rows in view; or why there are none.
func (s *Screen) listView(width, height int) []string {
	nRes := len(s.entries) - s.templates
	head := s.st.Heading.Render("Resources")
	l := &s.listing
	if l.Loaded && l.Err == nil {
		head += s.st.Muted.Render(fmt.Sprintf(" %d · templates %d", nRes, len(s.entries)-nRes))
	}
	if s.list.Count() != len(s.entries) {
		head += s.st.Muted.Render(" · " + plural.Count(s.list.Count(), "match"))
	}
	if l.Loading != 0 {
		head += s.st.Muted.Render(" · listing…")
	}
	lines := []string{render.Clip(head, width)}
	if s.list.ShowsFilter() {
		lines = append(lines, s.list.FilterLine())
	}
	switch {
	case l.Err != nil:
		return append(lines, render.FailureLines(s.st, render.Failure{Head: "Listing the resources failed",
			Message: l.Err.Error(), Evidence: s.deps.Evidence(l.Err)}, width)...)
	case l.Undeclared && l.Loading == 0:
		lines = append(lines, s.st.Muted.Render(`the server offers no resources (its capabilities have no "resources")`))
	case len(s.entries) == 0 && l.Loading == 0 && l.Loaded:
		lines = append(lines, s.st.Muted.Render("the server lists no resources and no templates"))
	}
	shown, cursor := s.list.Window()
	for i, idx := range shown {
		if len(lines) >= height {
			break
		}
		lines = append(lines, render.ResourceLine(s.st, s.row(idx), width, i == cursor))
	}
	if s.tplErr != nil {
		lines = append(lines, s.st.Error.Render(render.Clip("templates: "+s.tplErr.Error(), width)))
	}
	return lines
}

// row is entry i as the list draws it.
func (s *Screen) row(i int) render.ResourceRow {
	e := s.entries[i]
	if t := e.tpl; t != nil {
		return render.ResourceRow{Name: t.Name, URI: t.URITemplate, MIMEType: t.MIMEType, Template: true}
	}
	return render.ResourceRow{Name: e.res.Name, URI: e.res.URI, MIMEType: e.res.MIMEType, Size: e.res.Size,
		Note: s.note(e.res.URI)}
}

// readHead is the read's heading: the URI, and what the screen knows of
// it.
func (s *Screen) readHead() []string {
	rd := s.read
	lines := []string{s.st.Heading.Render(render.Clip("Resource "+termsafe.Line(rd.uri), s.width))}
	if note := s.note(rd.uri); note != "" {
		lines = append(lines, s.st.Muted.Render(note))
	}
	return lines
}

// readView draws the read: its heading, then the rows in view, then the
// question where to save it.
func (s *Screen) readView(width, height int) []string {
	rd := s.read
	lines := s.readHead()
	switch {
	case !rd.ready:
		return append(lines, s.st.Muted.Render("reading…"))
	case rd.err != nil:
		return append(lines, render.FailureLines(s.st, render.Failure{Head: "Reading the resource failed",
			Message: rd.err.Error(), Evidence: s.deps.Evidence(rd.err)}, width)...)
	}
	from, to := rd.view.Window()
	return append(append(lines, rd.lines[from:to]...), s.saveLines(width)...)
}
