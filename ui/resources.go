package ui

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/form"
)

// resMode is what the resources screen shows.
type resMode int

const (
	resList resMode = iota
	resRead
	resForm
)

// resEntry is one row: a resource, or a template (tpl set).
type resEntry struct {
	res client.Resource
	tpl *client.ResourceTemplate
}

// id is what the cursor follows across a refresh.
func (e resEntry) id() string {
	if e.tpl != nil {
		return "template " + e.tpl.URITemplate
	}
	return e.res.URI
}

// resourcesScreen is the resources screen's state. It outlives closing
// the screen: the list, the forms' values and the last read stay.
type resourcesScreen struct {
	listing
	mode    resMode
	list    pickList
	entries []resEntry
	// templates counts the entries that are templates (they come last).
	templates int
	// tplErr is why the templates could not be listed.
	tplErr error
	read   *resourceRead
	// forms are the templates' forms by template, so values survive.
	forms   map[string]*argForm
	form    *argForm
	formTpl string
	// formDesc is the template's description, shown above its form.
	formDesc string
	save     saveState
	// subscribed are the resources whose updates arrive; updated when
	// each last changed; subscribing counts the calls on their way.
	subscribed  map[string]bool
	updated     map[string]time.Time
	subscribing int
}

func newResourcesScreen() resourcesScreen {
	return resourcesScreen{list: newPickList("filter resources and templates"), forms: map[string]*argForm{},
		subscribed: map[string]bool{}, updated: map[string]time.Time{}, save: newSaveState()}
}

// resourcesLoadedMsg is what resources/list (every page) and
// resources/templates/list answered.
type resourcesLoadedMsg struct {
	req, gen  int
	resources []client.Resource
	templates []client.ResourceTemplate
	err       error
	tplErr    error
	// undeclared says the server declares no resources capability, so
	// nothing was asked.
	undeclared bool
}

// subscribedMsg is the outcome of a subscribe or unsubscribe.
type subscribedMsg struct {
	uri string
	on  bool
	err error
}

// toggleResources shows or hides the resources screen, listing them the
// first time and after a reconnect.
func (m *Model) toggleResources() tea.Cmd {
	return m.toggleListed(&m.resources.listing, m.loadResources)
}

// loadResources lists resources and templates in a command.
func (m *Model) loadResources() tea.Cmd {
	sess := m.readySession("")
	if sess == nil {
		return nil
	}
	req, gen := m.resources.start(), m.conn.gen
	if !sess.Offers("resources") {
		// Not asked: the screen says the server offers none.
		return func() tea.Msg { return resourcesLoadedMsg{req: req, gen: gen, undeclared: true} }
	}
	return func() tea.Msg {
		msg := resourcesLoadedMsg{req: req, gen: gen}
		msg.resources, msg.err = sess.ListResources(background)
		if msg.err == nil {
			msg.templates, msg.tplErr = sess.ListResourceTemplates(background)
		}
		return msg
	}
}

// handleResourcesLoaded fills the list, keeping the cursor on the same
// URI; a reply to an older listing is dropped.
func (m *Model) handleResourcesLoaded(msg resourcesLoadedMsg) tea.Cmd {
	r := &m.resources
	if !r.take(msg.req, msg.gen, msg.err, msg.undeclared) {
		return nil
	}
	r.tplErr = msg.tplErr
	if msg.err != nil {
		m.setStatus(levelError, "list resources: "+msg.err.Error())
		return nil
	}
	if msg.tplErr != nil {
		m.setStatus(levelError, "list resource templates: "+msg.tplErr.Error())
	}
	keep := ""
	if i := r.list.selected(); i >= 0 && i < len(r.entries) {
		keep = r.entries[i].id()
	}
	r.entries = make([]resEntry, 0, len(msg.resources)+len(msg.templates))
	uris := make([]string, 0, cap(r.entries))
	for _, res := range msg.resources {
		r.entries = append(r.entries, resEntry{res: res})
		uris = append(uris, res.URI)
	}
	for i := range msg.templates {
		r.entries = append(r.entries, resEntry{tpl: &msg.templates[i]})
		uris = append(uris, msg.templates[i].URITemplate)
	}
	shared := len(sharedPrefix(uris))
	hay := make([]string, len(r.entries))
	for i, e := range r.entries {
		if e.tpl != nil {
			hay[i] = haystackOf(e.tpl.Name, e.tpl.Title, uris[i][shared:])
		} else {
			hay[i] = haystackOf(e.res.Name, e.res.Title, uris[i][shared:])
		}
	}
	r.templates = len(msg.templates)
	r.list.set(hay, func(i int) bool { return r.entries[i].id() == keep })
	return nil
}

// sharedPrefix is the start every URI has in common, up to its last "/":
// a part every entry shares tells none apart, so the filter does not
// search it (every letter of "demo://resource/" would match them all),
// and the fuzzy match, which costs in proportion to the text, is faster.
func sharedPrefix(uris []string) string {
	if len(uris) < 2 {
		return ""
	}
	p := uris[0]
	for _, u := range uris[1:] {
		n := 0
		for n < len(p) && n < len(u) && p[n] == u[n] {
			n++
		}
		p = p[:n]
	}
	return p[:strings.LastIndexByte(p, '/')+1]
}

// haystackOf is what the filter searches for an entry; an absent title
// adds nothing.
func haystackOf(name, title, uri string) string {
	if title == "" || title == name {
		return name + " " + uri
	}
	return name + " " + title + " " + uri
}

