package render

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// LogView is the part of the log a screen shows.
type LogView struct {
	// Summary counts the entries ("120 entries").
	Summary string
	// Show names which entries the screen shows ("frames", "stderr"),
	// empty for all of them.
	Show string
	// Filter is the text entries are filtered by; Editing is set while it
	// is typed.
	Filter  string
	Editing bool
	// Matches counts the entries that pass Show and Filter.
	Matches int
	// Rows are the entries on screen, oldest first; Cursor is the index
	// of the selected one in Rows, -1 for none.
	Rows   []LogEntry
	Cursor int
}

// LogScreen is the log screen: a header, then the rows the view holds,
// the selected one marked. The caller picks the rows (height-1 at most),
// so drawing costs a screenful however long the log is.
func LogScreen(st *theme.Styles, v LogView, width, height int) []string {
	head := st.Heading.Render("Log") + st.Muted.Render(" · "+v.Summary)
	if v.Show != "" {
		head += st.Accent.Render(" · " + v.Show + " only")
	}
	if v.Editing || v.Filter != "" {
		head += st.Accent.Render(" · filter: " + termsafe.Line(v.Filter))
		if v.Editing {
			head += "▏"
		}
		head += st.Muted.Render(" · " + plural.Count(v.Matches, "match"))
		if v.Editing {
			head += st.Muted.Render(" · in out #id method tool")
		}
	}
	lines := []string{Clip(head, width)}
	rows := v.Rows[:min(len(v.Rows), max(0, height-1))]
	ls := newLogSpans(st)
	for i, e := range rows {
		if i == v.Cursor {
			lines = append(lines, LogRow(st, e, width, true))
		} else {
			lines = append(lines, Clip("  "+ls.line(e, max(1, width-2)), width))
		}
	}
	if len(v.Rows) == 0 && (v.Filter != "" || v.Show != "") {
		lines = append(lines, st.Muted.Render(Clip("nothing matches", width)))
	}
	return lines
}

// plainStyles draws a selected row's text, which st.Selected alone styles.
var plainStyles = sync.OnceValue(theme.Plain)

// LogRow is an entry's row with the cursor's mark: "› " when selected,
// the row then drawn in st.Selected alone so it stands out without colour
// too.
func LogRow(st *theme.Styles, e LogEntry, width int, selected bool) string {
	inner := width
	if width > 0 {
		inner = max(1, width-2)
	}
	if !selected {
		return Clip("  "+LogLine(st, e, inner), width)
	}
	return st.Selected.Render(padRight(Clip("› "+LogLine(plainStyles(), e, inner), width), width))
}

// FrameDetail is one entry opened on the log screen: a frame, or a line
// of another source.
type FrameDetail struct {
	Entry LogEntry
	// PairAt is when a frame's request or response was seen, zero for
	// none in the log.
	PairAt time.Time
	// Note says what of the frame is not shown (cut to bound memory),
	// empty when all of it is.
	Note string
	// Lines are the entry rendered, nil while they are; Offset is the
	// first one shown.
	Lines  []string
	Offset int
}

// FrameDetailHead is the detail's heading: what the entry is, its time,
// and for a frame its size, its call, its pair and any note.
func FrameDetailHead(st *theme.Styles, d FrameDetail, width int) []string {
	e := d.Entry
	if e.Frame == nil {
		title := e.Source
		if e.Level != "" {
			title += " " + e.Level
		}
		return []string{Clip(st.Heading.Render(safeLine(title, 0))+st.Muted.Render(" · "+e.At.Format("15:04:05.000")), width)}
	}
	r := *e.Frame
	title := "Frame " + r.Dir.String() + " " + r.Kind.String()
	if r.ID != "" {
		title += " #" + r.ID
	}
	for _, s := range []string{r.Method, r.Name} {
		if s != "" {
			title += " " + s
		}
	}
	lines := []string{Clip(st.Heading.Render(safeLine(title, 0)), width),
		Clip(st.Muted.Render(strings.Join(frameFacts(d), " · ")), width)}
	if r.Kind == FrameError {
		lines = append(lines, Clip(st.Error.Render(safeLine(fmt.Sprintf("error %d: %s", r.Code, r.Message), 0)), width))
	}
	if d.Note != "" {
		lines = append(lines, Clip(st.Warn.Render(d.Note), width))
	}
	return lines
}

// frameFacts are the detail's second line: time, size, call and pair.
func frameFacts(d FrameDetail) []string {
	r := *d.Entry.Frame
	facts := []string{d.Entry.At.Format("15:04:05.000"), humanBytes(r.Size)}
	if r.Group != 0 {
		facts = append(facts, fmt.Sprintf("[call %d]", r.Group))
	}
	switch {
	case r.Paired && r.Kind == FrameRequest:
		facts = append(facts, "answered in "+Latency(r.Latency)+" at "+d.PairAt.Format("15:04:05.000"))
	case r.Paired:
		facts = append(facts, "answers the request of "+d.PairAt.Format("15:04:05.000")+" after "+Latency(r.Latency))
	case r.Kind == FrameRequest:
		facts = append(facts, "no response yet")
	}
	return facts
}

// FrameDetailScreen is the opened frame: its heading, then its
// pretty-printed lines from the offset on, height rows in all.
func FrameDetailScreen(st *theme.Styles, d FrameDetail, width, height int) []string {
	lines := FrameDetailHead(st, d, width)
	if d.Lines == nil {
		return append(lines, st.Muted.Render("rendering…"))
	}
	room := max(0, height-len(lines))
	off := Scroll(d.Offset, len(d.Lines), room)
	for _, l := range d.Lines[off:min(len(d.Lines), off+room)] {
		lines = append(lines, Clip(l, width))
	}
	return lines
}
