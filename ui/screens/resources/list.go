package resources

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
)

// entry is one row: a resource, or a template (tpl set).
type entry struct {
	res client.Resource
	tpl *client.ResourceTemplate
}

// id is what the cursor follows across a refresh.
func (e entry) id() string {
	if e.tpl != nil {
		return "template " + e.tpl.URITemplate
	}
	return e.res.URI
}

// loadedMsg is what resources/list (every page) and
// resources/templates/list answered.
type loadedMsg struct {
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

// load lists resources and templates in a command.
func (s *Screen) load(sess Session, gen int) tea.Cmd {
	req := s.listing.Start()
	if !sess.Offers("resources") {
		// Not asked: the screen says the server offers none.
		return func() tea.Msg { return loadedMsg{req: req, gen: gen, undeclared: true} }
	}
	return func() tea.Msg {
		ctx := context.Background()
		msg := loadedMsg{req: req, gen: gen}
		msg.resources, msg.err = sess.ListResources(ctx)
		if msg.err == nil {
			msg.templates, msg.tplErr = sess.ListResourceTemplates(ctx)
		}
		return msg
	}
}

// handleLoaded fills the list, keeping the cursor on the same URI; a
// reply to an older listing is dropped.
func (s *Screen) handleLoaded(msg loadedMsg) screen.Result {
	if !s.listing.Take(msg.req, msg.gen, msg.err, msg.undeclared) {
		return screen.Done(nil)
	}
	s.tplErr = msg.tplErr
	if msg.err != nil {
		return screen.Done(nil, status(render.LevelError, "list resources: "+msg.err.Error()))
	}
	var actions []screen.Action
	if msg.tplErr != nil {
		actions = append(actions, status(render.LevelError, "list resource templates: "+msg.tplErr.Error()))
	}
	keep := ""
	if e := s.selected(); e != nil {
		keep = e.id()
	}
	s.entries = make([]entry, 0, len(msg.resources)+len(msg.templates))
	uris := make([]string, 0, cap(s.entries))
	for _, res := range msg.resources {
		s.entries = append(s.entries, entry{res: res})
		uris = append(uris, res.URI)
	}
	for i := range msg.templates {
		s.entries = append(s.entries, entry{tpl: &msg.templates[i]})
		uris = append(uris, msg.templates[i].URITemplate)
	}
	shared := len(sharedPrefix(uris))
	hay := make([]string, len(s.entries))
	for i, e := range s.entries {
		if e.tpl != nil {
			hay[i] = haystackOf(e.tpl.Name, e.tpl.Title, uris[i][shared:])
		} else {
			hay[i] = haystackOf(e.res.Name, e.res.Title, uris[i][shared:])
		}
	}
	s.templates = len(msg.templates)
	s.list.Set(hay, func(i int) bool { return s.entries[i].id() == keep })
	return screen.Done(nil, actions...)
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

// listInput takes a key, a paste or a mouse event on the list.
func (s *Screen) listInput(msg tea.Msg) screen.Result {
	if c, ok := msg.(tea.MouseClickMsg); ok {
		return s.click(c)
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && !s.list.Filtering() {
		l := s.keys.List
		switch {
		case key.Matches(k, l.Open):
			return s.openEntry()
		case key.Matches(k, l.Subscribe):
			if e := s.selected(); e != nil && e.tpl == nil {
				return s.toggleSubscription(e.res.URI)
			}
			return screen.Done(nil)
		case key.Matches(k, l.Relist):
			sess, gen, none := s.session("")
			if none != nil {
				return screen.Done(nil, none)
			}
			return screen.Done(s.load(sess, gen))
		case key.Matches(k, l.Back):
			return screen.Done(nil, screen.Pop{})
		}
	}
	if ok, cmd := s.list.Update(msg); ok {
		return screen.Done(cmd)
	}
	return screen.Unhandled()
}

// click selects the row clicked; a click on the selected row opens it.
func (s *Screen) click(c tea.MouseClickMsg) screen.Result {
	if _, _, again := s.list.ClickAgain(c.Y - s.list.HeadRows()); again {
		return s.openEntry()
	}
	return screen.Done(nil)
}

// selected is the entry under the cursor, or nil.
func (s *Screen) selected() *entry {
	if i := s.list.Selected(); i >= 0 && i < len(s.entries) {
		return &s.entries[i]
	}
	return nil
}

// openEntry reads the resource under the cursor or opens the template's
// form.
func (s *Screen) openEntry() screen.Result {
	e := s.selected()
	switch {
	case e == nil:
		return screen.Done(nil)
	case e.tpl != nil:
		return s.openTemplate(e.tpl)
	}
	return s.readURI(e.res.URI, false)
}

// toggleSubscription subscribes to uri's updates, or unsubscribes. A
// server that offers no subscriptions is not asked.
func (s *Screen) toggleSubscription(uri string) screen.Result {
	sess, _, none := s.session("")
	switch {
	case none != nil:
		return screen.Done(nil, none)
	case !sess.CanSubscribe():
		return screen.Done(nil, status(render.LevelInfo, "the server offers no subscriptions (resources.subscribe)"))
	}
	on := !s.subscribed[uri]
	s.subscribing++
	return screen.Done(func() tea.Msg {
		f := sess.Subscribe
		if !on {
			f = sess.Unsubscribe
		}
		return subscribedMsg{uri: uri, on: on, err: f(context.Background(), uri)}
	})
}

func (s *Screen) handleSubscribed(msg subscribedMsg) screen.Result {
	s.subscribing--
	switch {
	case msg.err != nil:
		return screen.Done(nil, status(render.LevelError, msg.err.Error()))
	case msg.on:
		s.subscribed[msg.uri] = true
		return screen.Done(nil, status(render.LevelOK, "subscribed to "+msg.uri))
	}
	delete(s.subscribed, msg.uri)
	return screen.Done(nil, status(render.LevelOK, "unsubscribed from "+msg.uri))
}
