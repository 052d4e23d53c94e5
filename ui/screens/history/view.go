package history

import (
	"fmt"
	"strings"
	"time"

	callhistory "github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// detailCap bounds how much of a recorded result the detail renders: it
// is drawn on the UI goroutine when the cursor moves.
const detailCap = 256 << 10

// View draws the heading, the filter while it shows, the calls in view,
// a rule, and the selected call's detail as scrolled.
func (s *Screen) View(width, height int) []string {
	st := s.st
	head := st.Heading.Render("History")
	if s.loaded {
		head += st.Muted.Render(" " + plural.Count(len(s.records), "call"))
	}
	if n := s.list.Count(); n != len(s.records) {
		head += st.Muted.Render(" · " + plural.Count(n, "match"))
	}
	if s.loading {
		head += st.Muted.Render(" · loading…")
	}
	lines := []string{render.Clip(head, width)}
	if s.list.ShowsFilter() {
		lines = append(lines, render.Clip(s.list.FilterLine(), width))
	}
	switch {
	case s.loading && !s.loaded:
		return append(lines, st.Muted.Render("loading…"))
	case s.err != nil:
		return append(lines, st.Error.Render(render.Clip("reading the history failed: "+termsafe.Line(s.err.Error()), width)))
	case len(s.records) == 0:
		return append(lines, st.Muted.Render(render.Clip("no calls of this server are recorded yet: each call you make is", width)))
	case s.list.Count() == 0:
		return append(lines, st.Muted.Render(render.Clip("no recorded call's tool matches the filter", width)))
	}
	entries, cursor := s.list.Window()
	now := s.now()
	for i, idx := range entries {
		lines = append(lines, row(st, &s.records[idx], now, i == cursor, width))
	}
	lines = render.Fit(lines, s.list.HeadRows()+s.listRows())
	lines = append(lines, st.Border.Render(strings.Repeat("─", max(1, width))))
	from, to := s.detail.Window()
	detail := s.lines[min(from, len(s.lines)):min(to, len(s.lines))]
	return append(lines, render.Fit(detail, max(0, min(len(detail), height-len(lines))))...)
}

// row is one call: time, tool, outcome, duration, arguments cut to fit.
func row(st *theme.Styles, r *callhistory.Record, now time.Time, selected bool, width int) string {
	outcome, style := r.Outcome(), st.OK
	if outcome != callhistory.OutcomeOK {
		style = st.Error
	}
	dur := r.Duration().Round(time.Millisecond).String()
	mark := "  "
	if selected {
		mark = "› "
	}
	left := fmt.Sprintf("%s%-12s %-24s ", mark, recordTime(r.Time, now), render.Clip(termsafe.Line(r.Tool), 24))
	args := termsafe.Line(string(r.Arguments))
	room := max(0, width-len([]rune(left))-9-10-2)
	line := left + style.Render(fmt.Sprintf("%-8s", outcome)) + " " + st.Muted.Render(fmt.Sprintf("%9s", dur)) + "  " +
		render.Clip(args, room)
	if selected {
		return st.Selected.Render(render.Pad(render.Clip(line, width), width))
	}
	return render.Clip(line, width)
}

// recordTime is how a record's time reads in a row: the clock for today,
// the date before it otherwise, in the clock's zone.
func recordTime(t, now time.Time) string {
	t = t.In(now.Location())
	if y, mo, d := t.Date(); now.Year() == y && now.Month() == mo && now.Day() == d {
		return t.Format("15:04:05")
	}
	return t.Format("Jan 02 15:04")
}

// recordDetail is a call's arguments and result, pretty and escaped.
func recordDetail(st *theme.Styles, r *callhistory.Record, now time.Time, width int) []string {
	meta := fmt.Sprintf("%s · %s · %s", r.Time.In(now.Location()).Format(time.DateTime), r.Duration().Round(time.Millisecond),
		r.Outcome())
	if r.ProtocolVersion != "" {
		meta += " · protocol " + termsafe.Line(r.ProtocolVersion)
	}
	if r.Era != "" {
		meta += " (" + termsafe.Line(r.Era) + ")"
	}
	lines := []string{render.Clip(st.Heading.Render(termsafe.Line(r.Tool))+" "+st.Muted.Render(meta), width),
		st.Heading.Render("Arguments")}
	lines = append(lines, render.JSON(st, argsOrEmpty(r.Arguments), width)...)
	lines = append(lines, st.Heading.Render("Result"))
	switch {
	case r.Error != "":
		for _, l := range render.Wrap(termsafe.Text(r.Error), width) {
			lines = append(lines, st.Error.Render(l))
		}
	case len(r.Result) > detailCap:
		lines = append(lines, render.JSON(st, r.Result[:detailCap], width)...)
		lines = append(lines, st.Muted.Render(fmt.Sprintf("… cut at %s of %s", render.HumanBytes(detailCap),
			render.HumanBytes(len(r.Result)))))
	default:
		lines = append(lines, render.JSON(st, r.Result, width)...)
	}
	if o := r.Output; o != nil && o.Checked {
		for _, e := range o.Errors {
			lines = append(lines, st.Error.Render(render.Clip("outputSchema: "+termsafe.Line(e), width)))
		}
	}
	return lines
}
