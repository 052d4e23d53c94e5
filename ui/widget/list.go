package widget

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// List is where the person is in a list of entries the screen keeps: the
// cursor, the rows in view, and the fuzzy filter over the entries' text.
// Every list of the workbench is one, so the keys, the filter, paging and
// the wheel behave the same on every screen. Each longer query searches
// only the matches of its prefix, and backspace finds its answer in the
// history, so each keystroke stays fast with 10,000 entries.
type List struct {
	// Keys are the list's keys, for the screen's help.
	Keys ListKeys

	haystack []string // what the filter searches, one per entry
	matches  []int    // entries shown, in order
	cursor   int      // index into matches
	offset   int      // first visible row
	height   int      // rows in view

	query   Query
	history []filterStep
}

// filterStep is a query and its matches, kept while the query grows.
type filterStep struct {
	query   string
	matches []int
}

// ListKeys are a list's keys: navigation, and the filter's.
type ListKeys struct {
	Nav
	// Filter starts a fresh filter; Done keeps it and goes back to the
	// list; Clear drops it.
	Filter, Done, Clear key.Binding
}

// NewList returns an empty list of noun ("tool"), its filter showing
// placeholder while empty.
func NewList(noun, placeholder string) List {
	return List{Keys: ListKeys{Nav: NewNav(noun),
		Filter: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter "+noun+"s (fuzzy; word starts first)")),
		Done:   key.NewBinding(key.WithKeys("enter", "down"), key.WithHelp("enter/↓", "keep the filter, back to the list")),
		Clear:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear the filter")),
	}, query: NewQuery(placeholder), height: 1}
}

// Set replaces the entries, one searchable text each; the cursor goes to
// the first entry keep accepts, if any (the same URI after a
// list_changed).
func (l *List) Set(haystack []string, keep func(i int) bool) {
	l.haystack = haystack
	l.history = nil
	l.applyFilter()
	if keep == nil {
		return
	}
	for i, idx := range l.matches {
		if keep(idx) {
			l.cursor = i
			l.scrollToCursor()
			return
		}
	}
}

// Resize sets the rows in view and the filter line's width.
func (l *List) Resize(width, rows int) {
	l.height = max(1, rows)
	l.query.SetWidth(width)
	l.scrollToCursor()
}

// Selected is the entry under the cursor, or -1.
func (l *List) Selected() int {
	if l.cursor < 0 || l.cursor >= len(l.matches) {
		return -1
	}
	return l.matches[l.cursor]
}

// Select puts the cursor on entry, if it is shown.
func (l *List) Select(entry int) {
	for i, idx := range l.matches {
		if idx == entry {
			l.cursor = i
			l.scrollToCursor()
			return
		}
	}
}

// Count is the number of entries the filter shows.
func (l *List) Count() int { return len(l.matches) }

// Total is the number of entries.
func (l *List) Total() int { return len(l.haystack) }

// Window is the entries in view, in order, and the row of the cursor
// among them (-1 when it is not in view).
func (l *List) Window() (entries []int, cursorRow int) {
	end := min(len(l.matches), l.offset+l.height)
	if l.offset >= end {
		return nil, -1
	}
	cursorRow = l.cursor - l.offset
	if cursorRow < 0 || cursorRow >= end-l.offset {
		cursorRow = -1
	}
	return l.matches[l.offset:end], cursorRow
}

// Rows draws the entries in view, room rows at the most: draw turns an
// entry into its row, selected for the cursor's.
func (l *List) Rows(room int, draw func(entry int, selected bool) string) []string {
	shown, cursor := l.Window()
	rows := make([]string, 0, max(0, min(room, len(shown))))
	for i, entry := range shown {
		if len(rows) >= room {
			break
		}
		rows = append(rows, draw(entry, i == cursor))
	}
	return rows
}

// Move shifts the cursor by delta entries and keeps it in view.
func (l *List) Move(delta int) {
	l.cursor = max(0, min(len(l.matches)-1, l.cursor+delta))
	l.scrollToCursor()
}

func (l *List) scrollToCursor() {
	if l.cursor < l.offset {
		l.offset = max(0, l.cursor)
	}
	if l.cursor >= l.offset+l.height {
		l.offset = l.cursor - l.height + 1
	}
	l.offset = max(0, min(l.offset, len(l.matches)-l.height))
}

