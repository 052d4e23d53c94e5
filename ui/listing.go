package ui

import tea "charm.land/bubbletea/v2"

// listing is the state a screen listed from the server shares with the
// others (resources, prompts): whether it is shown, the listing on its
// way, and the connection the list came from, so a reconnect lists
// again and a stale reply is dropped.
type listing struct {
	shown bool
	// loading is the listing on its way, 0 for none; seq numbers them;
	// gen is the connection the list came from.
	loading, seq, gen int
	loaded            bool
	// undeclared: the server declares no capability for the list, so it
	// was not asked.
	undeclared bool
	err        error
}

// start numbers a new listing and marks it on its way.
func (l *listing) start() int {
	l.seq++
	l.loading = l.seq
	return l.seq
}

// take records the reply to listing req from connection gen, unless a
// newer listing has started since; it reports whether it took it.
func (l *listing) take(req, gen int, err error, undeclared bool) bool {
	if req != l.loading {
		return false
	}
	l.loading, l.loaded, l.gen, l.err, l.undeclared = 0, true, gen, err, undeclared
	return true
}

// toggleListed shows or hides a listed screen, listing it with load the
// first time and after a reconnect.
func (m *Model) toggleListed(l *listing, load func() tea.Cmd) tea.Cmd {
	if l.shown {
		l.shown = false
		return nil
	}
	m.hideScreens()
	l.shown = true
	if l.loaded && l.gen == m.conn.gen {
		return nil
	}
	return load()
}
