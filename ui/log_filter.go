package ui

import (
	"strings"

	"github.com/toolbench/toolbench/client"
)

// logShow picks which sources the log screen shows.
type logShow int

// The log's views, in the order the show key steps through them.
const (
	showAll logShow = iota
	showFrames
	showStderr
	showCount
)

// String names the view in the log's heading; all of it has no name.
func (s logShow) String() string {
	return [...]string{"", "frames", "stderr"}[s]
}

// logQuery is the log filter's words. The syntax, as the help says it:
// words separated by spaces, each of which must match; "in" or "←" keeps
// frames from the server, "out" or "→" frames to it; "#4" the frames of id
// 4; any other word is looked for in a frame's method, tool, kind and
// call mark, or in another entry's source, level and text. Case does not
// matter.
type logQuery struct {
	// dir is a direction word's direction, when hasDir is set.
	dir    client.Direction
	hasDir bool
	// id is a "#N" word's id, without the "#".
	id    string
	words []string
}

// parseLogQuery reads the filter's text.
func parseLogQuery(text string) logQuery {
	var q logQuery
	for _, w := range strings.Fields(strings.ToLower(text)) {
		switch {
		case w == "in" || w == "←" || w == "<-":
			q.dir, q.hasDir = client.Received, true
		case w == "out" || w == "→" || w == "->":
			q.dir, q.hasDir = client.Sent, true
		case len(w) > 1 && w[0] == '#':
			q.id = w[1:]
		default:
			q.words = append(q.words, w)
		}
	}
	return q
}

// matches reports whether e passes the query.
func (q logQuery) matches(e *logEntry) bool {
	f := e.Frame
	if q.hasDir && (f == nil || f.Dir != q.dir) {
		return false
	}
	if q.id != "" && (f == nil || strings.ToLower(f.ID) != q.id) {
		return false
	}
	for _, w := range q.words {
		if !strings.Contains(e.hay, w) {
			return false
		}
	}
	return true
}

// passes reports whether e is on screen under the view and the filter.
func (l *logView) passes(e *logEntry) bool {
	switch l.show {
	case showFrames:
		if e.Frame == nil {
			return false
		}
	case showStderr:
		if e.Source != "stderr" && e.Source != "noise" {
			return false
		}
	}
	return l.query.matches(e)
}

// setFilter filters the log by text and keeps the cursor on its entry
// when that still passes.
func (l *logView) setFilter(text string) {
	l.filter, l.query = text, parseLogQuery(text)
	l.refilter()
}

// nextShow steps to the next view of the log.
func (l *logView) nextShow() {
	l.show = (l.show + 1) % showCount
	l.refilter()
}

// refilter works out shown again after the view or the filter changed.
func (l *logView) refilter() {
	l.shown = l.shown[:0]
	for seq := l.oldest(); seq < l.total; seq++ {
		if l.passes(l.at(seq)) {
			l.shown = append(l.shown, seq)
		}
	}
	if l.follow {
		l.cursor = -1
		if n := len(l.shown); n > 0 {
			l.cursor = l.shown[n-1]
		}
	}
}
