package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/ui/render"
)

// helpSections are the help screen's contents: every binding of the key
// map, by screen, the form's included.
func (k keyMap) helpSections() []render.HelpSection {
	g, l, f, d, lt, p, lg, lf, h := k.Global, k.List, k.Filter, k.Detail, k.Lint, k.Providers, k.Log, k.LogFilter, k.Help
	tabs := make([]render.HelpRow, tabCount)
	for i := range tabs {
		tabs[i] = render.HelpRow{Keys: l.Tabs[i].Help().Key + " / " + g.Tabs[i].Help().Key, Desc: l.Tabs[i].Help().Desc}
	}
	sections := []render.HelpSection{
		{Title: "Anywhere", Rows: helpRows(g.Help, g.Quit, g.Cancel, g.Reconnect, g.Log, g.Roots, g.LogLevel, g.Auth,
			g.Resources, g.Prompts, g.Tasks)},
		{Title: "Quitting while a call runs (any other key stays)", Rows: helpRows(k.Quit.Yes)},
		{Title: "Tabs (digits in the tool list, alt+digit anywhere)", Rows: tabs},
		{Title: "Tool list", Rows: helpRows(l.Up, l.Down, l.PageUp, l.PageDown, l.Home, l.End, l.Filter, l.Open, l.Call,
			l.Reconnect, l.Log, l.Quit, l.AsTask)},
		{Title: "Filtering the tool list", Rows: helpRows(f.Clear, f.Done)},
		{Title: "Marks in the tool list", Rows: render.ToolMarkLegend()},
		{Title: "Input, Output, Meta and Result tabs", Rows: helpRows(d.Back, d.Up, d.Down, d.PageUp, d.PageDown, d.Home, d.End,
			d.Call, d.CopyResult, d.CopyArgs, d.CopyCommand, d.AsTask)},
		{Title: "Meta tab of a tool with an MCP App", Rows: helpRows(k.App.Read)},
		{Title: "Lint tab", Rows: helpRows(lt.Up, lt.Down, lt.PageUp, lt.PageDown, lt.First, lt.Last, lt.Show)},
		{Title: "Providers tab", Rows: helpRows(p.Next, p.Prev)},
	}
	for _, grp := range k.Form.FullHelp() {
		sections = append(sections, render.HelpSection{Title: grp.Title, Rows: helpRows(grp.Bindings...)})
	}
	a, r, ra, lv, au, ap := k.Ask, k.Roots, k.RootsAdd, k.Level, k.Auth, k.AuthPaste
	b := k.beyondHelp()
	sections = append(sections,
		render.HelpSection{Title: "What the server asks (elicitation, sampling)", Rows: helpRows(a.Accept, a.Decline, a.Dismiss,
			a.ConfirmCancel, a.KeepEditing, a.CancelCall, a.Open, a.Copy, a.ScrollUp, a.ScrollDown)},
		render.HelpSection{Title: "Roots", Rows: helpRows(r.Up, r.Down, r.Add, r.Remove, r.Back)},
		render.HelpSection{Title: "Adding a root", Rows: helpRows(ra.Done, ra.Cancel)},
		render.HelpSection{Title: "Log level", Rows: helpRows(lv.Up, lv.Down, lv.Pick, lv.Back)},
		render.HelpSection{Title: "Authorization (OAuth)", Rows: helpRows(au.Up, au.Down, au.PageUp, au.PageDown, au.Open,
			au.Copy, au.Paste, au.Back)},
		render.HelpSection{Title: "Pasting the redirect", Rows: helpRows(ap.Send, ap.Cancel)},
		render.HelpSection{Title: "Tasks", Rows: helpRows(k.Tasks.Up, k.Tasks.Down, k.Tasks.PageUp, k.Tasks.PageDown,
			k.Tasks.Result, k.Tasks.Cancel, k.Tasks.Refresh, k.Tasks.Lookup, k.Tasks.Back)},
		render.HelpSection{Title: "Cancelling a task", Rows: helpRows(k.TaskConfirm.Yes, k.TaskConfirm.No)},
		render.HelpSection{Title: "Typing a task id", Rows: helpRows(k.TaskID.Done, k.TaskID.Cancel)},
		b[0], b[1], b[2], b[3],
	)
	sections = append(sections, k.Mem.memoryHelp()...)
	ld := k.LogDetail
	return append(sections,
		render.HelpSection{Title: "Log", Rows: helpRows(lg.Back, lg.Filter, lg.Up, lg.Down, lg.PageUp, lg.PageDown, lg.Home, lg.End,
			lg.Open, lg.Pair, lg.Show)},
		render.HelpSection{Title: "Filtering the log", Rows: helpRows(lf.Done, lf.Clear, lf.Delete)},
		render.HelpSection{Title: "An entry of the log", Rows: helpRows(ld.Back, ld.Up, ld.Down, ld.PageUp, ld.PageDown,
			ld.Home, ld.End, ld.Pair)},
		render.HelpSection{Title: "This help", Rows: helpRows(h.Up, h.Down, h.PageUp, h.PageDown, h.Home, h.End, h.Close)},
	)
}

