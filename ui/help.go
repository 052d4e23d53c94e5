package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/help"
)

// helpSections are the help screen's contents: every binding of the key
// map and of the tools screen (the base), by part, the form's included.
func (m *Model) helpSections() []render.HelpSection {
	k := m.keys
	g := k.Global
	sections := []render.HelpSection{
		{Title: "Anywhere", Rows: helpRows(g.Help, g.Palette, g.Quit, g.Cancel, g.Reconnect, g.Log, g.Roots, g.LogLevel, g.Auth,
			g.Resources, g.Prompts, g.Tasks, g.Hosts, k.Mem.Memory.History, k.Mem.Memory.Diff)},
		{Title: "Without alt, where no text is typed", Rows: helpRows(g.Open.Palette, g.Open.Resources, g.Open.Prompts,
			g.Open.Tasks, g.Open.Hosts, g.Open.Log, g.Open.History, g.Open.Changes, g.Open.Roots, g.Open.LogLevel,
			g.Open.Auth)},
		{Title: titleQuitting, Rows: helpRows(k.Quit.Yes)},
	}
	others := append(screen.Help([]screen.Group{k.Ask.Group()}), beyondHelp()...)
	sections = append(sections, m.tools.HelpSections(others)...)
	return append(sections, k.Mem.memoryHelp()...)
}

func helpRows(bs ...key.Binding) []render.HelpRow { return screen.HelpRows(bs...) }

// hint is screen.Hint under the root's short name, so the root's hint
// lines name keys as every screen's do.
func hint(b key.Binding, does string) [2]string { return screen.Hint(b, does) }

// helpOpens reports whether msg opens the help: f1 always, ? where it is
// not typed as text.
func (m *Model) helpOpens(msg tea.KeyPressMsg) bool {
	if !key.Matches(msg, m.keys.Global.Help) {
		return false
	}
	return msg.String() != "?" || !m.takesText()
}

// takesText reports whether the focused part of the screen types
// printable keys as text, so that ? is a character there and only f1
// opens the help.
func (m *Model) takesText() bool {
	switch {
	case m.asks.open():
		// A URL elicitation asks only for keys; the others hold forms.
		return m.asks.modal.Typing()
	case m.asks.waiting != nil:
		return false
	case m.stack.Len() > 0:
		typing, _ := m.stackTyping()
		return typing
	}
	return m.tools.Typing()
}

// helpHint is the footer's hint for the help, always shown: ? where it
// opens the help, else f1, saying that ? is typed here; on the help, the
// keys that close it.
func (m *Model) helpHint() [2]string {
	names := render.KeyNames(m.keys.Global.Help.Help().Key)
	if top := m.overlay(); top != nil && top.ID() == help.ID {
		return [2]string{render.FirstKey(help.NewKeys().Close.Help().Key) + "/" + names[0], "close"}
	}
	if m.takesText() && len(names) > 1 {
		return [2]string{names[1], "help (" + names[0] + " typed)"}
	}
	return [2]string{names[0], "help"}
}
