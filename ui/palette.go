package ui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/help"
	"github.com/toolbench/toolbench/ui/screens/palette"
)

// openPalette opens the command palette over everything: the keys of
// the screen the person is on first, then those that work anywhere,
// each run by replaying its key once the palette has closed, so a
// command does exactly what its key does.
func (m *Model) openPalette() tea.Cmd {
	if top := m.stack.Top(); top != nil && top.ID() == palette.ID {
		m.stack.Pop()
		return nil
	}
	twins := map[string]string{}
	for _, p := range m.chordFree() {
		twins[render1(p[1])] = p[0].Help().Key
	}
	var cmds []palette.Command
	seen := map[string]bool{}
	for _, s := range append(m.contextSections(), m.helpFor[0]) {
		for _, r := range s.Rows {
			press, ok := screen.Press(r.Press)
			if r.Press == "" || !ok || seen[r.Press+r.Desc] {
				continue
			}
			seen[r.Press+r.Desc] = true
			keys := r.Keys
			if t, ok := twins[r.Press]; ok {
				keys += " / " + t
			}
			cmds = append(cmds, palette.Command{Title: r.Desc, Key: keys, Section: s.Title, Action: screen.Key{Key: press}})
		}
	}
	p := palette.New(m.st, "Commands", cmds)
	p.Update(tea.WindowSizeMsg{Width: m.width, Height: m.bodyHeight()})
	m.stack.Push(p)
	return p.Init()
}

// overlay is the palette or the help when one is on top: they open over
// everything, the server's questions included.
func (m *Model) overlay() screen.Screen {
	top := m.stack.Top()
	if top == nil || top.ID() != palette.ID && top.ID() != help.ID {
		return nil
	}
	return top
}

// contextSections are the help sections of what the person is looking
// at now: the screen on top, else the part of the workbench that takes
// the keys.
func (m *Model) contextSections() []render.HelpSection {
	for i := m.stack.Len() - 1; i >= 0; i-- {
		if sc := m.stack.At(i); sc.ID() != palette.ID && sc.ID() != help.ID {
			return screen.Help(sc.Keys())
		}
	}
	byTitle := map[string]render.HelpSection{}
	for _, s := range m.helpFor {
		byTitle[s.Title] = s
	}
	var out []render.HelpSection
	for _, t := range m.contextTitles() {
		if s, ok := byTitle[t]; ok {
			out = append(out, s)
		}
	}
	return out
}

// contextTitles names the help sections of the part of the workbench
// that takes the keys now: the tools screen's, with the keys of what the
// workbench remembers before its tabs' where they apply.
func (m *Model) contextTitles() []string {
	if m.quitting {
		return []string{titleQuitting}
	}
	return m.tools.Here()
}
