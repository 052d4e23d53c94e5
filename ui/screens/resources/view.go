package resources

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/widget"
)

// layout brings what View reads up to date after a message: the list's
// rows, the form's size, the read's scroll; and renders a read again for
// a new width.
func (s *Screen) layout() tea.Cmd {
	s.list.Resize(s.width, s.height-s.list.HeadRows())
	if s.mode == modeForm && s.form != nil {
		// The expanded URI takes the row under the form.
		s.form.SetSize(s.width, s.height-len(s.templateHead())-1)
	}
	if rd := s.read; rd != nil {
		rd.view.SetSize(len(rd.lines), s.height-len(s.readHead())-len(s.saveLines(s.width)))
	}
	return s.rerender()
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
	text := widget.ListingText{Title: "Resources", Noun: "resources",
		Empty: "the server lists no resources and no templates", Evidence: s.deps.Evidence}
	if l := &s.listing; l.Loaded && l.Err == nil {
		nRes := len(s.entries) - s.templates
		text.Counts = fmt.Sprintf("%d · templates %d", nRes, s.templates)
	}
	lines := s.listing.Head(s.st, &s.list, text, width)
	if s.listing.Err != nil {
		return lines
	}
	lines = append(lines, s.list.Rows(height-len(lines), func(i int, selected bool) string {
		return render.ResourceLine(s.st, s.row(i), width, selected)
	})...)
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