// Click puts the cursor on the row-th row in view (counted from the
// list's first row) and returns its entry; ok is false below the last
// entry.
func (l *List) Click(row int) (entry int, ok bool) {
	i := l.offset + row
	if row < 0 || i >= len(l.matches) {
		return -1, false
	}
	l.cursor = i
	return l.matches[i], true
}

// ClickAgain is Click that also says whether the row clicked holds the
// entry selected before: every list opens an entry clicked a second
// time, as enter does, and a first click only selects.
func (l *List) ClickAgain(row int) (entry int, ok, again bool) {
	before := l.Selected()
	entry, ok = l.Click(row)
	return entry, ok, ok && entry == before
}

// HeadRows is how many rows stand above the first entry of a list drawn
// under a one-line heading: the heading, and the filter line while it
// shows. Clicks are counted from there.
func (l *List) HeadRows() int {
	if l.ShowsFilter() {
		return 2
	}
	return 1
}

// Update takes a key or a wheel event meant for the list: navigation,
// the filter's start and end, and while filtering every key typed.
// handled is false for what the list does not use.
func (l *List) Update(msg tea.Msg) (handled bool, cmd tea.Cmd) {
	if l.query.Typing() {
		return true, l.filterKey(msg)
	}
	if k, ok := msg.(tea.KeyPressMsg); ok && key.Matches(k, l.Keys.Filter) {
		return true, l.StartFilter()
	}
	return l.Navigate(msg), nil
}

// Navigate moves the cursor for a navigation key or the wheel, a page
// being the rows in view, whether or not the filter is typed: a list
// whose filter always has the keys (the palette's) moves with the keys
// no text uses. It reports whether msg moved it.
func (l *List) Navigate(msg tea.Msg) bool {
	d, ok := l.Keys.Delta(msg, l.height, len(l.matches))
	if ok {
		l.Move(d)
	}
	return ok
}

// filterKey takes a message while the filter is typed; the wheel still
// moves the list.
func (l *List) filterKey(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(tea.MouseWheelMsg); ok {
		l.Navigate(msg)
		return nil
	}
	changed, cmd := l.query.Update(msg, l.Keys.Done, l.Keys.Clear)
	if changed {
		l.applyFilter()
	}
	return cmd
}

// StartFilter starts a fresh filter: typing after / never extends an old
// filter the person may no longer see. The entry under the cursor stays
// selected.
func (l *List) StartFilter() tea.Cmd {
	if l.query.Value() != "" {
		sel := l.Selected()
		l.query.SetValue("")
		l.applyFilter()
		if sel >= 0 {
			l.Select(sel)
		}
	}
	return l.query.Start()
}

// StopFilter ends typing, keeping the filter.
func (l *List) StopFilter() { l.query.Stop() }

// SetFilter types query as the filter, as if typed after /.
func (l *List) SetFilter(query string) {
	l.query.SetValue(query)
	l.applyFilter()
}

// Filtering reports whether the filter is being typed.
func (l *List) Filtering() bool { return l.query.Typing() }

// Query is the filter's text.
func (l *List) Query() string { return l.query.Value() }

// ShowsFilter reports whether the filter line is on screen: while typed,
// or while it filters.
func (l *List) ShowsFilter() bool { return l.query.Shows() }

// FilterLine draws the filter's input line.
func (l *List) FilterLine() string { return l.query.Line() }

// applyFilter recomputes the entries shown for the filter text.
func (l *List) applyFilter() {
	q := strings.TrimSpace(l.query.Value())
	l.cursor, l.offset = 0, 0
	if q == "" {
		l.history = l.history[:0]
		l.matches = make([]int, len(l.haystack))
		for i := range l.matches {
			l.matches[i] = i
		}
		return
	}
	for len(l.history) > 0 && !strings.HasPrefix(q, l.history[len(l.history)-1].query) {
		l.history = l.history[:len(l.history)-1]
	}
	if n := len(l.history); n > 0 && l.history[n-1].query == q {
		l.matches = l.history[n-1].matches
		return
	}
	var within []int
	if n := len(l.history); n > 0 {
		within = l.history[n-1].matches
	}
	l.matches = Rank(q, l.haystack, within)
	l.history = append(l.history, filterStep{query: q, matches: l.matches})
}
