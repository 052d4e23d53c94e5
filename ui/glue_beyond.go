package ui

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/palette"
	"github.com/toolbench/toolbench/ui/screens/prompts"
	"github.com/toolbench/toolbench/ui/screens/resources"
)

// This file is what the root keeps of the resources and prompts screens:
// how they are made, opened and fed the session's events, the
// subscriptions a reconnect restores, and the Result tab's key that reads
// a resource link on the resources screen.

// resourcesKeys is the Result tab's key that reads the result's resource
// link on the resources screen.
type resourcesKeys struct {
	// OpenLink, on a tool's Result tab, reads the result's first
	// resource_link or embedded resource on the resources screen.
	OpenLink key.Binding
}

func newResourcesKeys() resourcesKeys {
	return resourcesKeys{OpenLink: bind([]string{"o"}, "o",
		"on a tool's Result tab: read its resource_link or embedded resource")}
}

// makeResources makes the resources screen at the body's size.
func (m *Model) makeResources() screen.Screen {
	sc := resources.New(resources.Deps{Styles: m.st, Timer: m.screenTimer, Evidence: screenEvidence,
		Session: func() (resources.Session, int) {
			if s := m.liveSession(); s != nil {
				return s, m.conn.gen
			}
			return nil, m.conn.gen
		}})
	sc.Update(tea.WindowSizeMsg{Width: m.width, Height: m.bodyHeight()})
	return sc
}

// makePrompts makes the prompts screen at the body's size.
func (m *Model) makePrompts() screen.Screen {
	sc := prompts.New(prompts.Deps{Styles: m.st, Timer: m.screenTimer, Evidence: screenEvidence,
		Session: func() (prompts.Session, int) {
			if s := m.liveSession(); s != nil {
				return s, m.conn.gen
			}
			return nil, m.conn.gen
		}})
	sc.Update(tea.WindowSizeMsg{Width: m.width, Height: m.bodyHeight()})
	return sc
}

// screenTimer is the model's timer as the screens get it: looked up at
// each call, so a test that watches the timers sees theirs too.
func (m *Model) screenTimer(d time.Duration, msg tea.Msg) tea.Cmd { return m.timer(d, msg) }

// screenEvidence explains a screen's failed request as the workbench
// does.
func screenEvidence(err error) []string { return evidenceLines(err, nil) }

// toggleResources shows or hides the resources screen; shown, it lists
// them the first time and after a reconnect (its answer to screen.Opened).
func (m *Model) toggleResources() tea.Cmd { return m.openScreen(resources.ID) }

// togglePrompts shows or hides the prompts screen, as toggleResources.
func (m *Model) togglePrompts() tea.Cmd { return m.openScreen(prompts.ID) }

// handleBeyondEvent hands the resource and prompt notifications to the
// screens made so far: one never opened has nothing to refresh.
func (m *Model) handleBeyondEvent(ev client.Event) tea.Cmd {
	var cmds []tea.Cmd
	for _, id := range []screen.ID{resources.ID, prompts.ID} {
		if sc, ok := m.screens.made[id]; ok {
			if r := sc.Update(ev); r.Handled {
				cmds = append(cmds, m.apply(r))
			}
		}
	}
	return tea.Batch(cmds...)
}

// openResultResource reads the shown result's resource link on the
// resources screen.
func (m *Model) openResultResource() tea.Cmd {
	uris := m.resultResourceURIs()
	switch len(uris) {
	case 0:
		m.setStatus(levelInfo, "the result has no resource_link and no embedded resource")
		return nil
	case 1:
		return m.do(readResource(uris[0]))
	}
	// Several: the person picks one, in the palette's list.
	cmds := make([]palette.Command, len(uris))
	for i, uri := range uris {
		cmds[i] = palette.Command{Title: termsafe.Line(uri), Section: fmt.Sprintf("link %d of %d", i+1, len(uris)),
			Action: readResource(uri)}
	}
	p := palette.New(m.st, "Resource links", cmds)
	p.Update(tea.WindowSizeMsg{Width: m.width, Height: m.bodyHeight()})
	m.stack.Push(p)
	return p.Init()
}

// readResource opens the resources screen on uri, read.
func readResource(uri string) screen.Action {
	return screen.Open{ID: resources.ID, Msg: resources.Read{URI: uri}}
}

// resultResourceURI is the first resource_link or embedded resource of
// the shown tool's last result, or "".
func (m *Model) resultResourceURI() string {
	if uris := m.resultResourceURIs(); len(uris) > 0 {
		return uris[0]
	}
	return ""
}

// resultResourceURIs are the resource_links and embedded resources of the
// shown tool's last result, in order, each once.
func (m *Model) resultResourceURIs() []string {
	t := m.detail.tool
	if t == nil {
		return nil
	}
	tr := m.calls.results[t.Name]
	if tr == nil || tr.result == nil {
		return nil
	}
	var uris []string
	seen := map[string]bool{}
	for _, c := range tr.result.Content {
		uri := c.URI
		if c.Type == "resource" && c.Resource != nil {
			uri = c.Resource.URI
		} else if c.Type != "resource_link" {
			continue
		}
		if uri != "" && !seen[uri] {
			seen[uri] = true
			uris = append(uris, uri)
		}
	}
	return uris
}

// subscriptions are the URIs subscribed to, for a new session to take
// again; none while the resources screen was never opened.
func (m *Model) subscriptions() []string {
	if sc, ok := m.screens.made[resources.ID].(*resources.Screen); ok {
		return sc.Subscribed()
	}
	return nil
}

// lostSubscription says a new session did not take the subscription to
// uri.
func (m *Model) lostSubscription(uri string) {
	if sc, ok := m.screens.made[resources.ID].(*resources.Screen); ok {
		sc.Unsubscribed(uri)
	}
}

// beyondHelp are the help sections of the resources and prompts screens
// (a section both list once) and of the Result tab's key that opens a
// resource link.
func (k keyMap) beyondHelp() []render.HelpSection {
	var out []render.HelpSection
	seen := map[string]bool{}
	for _, s := range screen.Help(append(resources.Help(), prompts.Help()...)) {
		if !seen[s.Title] {
			seen[s.Title] = true
			out = append(out, s)
		}
	}
	return append(out, render.HelpSection{Title: "A tool's Result tab with a resource link",
		Rows: helpRows(k.Resources.OpenLink)})
}
