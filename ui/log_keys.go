package ui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// logFilterHelp is the filter key's help: it is where the syntax is told.
const logFilterHelp = "filter the log afresh: words that all match; in/← or out/→ for a direction, " +
	"#4 for an id, any other word in method, tool or kind (frames), or source and text"

// logDetailKeys act on an opened entry of the log.
type logDetailKeys struct {
	Back, Up, Down, PageUp, PageDown, Home, End key.Binding
	// Pair opens the frame's request or response.
	Pair key.Binding
}

func newLogDetailKeys() logDetailKeys {
	return logDetailKeys{
		Back:     bind([]string{"esc", "q"}, "esc/q", "back to the log"),
		Up:       bind([]string{"up", "k"}, "↑/k", "scroll up"),
		Down:     bind([]string{"down", "j"}, "↓/j", "scroll down"),
		PageUp:   bind([]string{"pgup"}, "pgup", "page up"),
		PageDown: bind([]string{"pgdown", "space"}, "pgdown/space", "page down"),
		Home:     bind([]string{"home", "g"}, "home/g", "top"),
		End:      bind([]string{"end", "G"}, "end/G", "bottom"),
		Pair:     bind([]string{"p"}, "p", "open the frame's request or response instead"),
	}
}

// logKey takes a key on the log screen: the filter's typing, the opened
// entry's keys, or the list's.
func (m *Model) logKey(msg tea.KeyPressMsg) {
	l := &m.log
	switch {
	case l.editing:
		m.logFilterKey(msg)
	case l.detail.open:
		m.logDetailKey(msg)
	default:
		m.logListKey(msg)
	}
}

// logFilterKey edits the log's filter, which applies as it is typed.
func (m *Model) logFilterKey(msg tea.KeyPressMsg) {
	l, k := &m.log, m.keys.LogFilter
	switch {
	case key.Matches(msg, k.Done):
		l.editing = false
	case key.Matches(msg, k.Clear):
		l.editing = false
		l.setFilter("")
	case key.Matches(msg, k.Delete):
		if r := []rune(l.filter); len(r) > 0 {
			l.setFilter(string(r[:len(r)-1]))
		}
	case msg.Text != "" && msg.Mod&^tea.ModShift == 0:
		l.setFilter(l.filter + msg.Text)
	}
}

// logListKey moves through the log's entries and opens them.
func (m *Model) logListKey(msg tea.KeyPressMsg) {
	l, k, page := &m.log, m.keys.Log, max(1, m.bodyHeight()-2)
	switch {
	case key.Matches(msg, k.Back):
		m.showLog = false
	case key.Matches(msg, k.Filter):
		// A fresh filter each time: typing after / never extends an
		// old one the person no longer sees the point of.
		l.editing = true
		l.setFilter("")
	case key.Matches(msg, k.Up):
		l.move(-1)
	case key.Matches(msg, k.Down):
		l.move(1)
	case key.Matches(msg, k.PageUp):
		l.page(-page)
	case key.Matches(msg, k.PageDown):
		l.page(page)
	case key.Matches(msg, k.Home):
		l.move(-len(l.shown))
	case key.Matches(msg, k.End):
		l.move(len(l.shown))
	case key.Matches(msg, k.Open):
		if i := l.index(); i >= 0 {
			l.openDetail(l.shown[i])
		}
	case key.Matches(msg, k.Pair):
		if e := l.at(l.cursor); e != nil {
			l.reveal(e.pair)
		}
	case key.Matches(msg, k.Show):
		l.nextShow()
	}
}

// logDetailKey scrolls the opened entry, or leaves it.
func (m *Model) logDetailKey(msg tea.KeyPressMsg) {
	l, k, page := &m.log, m.keys.LogDetail, m.detailRows()
	d := &l.detail
	switch {
	case key.Matches(msg, k.Back):
		d.open = false
	case key.Matches(msg, k.Up):
		d.offset--
	case key.Matches(msg, k.Down):
		d.offset++
	case key.Matches(msg, k.PageUp):
		d.offset -= page
	case key.Matches(msg, k.PageDown):
		d.offset += page
	case key.Matches(msg, k.Home):
		d.offset = 0
	case key.Matches(msg, k.End):
		// The bottom depends on the rendering; layout clamps it there.
		d.offset = 1 << 30
	case key.Matches(msg, k.Pair):
		if e := l.at(d.seq); e != nil && l.reveal(e.pair) {
			l.openDetail(e.pair)
		}
	}
}

// logHints are the log screen's hints, from its key map.
func (m *Model) logHints() [][2]string {
	l := &m.log
	switch {
	case l.editing:
		f := m.keys.LogFilter
		return [][2]string{hint(f.Done, "keep"), hint(f.Clear, "clear"), hint(f.Delete, "delete")}
	case l.detail.open:
		d := m.keys.LogDetail
		hints := [][2]string{hintPair(d.Up, d.Down, "scroll"), hint(d.Back, "back")}
		if e := l.at(l.detail.seq); e != nil && l.at(e.pair) != nil {
			hints = append([][2]string{hint(d.Pair, pairWord(e))}, hints...)
		}
		return hints
	}
	lg := m.keys.Log
	hints := [][2]string{hintPair(lg.Up, lg.Down, "select"), hint(lg.Open, "open"), hint(lg.Filter, "filter"),
		hint(lg.Show, "frames/stderr"), hint(lg.Back, "back")}
	if e := l.at(l.cursor); e != nil && l.at(e.pair) != nil {
		hints = append(hints[:2], append([][2]string{hint(lg.Pair, pairWord(e))}, hints[2:]...)...)
	}
	return hints
}

// pairWord says where the pair key goes from e.
func pairWord(e *logEntry) string {
	if e.Frame != nil && e.Frame.Kind.IsResponse() {
		return "request"
	}
	return "response"
}