// handleBeyondEvent takes the resource and prompt notifications.
func (m *Model) handleBeyondEvent(ev client.Event) tea.Cmd {
	switch e := ev.(type) {
	case client.ResourceUpdatedEvent:
		m.resources.updated[e.URI] = e.At
		m.setStatus(levelInfo, "the server updated "+e.URI+"; r reads it again")
	case client.ListChangedEvent:
		switch e.List {
		case "resources":
			if m.resources.loaded {
				return m.loadResources()
			}
		case "prompts":
			if m.prompts.loaded {
				return m.loadPrompts()
			}
		}
	}
	return nil
}

// resourcesKey takes a key on the resources screen.
func (m *Model) resourcesKey(msg tea.KeyPressMsg) tea.Cmd {
	r := &m.resources
	switch {
	case r.save.active():
		return m.saveKey(msg)
	case r.mode == resForm:
		return m.templateFormKey(msg)
	case r.mode == resRead:
		return m.readKey(msg)
	case r.list.filtering:
		return m.resFilterKey(msg)
	}
	k, rows := m.keys.Resources, m.resourceRows()
	if d, ok := k.moves().move(msg, rows, len(r.list.matches)); ok {
		r.list.move(d, rows)
		return nil
	}
	switch {
	case key.Matches(msg, k.Filter):
		return r.list.startFilter()
	case key.Matches(msg, k.Open):
		return m.openEntry()
	case key.Matches(msg, k.Subscribe):
		if e := m.selectedEntry(); e != nil && e.tpl == nil {
			return m.toggleSubscription(e.res.URI)
		}
	case key.Matches(msg, k.Reread):
		return m.loadResources()
	case key.Matches(msg, k.Back):
		r.shown = false
	}
	return nil
}

// resFilterKey takes a key while the filter is typed.
func (m *Model) resFilterKey(msg tea.KeyPressMsg) tea.Cmd {
	l := &m.resources.list
	switch {
	case key.Matches(msg, m.keys.Filter.Clear):
		l.filter.SetValue("")
		l.applyFilter()
		fallthrough
	case key.Matches(msg, m.keys.Filter.Done):
		l.filtering = false
		l.filter.Blur()
		return nil
	}
	return l.updateFilter(msg)
}

// selectedEntry is the entry under the cursor, or nil.
func (m *Model) selectedEntry() *resEntry {
	r := &m.resources
	if i := r.list.selected(); i >= 0 && i < len(r.entries) {
		return &r.entries[i]
	}
	return nil
}

// openEntry reads the resource under the cursor or opens the template's
// form.
func (m *Model) openEntry() tea.Cmd {
	e := m.selectedEntry()
	switch {
	case e == nil:
		return nil
	case e.tpl != nil:
		return m.openTemplate(e.tpl)
	}
	return m.readResource(e.res.URI)
}

// toggleSubscription subscribes to uri's updates, or unsubscribes. A
// server that offers no subscriptions is not asked.
func (m *Model) toggleSubscription(uri string) tea.Cmd {
	sess := m.readySession("")
	switch {
	case sess == nil:
		return nil
	case !sess.CanSubscribe():
		m.setStatus(levelInfo, "the server offers no subscriptions (resources.subscribe)")
		return nil
	}
	on := !m.resources.subscribed[uri]
	m.resources.subscribing++
	return func() tea.Msg {
		f := sess.Subscribe
		if !on {
			f = sess.Unsubscribe
		}
		return subscribedMsg{uri: uri, on: on, err: f(background, uri)}
	}
}

func (m *Model) handleSubscribed(msg subscribedMsg) tea.Cmd {
	r := &m.resources
	r.subscribing--
	switch {
	case msg.err != nil:
		m.setStatus(levelError, msg.err.Error())
	case msg.on:
		r.subscribed[msg.uri] = true
		m.setStatus(levelOK, "subscribed to "+msg.uri)
	default:
		delete(r.subscribed, msg.uri)
		m.setStatus(levelOK, "unsubscribed from "+msg.uri)
	}
	return nil
}

// openTemplate opens the form of a template's variables.
func (m *Model) openTemplate(t *client.ResourceTemplate) tea.Cmd {
	r := &m.resources
	vars, err := client.TemplateVariables(t.URITemplate)
	if err != nil {
		m.setStatus(levelError, "the template "+t.URITemplate+" cannot be used: "+err.Error())
		return nil
	}
	af := r.forms[t.URITemplate]
	if af == nil {
		var fields []argField
		for _, v := range vars {
			fields = append(fields, argField{name: v, required: true,
				description: "a value for {" + v + "} in " + t.URITemplate})
		}
		af, err = newArgForm(m.st, client.CompletionRef{URITemplate: t.URITemplate}, t.Name, fields)
		if err != nil {
			m.setStatus(levelError, err.Error())
			return nil
		}
		r.forms[t.URITemplate] = af
	}
	r.form, r.formTpl, r.formDesc, r.mode = af, t.URITemplate, t.Description, resForm
	return m.askCompletion(af)
}

// templateFormKey passes a key to the template's form; its submit reads
// the expanded URI, unless a variable is empty.
func (m *Model) templateFormKey(msg tea.KeyPressMsg) tea.Cmd {
	r := &m.resources
	af := r.form
	if key.Matches(msg, m.keys.Form.Nav.Submit) {
		tpl := r.formTpl
		if !m.submitArgForm(af, func(name string) string {
			return "the variable " + name + " is empty: fill it in to read from " + tpl
		}) {
			return nil
		}
		uri, err := client.ExpandTemplate(tpl, af.values())
		if err != nil {
			m.setStatus(levelError, err.Error())
			return nil
		}
		cmd := m.readResource(uri)
		if r.read != nil {
			r.read.fromForm = true
		}
		return cmd
	}
	action, cmd := m.argFormKey(af, msg)
	if action == form.ActionBack {
		r.mode = resList
	}
	return cmd
}
