package log

import (
	"strings"

	"github.com/toolbench/toolbench/ui/render"
)

// show picks which sources the log screen shows.
type show int

// The log's views, in the order the show key steps through them.
const (
	showAll show = iota
	showFrames
	showStderr
	showCount
)

// String names the view in the log's heading; all of it has no name.
func (s show) String() string {
	return [...]string{"", "frames", "stderr"}[s]
}

// query is the log filter's words. The syntax, as the help says it:
// words separated by spaces, each of which must match; "in" or "←" keeps
// frames from the server, "out" or "→" frames to it; "#4" the frames of id
// 4; any other word is looked for in a frame's method, tool, kind and
// call mark, or in another entry's source, level and text. Case does not
// matter. It is not the fuzzy filter of the other lists: a log is
// searched for exact facts (an id, a direction), not for a name half
// remembered.
type query struct {
	// dir is a direction word's direction, when hasDir is set.
	dir    render.FrameDir
	hasDir bool
	// id is a "#N" word's id, without the "#".
	id    string
	words []string
}

// parseQuery reads the filter's text.
func parseQuery(text string) query {
	var q query
	for _, w := range strings.Fields(strings.ToLower(text)) {
		switch {
		case w == "in" || w == "←" || w == "<-":
			q.dir, q.hasDir = render.FrameReceived, true
		case w == "out" || w == "→" || w == "->":
			q.dir, q.hasDir = render.FrameSent, true
		case len(w) > 1 && w[0] == '#':
			q.id = w[1:]
		default:
			q.words = append(q.words, w)
		}
	}
	return q
}

// matches reports whether e passes the query. An event's entry that
// tells a notification's frame has that frame's direction.
func (q query) matches(e *entry) bool {
	f := e.Frame
	if f == nil {
		f = e.via
	}
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

// passes reports whether e is on screen under the view and the query.
func (s show) passes(q query, e *entry) bool {
	switch s {
	case showAll:
		if e.told {
			return false
		}
	case showFrames:
		if e.Frame == nil {
			return false
		}
	case showStderr:
		if e.Source != "stderr" && e.Source != "noise" {
			return false
		}
	}
	return q.matches(e)
}
