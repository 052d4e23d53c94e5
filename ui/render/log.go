package render

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// LogEntry is one row of the log screen.
type LogEntry struct {
	// At is when toolbench saw it, shown in its own location (events are
	// stamped with local time).
	At time.Time
	// Source is where it came from: "stderr", "log", "frame →", "frame ←",
	// "noise" or "toolbench".
	Source string
	// Level is a notifications/message level ("debug" … "emergency"), or
	// empty for sources without levels.
	Level string
	// Text is the entry as received, unescaped; empty for a frame.
	Text string
	// Frame is what a frame's row says, nil for the other sources.
	Frame *FrameRow
}

// sourceWidth is the widest source, "toolbench", so text lines up.
const sourceWidth = 9

// LogLine renders an entry as one row, "15:04:05.000 SOURCE LEVEL text",
// cut to width with "…" (width <= 0: uncut). The level is coloured by
// severity: error, critical, alert and emergency in st.Error, warning in
// st.Warn, debug muted. Noise (non-JSON on a stdio server's stdout) is
// st.Warn, since it corrupts the protocol stream. Level and text come from
// the server and are escaped with termsafe.Line.
//
// A frame's row is its summary (FrameLine), never its bytes.
func LogLine(st *theme.Styles, e LogEntry, width int) string {
	return newLogSpans(st).line(e, width)
}

// logSpans are the log's styles reduced to spans once per screen: a row
// through lipgloss's Render costs a tenth of a millisecond, a screenful
// of them more than a frame.
type logSpans struct {
	muted, subtle, warn, accent, text, ok, err span
}

func newLogSpans(st *theme.Styles) *logSpans {
	return &logSpans{muted: newSpan(st.Muted), subtle: newSpan(st.Subtle), warn: newSpan(st.Warn), accent: newSpan(st.Accent),
		text: newSpan(st.Text), ok: newSpan(st.OK), err: newSpan(st.Error)}
}

// line is LogLine with the spans made.
func (ls *logSpans) line(e LogEntry, width int) string {
	if e.Frame != nil {
		return ls.frameLine(e.At, *e.Frame, width)
	}
	var b strings.Builder
	b.WriteString(ls.muted.render(e.At.Format("15:04:05.000")))
	b.WriteByte(' ')
	src := &ls.subtle
	if e.Source == "noise" {
		src = &ls.warn
	}
	source := padRight(termsafe.Line(e.Source), sourceWidth)
	b.WriteString(src.render(source))
	b.WriteByte(' ')
	used := 12 + 1 + ansi.StringWidth(source) + 1
	if e.Level != "" {
		level := safeLine(e.Level, 12)
		b.WriteString(ls.level(e.Level).render(level))
		b.WriteByte(' ')
		used += ansi.StringWidth(level) + 1
	}
	room := 0
	if width > 0 {
		room = width - used
		if room <= 0 {
			return ansi.Truncate(b.String(), width, "…")
		}
	}
	b.WriteString(safeLine(e.Text, room))
	return b.String()
}

// level is the span of a notifications/message level.
func (ls *logSpans) level(level string) *span {
	switch strings.ToLower(level) {
	case "error", "critical", "alert", "emergency":
		return &ls.err
	case "warning", "warn":
		return &ls.warn
	case "debug":
		return &ls.muted
	}
	return &ls.text
}

// FrameText is a frame's bytes as one escaped row. A frame the client cut
// short (size, its full length, over len(data)) ends in "… (N bytes)"; a
// rune split by that cut is dropped rather than shown as stray bytes.
func FrameText(data []byte, size int) string {
	if size <= len(data) {
		return termsafe.Line(string(data))
	}
	return fmt.Sprintf("%s … (%d bytes)", termsafe.Line(validPrefix(string(data))), size)
}
