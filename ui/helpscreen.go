package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/help"
)

// openHelp opens the help over everything, on the keys of what the
// person is looking at, every other section after them.
func (m *Model) openHelp() tea.Cmd {
	here := m.contextSections()
	title := "this screen"
	if len(here) > 0 {
		title = here[0].Title
	}
	mine := map[string]bool{}
	for _, s := range here {
		mine[s.Title] = true
	}
	sections := append([]render.HelpSection{}, here...)
	for _, s := range m.helpFor {
		if !mine[s.Title] {
			sections = append(sections, s)
		}
	}
	// The help's own keys come last: end shows them.
	sections = append(sections, screen.Help(help.New(m.st, "", nil).Keys())...)
	h := help.New(m.st, title, sections)
	h.Update(tea.WindowSizeMsg{Width: m.width, Height: m.bodyHeight()})
	m.stack.Push(h)
	return nil
}

// allHelp is every section of the help: the key map's, then each
// registered screen's.
func (m *Model) allHelp() []render.HelpSection {
	out := m.helpSections()
	seen := map[string]bool{}
	for _, s := range out {
		seen[s.Title] = true
	}
	for _, r := range m.screens.regs {
		for _, s := range screen.Help(m.screens.get(r.id).Keys()) {
			if !seen[s.Title] {
				seen[s.Title] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// helpShownNow reports whether the help is open.
func (m *Model) helpShownNow() bool {
	top := m.overlay()
	return top != nil && top.ID() == help.ID
}
