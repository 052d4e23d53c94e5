package ui

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/sahilm/fuzzy"
)

// pickList is a fuzzy-filtered list of entries the caller keeps: the
// tools, the resources screen's resources and templates, the prompts
// screen's prompts. Each longer query searches only the matches of its
// prefix, and backspace finds its answer in the history, so each
// keystroke stays fast with 10,000 entries.
type pickList struct {
	haystack []string // what the filter searches, one per entry
	matches  []int    // entries shown, in order
	cursor   int      // index into matches
	offset   int      // first visible row

	filter    textinput.Model
	filtering bool
	history   []filterStep
}

func newPickList(placeholder string) pickList {
	ti := textinput.New()
	ti.Prompt = "/"
	ti.Placeholder = placeholder
	return pickList{filter: ti}
}

// set replaces the entries; the cursor goes to the entry keep finds, if
// any (the same URI after a list_changed).
func (l *pickList) set(haystack []string, keep func(i int) bool) {
	l.haystack = haystack
	l.history = nil
	l.applyFilter()
	if keep == nil {
		return
	}
	for i, idx := range l.matches {
		if keep(idx) {
			l.cursor = i
			return
		}
	}
}

// applyFilter recomputes the visible entries for the filter text.
func (l *pickList) applyFilter() {
	q := strings.TrimSpace(l.filter.Value())
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
	l.matches = l.search(q, within)
	l.history = append(l.history, filterStep{query: q, matches: l.matches})
}

// selected is the entry under the cursor, or -1.
func (l *pickList) selected() int {
	if l.cursor < 0 || l.cursor >= len(l.matches) {
		return -1
	}
	return l.matches[l.cursor]
}

// move shifts the cursor and keeps it in view of height rows.
func (l *pickList) move(delta, height int) {
	l.cursor = max(0, min(len(l.matches)-1, l.cursor+delta))
	if l.cursor < l.offset {
		l.offset = l.cursor
	}
	if height > 0 && l.cursor >= l.offset+height {
		l.offset = l.cursor - height + 1
	}
}

// updateFilter feeds a message to the filter input.
func (l *pickList) updateFilter(msg tea.Msg) tea.Cmd {
	before := l.filter.Value()
	var cmd tea.Cmd
	l.filter, cmd = l.filter.Update(msg)
	if l.filter.Value() != before {
		l.applyFilter()
	}
	return cmd
}

// startFilter starts a fresh filter: typing after / never extends an old
// filter the person may no longer see. The entry under the cursor stays
// selected.
func (l *pickList) startFilter() tea.Cmd {
	if l.filter.Value() != "" {
		sel := l.selected()
		l.filter.SetValue("")
		l.applyFilter()
		if sel >= 0 {
			l.cursor = sel // with no filter, matches[i] == i
		}
	}
	l.filtering = true
	return l.filter.Focus()
}

// showsFilter reports whether the filter line is on screen.
func (l *pickList) showsFilter() bool { return l.filtering || l.filter.Value() != "" }

// search fuzzy-matches q against the entries in within (nil: all).
func (l *pickList) search(q string, within []int) []int {
	src := subset{haystack: l.haystack, idx: within}
	found := fuzzy.FindFrom(q, src)
	out := make([]int, len(found))
	for i, m := range found {
		out[i] = src.index(m.Index)
	}
	return out
}

// subset is a fuzzy.Source over some of the entries.
type subset struct {
	haystack []string
	idx      []int
}

func (s subset) index(i int) int {
	if s.idx == nil {
		return i
	}
	return s.idx[i]
}

func (s subset) String(i int) string { return s.haystack[s.index(i)] }

func (s subset) Len() int {
	if s.idx == nil {
		return len(s.haystack)
	}
	return len(s.idx)
}
