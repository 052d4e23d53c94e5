package log

import "sort"

// The screen lists the seqs of the entries that pass its view and filter
// (shown, oldest first) through a widget.List whose entry i is shown[i].
// The log grows while it is read, so each change rebuilds the list and
// puts the cursor and the rows in view back where the person left them,
// or on the newest entry while the cursor follows it.

// sync brings shown up to date with the store: the entries added since
// appended, those the store let go dropped, or every row worked out again
// when an entry was hidden since (a notification's frame its event
// tells).
func (s *Screen) sync() {
	st := s.store
	if st.total == s.synced && st.hidden == s.hidden {
		return
	}
	top, cur := s.anchor()
	if st.hidden != s.hidden {
		s.refilter()
	} else {
		s.shown = s.shown[sort.SearchInts(s.shown, st.oldest()):]
		for seq := max(s.synced, st.oldest()); seq < st.total; seq++ {
			if s.show.passes(s.query, st.at(seq)) {
				s.shown = append(s.shown, seq)
			}
		}
	}
	s.synced, s.hidden = st.total, st.hidden
	s.relist(top, cur)
}

// refilter works out shown again after the view or the filter changed.
func (s *Screen) refilter() {
	st := s.store
	s.shown = s.shown[:0]
	for seq := st.oldest(); seq < st.total; seq++ {
		if s.show.passes(s.query, st.at(seq)) {
			s.shown = append(s.shown, seq)
		}
	}
	s.synced, s.hidden = st.total, st.hidden
}

// anchor is the seq of the top row in view and of the cursor's entry, -1
// for none: where relist puts them back.
func (s *Screen) anchor() (top, cur int) {
	top, cur = -1, -1
	if rows, _ := s.list.Window(); len(rows) > 0 && rows[0] < len(s.shown) {
		top = s.shown[rows[0]]
	}
	if i := s.list.Selected(); i >= 0 && i < len(s.shown) {
		cur = s.shown[i]
	}
	return top, cur
}

// index is the position in shown of seq, or of the first entry after it
// when it is not shown; -1 when nothing is.
func (s *Screen) index(seq int) int {
	if len(s.shown) == 0 {
		return -1
	}
	return min(sort.SearchInts(s.shown, seq), len(s.shown)-1)
}

// relist gives the list the rows of shown, the cursor on the entry of cur
// (or the one after it) and the entry of top at the top of the view, as
// far as they fit; while following, the cursor goes to the newest.
func (s *Screen) relist(top, cur int) {
	n := len(s.shown)
	if len(s.blank) < n {
		// The list searches these only for its own filter, which the log
		// does not use: its word filter picks shown.
		s.blank = make([]string, 2*n)
	}
	s.list.Set(s.blank[:n], nil)
	if n == 0 {
		return
	}
	if s.follow || cur < 0 {
		s.list.Move(n)
		return
	}
	ci, ti := s.index(cur), s.index(cur)
	if top >= 0 {
		ti = s.index(top)
	}
	if ti > ci || ci-ti >= s.rows {
		ti = max(0, ci-s.rows+1)
	}
	// The list keeps the cursor in view by the least scroll: moving it to
	// the bottom row of the wanted view, then up to its entry, leaves
	// that view.
	s.list.Move(ti + s.rows - 1)
	s.list.Move(ci - s.list.Selected())
}

// moved notes where the cursor went: at the newest entry it follows those
// that arrive.
func (s *Screen) moved() {
	s.follow = s.list.Count() > 0 && s.list.Selected() == s.list.Count()-1
}

// selected is the entry under the cursor, or nil.
func (s *Screen) selected() (int, *entry) {
	i := s.list.Selected()
	if i < 0 || i >= len(s.shown) {
		return -1, nil
	}
	return s.shown[i], s.store.at(s.shown[i])
}

// setFilter filters the log by text, keeping the cursor on its entry when
// that still passes.
func (s *Screen) setFilter(text string) {
	top, cur := s.anchor()
	s.filter, s.query = text, parseQuery(text)
	s.refilter()
	s.relist(top, cur)
}

// nextShow steps to the next view of the log.
func (s *Screen) nextShow() {
	top, cur := s.anchor()
	s.show = (s.show + 1) % showCount
	s.refilter()
	s.relist(top, cur)
}

// reveal selects the entry of seq, showing every entry again when the
// view or the filter hides it; it reports whether the entry is still kept.
func (s *Screen) reveal(seq int) bool {
	e := s.store.at(seq)
	if e == nil {
		return false
	}
	top, _ := s.anchor()
	if !s.show.passes(s.query, e) {
		s.show, s.filter, s.query = showAll, "", query{}
		s.refilter()
	}
	s.follow = false
	s.relist(top, seq)
	s.moved()
	return true
}
