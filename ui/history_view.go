package ui

import (
	"fmt"
	"strings"
	"time"

	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/render"
)

// historyDetailCap bounds how much of a recorded result the detail pane
// renders: it is drawn on the UI goroutine when the cursor moves.
const historyDetailCap = 256 << 10

// historyHead is how many rows sit above the list: the heading, and the
// filter line while it is typed or set.
func (m *Model) historyHead() int {
	h := &m.mem.history
	if h.filtering || h.filter.Value() != "" {
		return 2
	}
	return 1
}

// historyRows is how many calls the list shows: half of what is left
// under the heading, the detail taking the rest.
func (m *Model) historyRows() int {
	return max(3, (m.bodyHeight()-m.historyHead())/2)
}

// historyDetailRows is the height of the detail under the list and its
// rule.
func (m *Model) historyDetailRows() int {
	return max(1, m.bodyHeight()-m.historyHead()-m.historyRows()-1)
}

// layoutHistory keeps the cursor in view and draws the selected call's
// detail when the selection or the width changed; only then, so a screen
// of 10,000 calls formats the rows it shows and one detail.
func (m *Model) layoutHistory() {
	h := &m.mem.history
	if !h.shown {
		return
	}
	rows := m.historyRows()
	h.cursor = max(0, min(len(h.matches)-1, h.cursor))
	if h.cursor < h.offset {
		h.offset = h.cursor
	}
	if h.cursor >= h.offset+rows {
		h.offset = h.cursor - rows + 1
	}
	idx := -1
	if h.cursor < len(h.matches) {
		idx = h.matches[h.cursor]
	}
	if idx != h.detailOf || m.width != h.detailWidth {
		h.detailOf, h.detailWidth, h.detail = idx, m.width, nil
		if idx >= 0 {
			h.detail = m.recordDetail(&h.records[idx], m.width)
		}
	}
	h.detailOffset = render.Scroll(h.detailOffset, len(h.detail), m.historyDetailRows())
}

// historyLines draws the history screen in height rows.
func (m *Model) historyLines(height int) []string {
	h := &m.mem.history
	head := m.st.Heading.Render("History")
	if h.loaded {
		head += m.st.Muted.Render(" " + plural.Count(len(h.records), "call"))
	}
	if len(h.matches) != len(h.records) {
		head += m.st.Muted.Render(" · " + plural.Count(len(h.matches), "match"))
	}
	if h.loading {
		head += m.st.Muted.Render(" · loading…")
	}
	lines := []string{render.Clip(head, m.width)}
	if h.filtering || h.filter.Value() != "" {
		lines = append(lines, render.Clip(h.filter.View(), m.width))
	}
	switch {
	case h.loading && !h.loaded:
		return append(lines, m.st.Muted.Render("loading…"))
	case h.err != nil:
		return append(lines, m.st.Error.Render(render.Clip("reading the history failed: "+termsafe.Line(h.err.Error()), m.width)))
	case len(h.records) == 0:
		return append(lines, m.st.Muted.Render("no calls of this server are recorded yet: each call you make is"))
	case len(h.matches) == 0:
		return append(lines, m.st.Muted.Render("no recorded call's tool matches the filter"))
	}
	rows := m.historyRows()
	end := min(len(h.matches), h.offset+rows)
	now := m.now()
	for i := h.offset; i < end; i++ {
		lines = append(lines, m.historyRow(&h.records[h.matches[i]], now, i == h.cursor))
	}
	lines = render.Fit(lines, m.historyHead()+rows)
	lines = append(lines, m.st.Border.Render(strings.Repeat("─", max(1, m.width))))
	detail := h.detail[min(h.detailOffset, len(h.detail)):]
	return append(lines, render.Fit(detail, min(len(detail), height-len(lines)))...)
}

// historyRow is one call: time, tool, outcome, duration, arguments cut to
// fit.
func (m *Model) historyRow(r *history.Record, now time.Time, selected bool) string {
	outcome, style := recordOutcome(r), m.st.OK
	if outcome != history.OutcomeOK {
		style = m.st.Error
	}
	dur := r.Duration().Round(time.Millisecond).String()
	mark := "  "
	if selected {
		mark = "› "
	}
	left := fmt.Sprintf("%s%-12s %-24s ", mark, recordTime(r.Time, now), render.Clip(termsafe.Line(r.Tool), 24))
	args := termsafe.Line(string(r.Arguments))
	room := max(0, m.width-len([]rune(left))-9-10-2)
	row := left + style.Render(fmt.Sprintf("%-8s", outcome)) + " " + m.st.Muted.Render(fmt.Sprintf("%9s", dur)) + "  " +
		render.Clip(args, room)
	if selected {
		return m.st.Selected.Render(render.Pad(render.Clip(row, m.width), m.width))
	}
	return render.Clip(row, m.width)
}

// recordOutcome is a call's outcome in a word, as toolbench history
// says it too.
func recordOutcome(r *history.Record) string { return r.Outcome() }

// recordDetail is a call's arguments and result, pretty and escaped.
func (m *Model) recordDetail(r *history.Record, width int) []string {
	st := m.st
	meta := fmt.Sprintf("%s · %s · %s", r.Time.In(m.now().Location()).Format(time.DateTime), r.Duration().Round(time.Millisecond),
		recordOutcome(r))
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
	case len(r.Result) > historyDetailCap:
		lines = append(lines, render.JSON(st, r.Result[:historyDetailCap], width)...)
		lines = append(lines, st.Muted.Render(fmt.Sprintf("… cut at %s of %s", render.HumanBytes(historyDetailCap),
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
