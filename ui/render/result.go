package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/theme"
)

// ResultView is a tools/call result as Result draws it.
type ResultView struct {
	Content []Block
	// StructuredContent is nil when the result has none.
	StructuredContent json.RawMessage
	// IsError is the result's isError: the tool reported a failure.
	IsError bool
}

// Result renders a tools/call result as rows no wider than width (width <=
// 0: unwrapped): an isError banner when the tool reported an error; each
// content block under a "content[i] TYPE" heading; structuredContent,
// highlighted; and the outputSchema verdict (CallHead says what was sent
// and how long the call took). A block's annotations sit under its
// heading. Text that is a JSON object or array is highlighted like
// structuredContent. All server text is escaped with termsafe before it is
// styled.
//
// Nothing is elided: a 20 MB text block becomes every one of its rows, cut
// from the escaped text without copying where possible, so the caller should
// keep the slice and draw only the rows in view. Rendering that much takes
// a few hundred milliseconds, so run Result off the UI goroutine (it shares
// no state, so that is safe).
func Result(st *theme.Styles, r *ResultView, v check.OutputVerdict, width int) []string {
	if r == nil {
		return muted(st, "(no result)", width)
	}
	var lines []string
	if r.IsError {
		lines = append(lines, errorBanner(st, width)...)
	}
	if len(r.Content) == 0 {
		lines = append(lines, muted(st, "(no content blocks)", width)...)
	}
	for i, c := range r.Content {
		title := fmt.Sprintf("content[%d] %s", i, termsafe.Line(c.Type))
		lines = append(lines, heading(title, width, st.Heading, st.Border))
		lines = append(lines, annotationLines(st, c, width)...)
		lines = append(lines, resultBlock(st, c, width)...)
	}
	if r.StructuredContent != nil {
		lines = append(lines, heading("structuredContent", width, st.Heading, st.Border))
		lines = append(lines, JSON(st, r.StructuredContent, width)...)
	}
	lines = append(lines, verdict(st, v, width)...)
	for _, n := range v.Notes {
		lines = append(lines, muted(st, "note: "+n, width)...)
	}
	return lines
}

// argsRows is the most rows the arguments take above a result: they are
// what the person typed, so a glance is enough, and the result stays in
// view.
const argsRows = 4

// CallHead is what a result answers: a heading with how long the call
// took, then the arguments that were sent as compact JSON, cut after
// argsRows rows with a note of their whole size. Without arguments (a
// task's result fetched later does not know them) it is the heading alone.
// Its work is bounded by width, not by the size of the arguments.
func CallHead(st *theme.Styles, args []byte, d time.Duration, width int) []string {
	if args == nil {
		return []string{heading(took(d), width, st.Heading, st.Border)}
	}
	lines := []string{heading("arguments sent · "+took(d), width, st.Heading, st.Border)}
	var compact bytes.Buffer
	if err := json.Compact(&compact, args); err != nil || compact.Len() == 0 {
		compact.Reset()
		compact.Write(args)
	}
	text, cut := compact.String(), false
	if limit := argsRows * 4 * (width + 1); width > 0 && len(text) > limit {
		// argsRows rows of width cells come from no more than this many
		// bytes, so wrapping the rest would be work thrown away: the
		// Result tab draws this on every frame for a failed call.
		text, cut = text[:limit], true
	}
	// Defaults and examples in the arguments came from the server.
	rows := Wrap(termsafe.Line(text), width)
	if len(rows) <= argsRows && !cut {
		return append(lines, rows...)
	}
	lines = append(lines, rows[:min(len(rows), argsRows-1)]...)
	note := fmt.Sprintf("… %s of arguments in all; the Form tab holds them", humanBytes(len(args)))
	return append(lines, muted(st, note, width)...)
}

// errorBanner spans the full width so an error result cannot be mistaken
// for a success at a glance, colour or not.
func errorBanner(st *theme.Styles, width int) []string {
	const text = "✗ the tool reported an error (isError: true)"
	s := st.ErrorBanner
	switch {
	case width > 0 && width < 8:
		// Too narrow for the banner's padding; lipgloss would overflow.
		return paint(newSpan(st.Error), Wrap(text, width))
	case width > 0:
		s = s.Width(width)
	}
	return strings.Split(s.Render(text), "\n")
}

// verdict is the outputSchema judgement: skipped, passed, or each violation.
func verdict(st *theme.Styles, v check.OutputVerdict, width int) []string {
	switch {
	case !v.Checked:
		text := "outputSchema not checked"
		if v.Skipped != "" {
			text += ": " + v.Skipped
		}
		return muted(st, text, width)
	case v.Valid:
		return paint(newSpan(st.OK), Wrap("✓ structuredContent matches the outputSchema", width))
	case len(v.Errors) == 0:
		return paint(newSpan(st.Error), Wrap("✗ structuredContent does not match the outputSchema", width))
	}
	n := len(v.Errors)
	head := fmt.Sprintf("✗ %s of the outputSchema", plural.Count(n, "violation"))
	lines := paint(newSpan(st.Error), Wrap(head, width))
	for _, e := range v.Errors {
		lines = append(lines, violation(st, e, width)...)
	}
	return lines
}

// violation is one row (more if it wraps): instance path, message, and the
// schema path muted, at the end of the row when it fits there.
func violation(st *theme.Styles, e schemaform.Violation, width int) []string {
	path := e.InstancePath
	if path == "" {
		path = "(root)"
	}
	// Paths name the server's properties and messages quote its values.
	rows := hang("  ", 4, termsafe.Line(path)+": "+termsafe.Line(e.Message), width)
	if e.SchemaPath == "" {
		return rows
	}
	schema := termsafe.Line(e.SchemaPath)
	last := rows[len(rows)-1]
	if width <= 0 || ansi.StringWidth(last)+2+ansi.StringWidth(schema) <= width {
		rows[len(rows)-1] = last + "  " + st.Muted.Render(schema)
		return rows
	}
	return append(rows, paint(newSpan(st.Muted), hang("    ", 4, schema, width))...)
}

// took is the call's duration: milliseconds under a second, then seconds.
func took(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return "took <1 ms"
	case d < time.Second:
		return fmt.Sprintf("took %d ms", d.Milliseconds())
	default:
		return fmt.Sprintf("took %.2f s", d.Seconds())
	}
}
