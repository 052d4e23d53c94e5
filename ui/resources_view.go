package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// resourcesLines draws the resources screen in height rows.
func (m *Model) resourcesLines(height int) []string {
	r := &m.resources
	switch r.mode {
	case resRead:
		if r.read != nil {
			return m.readView(m.width, height)
		}
	case resForm:
		uri := m.st.Muted.Render(render.Clip("→ "+termsafe.Line(client.PreviewTemplate(r.formTpl, r.form.values())), m.width))
		return append(append(m.templateHead(), m.argFormLines(r.form, m.width)...), uri)
	}
	return m.resourceListLines(height)
}

// templateHead is what sits above a template's form: the template and
// its description.
func (m *Model) templateHead() []string {
	r := &m.resources
	head := []string{m.st.Heading.Render(render.Clip("Template "+termsafe.Line(r.formTpl), m.width))}
	if r.formDesc != "" {
		head = append(head, render.Clip(termsafe.Line(r.formDesc), m.width))
	}
	return head
}

// resourceListLines is the list: a heading with the counts, the filter
// line, the rows in view; or why there are none.
func (m *Model) resourceListLines(height int) []string {
	r := &m.resources
	nRes := len(r.entries) - r.templates
	head := m.st.Heading.Render("Resources")
	if r.loaded && r.err == nil {
		head += m.st.Muted.Render(fmt.Sprintf(" %d · templates %d", nRes, len(r.entries)-nRes))
	}
	if len(r.list.matches) != len(r.entries) {
		head += m.st.Muted.Render(" · " + plural.Count(len(r.list.matches), "match"))
	}
	if r.loading != 0 {
		head += m.st.Muted.Render(" · listing…")
	}
	lines := []string{render.Clip(head, m.width)}
	if r.list.showsFilter() {
		lines = append(lines, r.list.filter.View())
	}
	switch {
	case r.err != nil:
		return append(lines, render.FailureLines(m.st, render.Failure{Head: "Listing the resources failed",
			Message: r.err.Error(), Evidence: evidenceLines(r.err, nil)}, m.width)...)
	case r.undeclared && r.loading == 0:
		lines = append(lines, m.st.Muted.Render(`the server offers no resources (its capabilities have no "resources")`))
	case len(r.entries) == 0 && r.loading == 0 && r.loaded:
		lines = append(lines, m.st.Muted.Render("the server lists no resources and no templates"))
	}
	for _, idx := range r.list.visible(height - len(lines)) {
		lines = append(lines, render.ResourceLine(m.st, m.resourceRow(idx), m.width, idx == r.list.selected()))
	}
	if r.tplErr != nil {
		lines = append(lines, m.st.Error.Render(render.Clip("templates: "+r.tplErr.Error(), m.width)))
	}
	return lines
}

// resourceRow is entry i as the list draws it.
func (m *Model) resourceRow(i int) render.ResourceRow {
	e := m.resources.entries[i]
	if t := e.tpl; t != nil {
		return render.ResourceRow{Name: t.Name, URI: t.URITemplate, MIMEType: t.MIMEType, Template: true}
	}
	return render.ResourceRow{Name: e.res.Name, URI: e.res.URI, MIMEType: e.res.MIMEType, Size: e.res.Size,
		Note: m.resourceNote(e.res.URI)}
}

// resourceRows is how many rows the list shows.
func (m *Model) resourceRows() int {
	rows := m.bodyHeight() - 1
	if m.resources.list.showsFilter() {
		rows--
	}
	return max(1, rows)
}

// layoutResources keeps the list's cursor and the read's scroll in view,
// and renders a read again for a new width.
func (m *Model) layoutResources() tea.Cmd {
	r := &m.resources
	if !r.shown {
		return nil
	}
	r.list.move(0, m.resourceRows())
	if r.mode == resForm && r.form != nil {
		// The expanded URI takes the row under the form.
		m.sizeArgForm(r.form, m.width, m.bodyHeight()-len(m.templateHead())-1)
	}
	m.clampRead()
	return m.wantReadWidth()
}

// resourcesHints are the resources screen's keys for what it shows.
func (m *Model) resourcesHints() [][2]string {
	r, k, f, c := &m.resources, m.keys.Resources, m.keys.Filter, m.keys.Complete
	switch {
	case r.save.exists != "":
		return [][2]string{hint(m.keys.Saving.Overwrite, "overwrite"), hint(m.keys.Saving.Cancel, "keep")}
	case r.save.typing:
		return [][2]string{hint(m.keys.Saving.Save, "save"), hint(m.keys.Saving.Cancel, "cancel")}
	case r.mode == resForm:
		return [][2]string{hint(m.keys.Form.Nav.Submit, "read"), hintPair(c.Prev, c.Next, "suggestion"),
			hint(c.Accept, "take"), hint(m.keys.Form.Nav.Back, "back")}
	case r.mode == resRead:
		hints := [][2]string{hintPair(k.Up, k.Down, "scroll"), hint(k.Save, "save"), hint(k.Reread, "read again")}
		switch {
		case !m.canSubscribe():
		case r.read != nil && r.subscribed[r.read.uri]:
			hints = append(hints, hint(k.Subscribe, "unsubscribe"))
		default:
			hints = append(hints, hint(k.Subscribe, "subscribe"))
		}
		return append(hints, hint(k.Back, "back"))
	case r.list.filtering:
		return [][2]string{hint(f.Done, "keep filter"), hint(f.Clear, "clear")}
	}
	hints := [][2]string{hintPair(k.Up, k.Down, "select"), hint(k.Filter, "filter"), hint(k.Open, "read")}
	if m.canSubscribe() {
		hints = append(hints, hint(k.Subscribe, "subscribe"))
	}
	return append(hints, hint(k.Reread, "list again"), hint(k.Back, "back"))
}

// canSubscribe reports a live session whose server offers subscriptions.
func (m *Model) canSubscribe() bool {
	return m.conn.sess != nil && m.conn.phase == phaseReady && m.conn.sess.CanSubscribe()
}

// openResource shows uri read on the resources screen: a resource_link
// or an embedded resource of a tool's result, opened from the result.
func (m *Model) openResource(uri string) tea.Cmd {
	r := &m.resources
	m.hideScreens()
	r.shown = true
	cmd := m.readResource(uri)
	if !r.loaded || r.gen != m.conn.gen {
		cmd = tea.Batch(cmd, m.loadResources())
	}
	return cmd
}

// resultResourceURI is the first resource_link or embedded resource of
// the shown tool's last result, or "".
func (m *Model) resultResourceURI() string {
	t := m.detail.tool
	if t == nil {
		return ""
	}
	tr := m.calls.results[t.Name]
	if tr == nil || tr.result == nil {
		return ""
	}
	for _, c := range tr.result.Content {
		switch {
		case c.Type == "resource_link" && c.URI != "":
			return c.URI
		case c.Type == "resource" && c.Resource != nil && c.Resource.URI != "":
			return c.Resource.URI
		}
	}
	return ""
}
