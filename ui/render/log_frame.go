package render

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/ui/theme"
)

// FrameKind says what a JSON-RPC frame is.
type FrameKind int

// The kinds of frame a log row names.
const (
	// FrameUnknown is a frame that is not a JSON-RPC object toolbench
	// could read (a batch, garbage, a frame cut before its members).
	FrameUnknown FrameKind = iota
	// FrameRequest has a method and an id.
	FrameRequest
	// FrameNotification has a method and no id.
	FrameNotification
	// FrameResult is a response with a result.
	FrameResult
	// FrameToolError is a result with isError set: the tool failed, the
	// protocol did not.
	FrameToolError
	// FrameInput is a 2026-07-28 result of resultType input_required: the
	// server asks before it answers, and a new round follows.
	FrameInput
	// FrameError is a response with a JSON-RPC error.
	FrameError
)

// kindWords name the kinds in the log's kind column.
var kindWords = [...]string{
	FrameUnknown: "?", FrameRequest: "req", FrameNotification: "note", FrameResult: "ok",
	FrameToolError: "isError", FrameInput: "input", FrameError: "error",
}

// String is the kind's word in the log, "req", "ok", "error".
func (k FrameKind) String() string { return kindWords[k] }

// IsResponse reports whether a frame of kind k answers a request.
func (k FrameKind) IsResponse() bool { return k >= FrameResult }

// FrameDir says which way a frame went, from toolbench's point of view.
type FrameDir int

// The two ways a frame goes.
const (
	// FrameSent went from toolbench to the server.
	FrameSent FrameDir = iota
	// FrameReceived came from the server.
	FrameReceived
)

// String is the direction's arrow in the log: "→" sent, "←" received.
func (d FrameDir) String() string {
	if d == FrameSent {
		return "→"
	}
	return "←"
}

// FrameRow is what a log row says about one JSON-RPC frame: never the
// frame's bytes, whose leading _meta would fill the row.
type FrameRow struct {
	Dir  FrameDir
	Kind FrameKind
	// Method is the request's or notification's method; for a response,
	// its request's, when the log holds it. Name is what the request acts
	// on: a tools/call's tool, a prompts/get's prompt, a resource's URI (a
	// response's, by its request). Both come from the server.
	Method, Name string
	// ID is the JSON-RPC id as written ("4", `"a-1"`), empty for none.
	ID string
	// Size is the frame's full length in bytes.
	Size int
	// Paired is set once the request and its response are both in the
	// log; Latency is then the time from one to the other.
	Paired  bool
	Latency time.Duration
	// Code and Message are a JSON-RPC error's, from the server.
	Code    int
	Message string
	// Group is the call the frame belongs to (the client's frame group), 0
	// for none.
	Group int64
}

// The fixed columns of a frame's row.
const (
	kindWidth    = 7  // "isError"
	idWidth      = 5  // "#1234"; longer ids push the row right
	maxIDWidth   = 16 // a UUID string id is cut here
	sizeWidth    = 10 // "1023 bytes"
	latencyWidth = 7  // "1234 ms"
)

// FrameLine is the row of frame r seen at at: time, direction, kind, id,
// method and tool, what went wrong, then size and latency at the right,
// cut to width (width <= 0: uncut). A request still waiting shows "…" as
// its latency. Method, tool and message are escaped.
func FrameLine(st *theme.Styles, at time.Time, r FrameRow, width int) string {
	return newLogSpans(st).frameLine(at, r, width)
}

// frameLine is FrameLine with the spans made.
func (ls *logSpans) frameLine(at time.Time, r FrameRow, width int) string {
	var b strings.Builder
	b.WriteString(ls.muted.render(at.Format("15:04:05.000")))
	b.WriteString(" " + ls.accent.render(r.Dir.String()) + " ")
	b.WriteString(ls.kind(r.Kind).render(padRight(r.Kind.String(), kindWidth)))
	id := padRight(frameID(r.ID, maxIDWidth), idWidth)
	b.WriteString(" " + ls.muted.render(id) + " ")
	used := 12 + 3 + kindWidth + 2 + ansi.StringWidth(id)
	tail := frameTail(r)
	room := -1
	if width > 0 {
		room = width - used - ansi.StringWidth(tail)
		if room < 4 {
			return ansi.Truncate(b.String()+frameWhatText(ls, r), width, "…")
		}
	}
	what, w := ls.frameWhat(r, max(room, 0))
	b.WriteString(what)
	if room > 0 {
		b.WriteString(strings.Repeat(" ", max(0, room-w)))
	}
	b.WriteString(ls.muted.render(tail))
	return b.String()
}

// frameWhat is the row's middle: method, name, and an error's code and
// message, cut to room cells (0: uncut), and its width.
func (ls *logSpans) frameWhat(r FrameRow, room int) (string, int) {
	var parts []logPiece
	if r.Method != "" {
		parts = append(parts, logPiece{r.Method, &ls.text})
	}
	if r.Name != "" {
		parts = append(parts, logPiece{r.Name, &ls.accent})
	}
	if r.Kind == FrameError {
		parts = append(parts, logPiece{"· " + strconv.Itoa(r.Code) + " " + r.Message, &ls.err})
	}
	if r.Kind == FrameUnknown {
		parts = append(parts, logPiece{"not a JSON-RPC message toolbench can read", &ls.warn})
	}
	var b strings.Builder
	used := 0
	for i, p := range parts {
		sep := min(i, 1)
		left := 0
		if room > 0 {
			left = room - used - sep
			if left <= 0 {
				break
			}
		}
		if sep > 0 {
			b.WriteByte(' ')
			used++
		}
		text := safeLine(p.text, left)
		used += ansi.StringWidth(text)
		b.WriteString(p.sp.render(text))
	}
	return b.String(), used
}

// frameWhatText is the row's middle uncut.
func frameWhatText(ls *logSpans, r FrameRow) string {
	s, _ := ls.frameWhat(r, 0)
	return s
}

// logPiece is a piece of a row in a span.
type logPiece struct {
	text string
	sp   *span
}

// frameTail is the right-hand columns: size, then latency.
func frameTail(r FrameRow) string {
	lat := ""
	switch {
	case r.Paired:
		lat = Latency(r.Latency)
	case r.Kind == FrameRequest:
		lat = "…"
	}
	return " " + padLeft(humanBytes(r.Size), sizeWidth) + " " + padLeft(lat, latencyWidth)
}

// frameID is an id as the id column shows it: "#4", cut to width.
func frameID(id string, width int) string {
	if id == "" {
		return ""
	}
	return safeLine("#"+id, width)
}

// Latency is a request's time to its response, as a person reads it:
// "<1 ms", "17 ms", "1.25 s".
func Latency(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return "<1 ms"
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// kind is the span of a frame's kind.
func (ls *logSpans) kind(k FrameKind) *span {
	switch k {
	case FrameError, FrameToolError:
		return &ls.err
	case FrameResult:
		return &ls.ok
	case FrameUnknown, FrameInput:
		return &ls.warn
	case FrameNotification:
		return &ls.muted
	}
	return &ls.text
}

// padLeft pads s with spaces on the left to n cells.
func padLeft(s string, n int) string {
	if w := ansi.StringWidth(s); w < n {
		return strings.Repeat(" ", n-w) + s
	}
	return s
}
