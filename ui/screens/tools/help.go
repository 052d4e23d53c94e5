package tools

import (
	"charm.land/bubbles/v2/key"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
)

// The help's titles of the screen's groups; Here names them by what takes
// the keys.
const (
	titleTabs      = "Tabs (digits in the tool list, alt+digit anywhere)"
	titleList      = "Tool list"
	titleFilter    = "Filtering the tool list"
	titleMarks     = "Marks in the tool list"
	titleText      = "Input, Output, Meta and Result tabs"
	titleApp       = "Meta tab of a tool with an MCP App"
	titleLint      = "Lint tab"
	titleProviders = "Providers tab"
	titleHosts     = "Hosts tab"
	titleLink      = "A tool's Result tab with a resource link"
)

// groups are every key group of the screen, in the help's order.
func (s *Screen) groups() []screen.Group {
	k := s.keys
	l, f, d, lt, p := k.List, k.Filter, k.Detail, k.Lint, k.Providers
	tabs := make([]key.Binding, tabCount)
	for i := range tabs {
		// One row for both keys of a tab; the palette replays the chord,
		// which works wherever the screen takes keys.
		tabs[i] = key.NewBinding(key.WithKeys(k.Tabs[i].Keys()...),
			key.WithHelp(l.Tabs[i].Help().Key+" / "+k.Tabs[i].Help().Key, l.Tabs[i].Help().Desc))
	}
	out := []screen.Group{
		{Title: titleTabs, Bindings: tabs},
		{Title: titleList, Bindings: []key.Binding{l.Up, l.Down, l.PageUp, l.PageDown, l.Home, l.End, l.Filter, l.Open,
			l.Call, l.Reconnect, l.Log, l.Quit, l.AsTask}},
		{Title: titleFilter, Bindings: []key.Binding{f.Clear, f.Done}},
		{Title: titleText, Bindings: []key.Binding{d.Back, d.Up, d.Down, d.PageUp, d.PageDown, d.Home, d.End,
			d.Call, d.CopyResult, d.CopyArgs, d.CopyCommand, d.AsTask, d.Filter}},
		{Title: titleApp, Bindings: []key.Binding{k.App.Read}},
		{Title: titleLint, Bindings: []key.Binding{lt.Up, lt.Down, lt.PageUp, lt.PageDown, lt.First, lt.Last, lt.Show}},
		{Title: titleProviders, Bindings: []key.Binding{p.Next, p.Prev}},
		{Title: titleHosts, Bindings: []key.Binding{k.Hosts.Up, k.Hosts.Down, k.Hosts.First, k.Hosts.Last,
			d.PageUp, d.PageDown}},
	}
	for _, grp := range k.Form.FullHelp() {
		out = append(out, screen.Group{Title: grp.Title, Bindings: grp.Bindings})
	}
	return append(out, screen.Group{Title: titleLink, Bindings: []key.Binding{k.OpenLink}})
}

// Keys is every key group of the screen, the group of the part that
// takes the keys first.
func (s *Screen) Keys() []screen.Group { return screen.Lead(s.groups(), s.here()[0]) }

// HelpSections are the screen's sections of the workbench's help, in its
// order: the key groups with the legend of the list's marks after the
// filter's keys, then others (the sections of the screens a call leads
// to: the resources screen's among them), then the Result tab's resource
// link, whose keys open what those screens show.
func (s *Screen) HelpSections(others []render.HelpSection) []render.HelpSection {
	var out []render.HelpSection
	for _, sec := range screen.Help(s.groups()) {
		if sec.Title == titleLink {
			out = append(out, others...)
		}
		out = append(out, sec)
		if sec.Title == titleFilter {
			out = append(out, render.HelpSection{Title: titleMarks, Rows: render.ToolMarkLegend()})
		}
	}
	return out
}

// Here names the help sections of the part that takes the keys now, the
// tabs' last and the root's section of what the workbench remembers
// before them where its keys apply: the help opens on them and the
// palette lists them first.
func (s *Screen) Here() []string {
	titles := s.here()
	if !s.remembers() || s.d.Shared.MemoryHelp == "" {
		return titles
	}
	last := len(titles) - 1
	return append(append(titles[:last:last], s.d.Shared.MemoryHelp), titles[last])
}

// here names the screen's own help sections of the part that takes the
// keys now, the tabs' last.
func (s *Screen) here() (titles []string) {
	if s.focus == focusList || s.detail.tool == nil {
		return []string{titleList, titleFilter, titleTabs}
	}
	switch s.detail.tab {
	case tabForm:
		for _, g := range s.keys.Form.FullHelp() {
			titles = append(titles, g.Title)
		}
	case tabLint:
		titles = []string{titleLint}
	case tabProviders:
		titles = []string{titleProviders}
	case tabHosts:
		titles = []string{titleHosts}
	case tabMeta:
		titles = []string{titleText, titleApp}
	default:
		titles = []string{titleText}
	}
	return append(titles, titleTabs)
}

// remembers reports whether the shown tab has keys of what the workbench
// remembers in its help: the form's presets, the text tabs' saving of
// the last call as a test.
func (s *Screen) remembers() bool {
	if s.focus == focusList || s.detail.tool == nil {
		return false
	}
	switch s.detail.tab {
	case tabLint, tabProviders, tabMeta, tabHosts:
		return false
	}
	return true
}