func helpRows(bs ...key.Binding) []render.HelpRow {
	rows := make([]render.HelpRow, len(bs))
	for i, b := range bs {
		rows[i] = render.HelpRow{Keys: b.Help().Key, Desc: b.Help().Desc}
	}
	return rows
}

// hint is the hint-line entry for b doing does, named by its first key:
// the help screen lists the others.
func hint(b key.Binding, does string) [2]string {
	return [2]string{render.FirstKey(b.Help().Key), does}
}

// hintPair is one hint for two opposite bindings: "↑↓ scroll".
func hintPair(a, b key.Binding, does string) [2]string {
	return [2]string{render.KeyPair(a.Help().Key, b.Help().Key), does}
}

// hintEither is one hint for two bindings named apart: "home/end".
func hintEither(a, b key.Binding, does string) [2]string {
	return [2]string{render.FirstKey(a.Help().Key) + "/" + render.FirstKey(b.Help().Key), does}
}

// keyRange names a run of bindings, first to last: "alt+1-7".
func keyRange(first, last key.Binding) string {
	return render.KeyRange(first.Help().Key, last.Help().Key)
}

// openHelp opens the help screen at its top.
func (m *Model) openHelp() { m.help, m.helpOffset = true, 0 }

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
		_, url := m.asks.modal.(*urlModal)
		return !url
	case m.mem.test != nil:
		return true
	case m.mem.presets.open():
		return m.mem.presets.naming
	case m.asks.waiting != nil, m.showLevel:
		return false
	case m.showRoots:
		return m.rootsView.adding
	case m.auth.shown:
		return m.auth.pasting
	case m.tasks.screen.shown:
		return m.tasks.screen.typing
	case m.resources.shown:
		r := &m.resources
		return r.list.filtering || r.mode == resForm || r.save.active()
	case m.prompts.shown:
		return m.prompts.list.filtering || m.prompts.mode == promptForm
	case m.mem.history.shown:
		return m.mem.history.filtering
	case m.mem.diff.shown:
		return false
	case m.showLog:
		return m.log.editing
	case m.focus == focusList:
		return m.list.filtering
	}
	return m.detail.tab == tabForm
}

// helpHint is the footer's hint for the help, always shown: ? where it
// opens the help, else f1, saying that ? is typed here; on the help, the
// keys that close it.
func (m *Model) helpHint() [2]string {
	names := render.KeyNames(m.keys.Global.Help.Help().Key)
	if m.help {
		return [2]string{render.FirstKey(m.keys.Help.Close.Help().Key) + "/" + names[0], "close"}
	}
	if m.takesText() && len(names) > 1 {
		return [2]string{names[1], "help (" + names[0] + " typed)"}
	}
	return [2]string{names[0], "help"}
}
