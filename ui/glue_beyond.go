package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/prompts"
	"github.com/toolbench/toolbench/ui/screens/resources"
)

// This file is what the root keeps of the resources and prompts screens:
// how they are made, opened and fed the session's events, the
// subscriptions a reconnect restores, and the reading of a result's
// resource link there (glue_tools.go asks for it).

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

// readResource opens the resources screen on uri, read.
func readResource(uri string) screen.Action {
	return screen.Open{ID: resources.ID, Msg: resources.Read{URI: uri}}
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

// beyondHelp are the help sections of the resources and prompts screens,
// a section both list once.
func beyondHelp() []render.HelpSection {
	var out []render.HelpSection
	seen := map[string]bool{}
	for _, s := range screen.Help(append(resources.Help(), prompts.Help()...)) {
		if !seen[s.Title] {
			seen[s.Title] = true
			out = append(out, s)
		}
	}
	return out
}
