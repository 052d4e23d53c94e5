package render

import (
	"fmt"
	"time"

	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// TaskRow is one task as the Tasks screen lists it. Every string but
// Tool is the server's text; the renderer escapes them.
type TaskRow struct {
	ID, Status, Message string
	// Tool names the tool the task ran, where this session knows it.
	Tool string
	// CreatedAt and LastUpdatedAt are the server's stamps; zero when it
	// sent none.
	CreatedAt, LastUpdatedAt time.Time
}

// TasksView is the Tasks screen as it stands.
type TasksView struct {
	// Rows are the tasks in view, in order; Cursor is the selected one's
	// index among them, -1 when it is not in view.
	Rows   []TaskRow
	Cursor int
	// Count is how many tasks the filter shows, of Total.
	Count, Total int
	// Filter is the filter's line as drawn; "" when no filter shows.
	Filter string
	// Listed is set when the server listed the tasks (tasks/list);
	// otherwise they are the ones this session saw.
	Listed bool
	// Loaded is set once a listing arrived; Loading while one is on its
	// way.
	Loaded, Loading bool
	// Confirm is the id of a task whose cancelling waits for a yes.
	Confirm string
	// Input is the task id input as drawn, while an id is typed.
	Input string
	// Waiting is the id of the task whose result is awaited.
	Waiting string
	// Failure is the last request of the screen that failed.
	Failure *Failure
	// Result holds the rendered result of task ResultOf when it is shown
	// on its own (its tool is not known); Offset scrolls it.
	Result   []string
	ResultOf string
	Offset   int
	Now      time.Time
}

// TasksScreen draws the Tasks screen in height rows: the tasks, each
// with its status, stamps and message, or a task's result on its own.
func TasksScreen(st *theme.Styles, v TasksView, width, height int) []string {
	if v.Result != nil {
		lines := []string{heading("Result of task "+safeLine(v.ResultOf, width), width, st.Heading, st.Border)}
		off := Scroll(v.Offset, len(v.Result), height-1)
		return append(lines, v.Result[off:min(len(v.Result), off+height-1)]...)
	}
	lines := TasksHead(st, v, width)
	footer := TasksFooter(st, v, width)
	rows := taskRows(st, v, width, height-len(lines)-len(footer))
	return append(append(lines, rows...), footer...)
}

// TasksHead is the screen's lines above the tasks: the title, what the
// list holds, and the filter while one shows.
func TasksHead(st *theme.Styles, v TasksView, width int) []string {
	// Until a listing arrives nobody knows which of the two it is.
	title := "Tasks"
	switch {
	case v.Loaded && v.Listed:
		title = "Tasks listed by the server (tasks/list)"
	case v.Loaded:
		title = "Tasks seen in this session (the server has no tasks/list)"
	}
	lines := []string{heading(title, width, st.Heading, st.Border)}
	switch {
	case v.Loading && !v.Loaded:
		lines = append(lines, muted(st, "listing tasks…", width)...)
	case v.Total == 0 && v.Loaded:
		lines = append(lines, muted(st, "no tasks", width)...)
	case v.Count != v.Total:
		lines = append(lines, muted(st, fmt.Sprintf("%d of %s", v.Count, plural.Count(v.Total, "task")), width)...)
	case v.Total > 0:
		lines = append(lines, muted(st, plural.Count(v.Total, "task"), width)...)
	}
	if v.Filter != "" {
		lines = append(lines, Clip(v.Filter, width))
	}
	return lines
}

// taskRows are the rows of the tasks in view that fit in room, scrolled
// so that the selected task's are all in view.
func taskRows(st *theme.Styles, v TasksView, width, room int) []string {
	var rows []string
	end := 0 // the row after the selected task's last
	for i, t := range v.Rows {
		rows = append(rows, taskRow(st, v, i, t, width)...)
		if i == v.Cursor {
			end = len(rows)
		}
	}
	room = max(3, room)
	if len(rows) <= room {
		return rows
	}
	off := max(0, end-room)
	return rows[off : off+room]
}

// TaskRowHeight is how many rows task r takes at width: the screen
// decides from it how many tasks are in view.
func TaskRowHeight(r TaskRow, width int) int {
	if r.Message == "" {
		return 2
	}
	return 2 + len(hang("    ", 4, termsafe.Line(r.Message), width))
}

// taskRow is one task: the id, status and tool, then its stamps and its
// status message.
func taskRow(st *theme.Styles, v TasksView, i int, t TaskRow, width int) []string {
	id, status := safeLine(t.ID, width), safeLine(orDash(t.Status), width)
	tool := ""
	if t.Tool != "" {
		tool = "  " + safeLine(t.Tool, width)
	}
	var head string
	if i == v.Cursor {
		head = st.Selected.Render(Pad("› "+id+"  "+status+tool, width))
	} else {
		head = Clip("  "+st.Accent.Render(id)+"  "+statusStyle(st, t.Status).Render(status)+st.Muted.Render(tool), width)
	}
	lines := []string{head,
		Clip(st.Muted.Render("    created "+stamp(t.CreatedAt)+" · last update "+stamp(t.LastUpdatedAt)+ago(v.Now, t.LastUpdatedAt)), width)}
	if t.Message != "" {
		lines = append(lines, paint(newSpan(st.Text), hang("    ", 4, termsafe.Line(t.Message), width))...)
	}
	return lines
}

// TasksFooter is what the screen is doing, below the tasks: a cancel to
// confirm, an id being typed, a result awaited, the last failure.
func TasksFooter(st *theme.Styles, v TasksView, width int) []string {
	lines := []string{""}
	if v.Confirm != "" {
		lines = append(lines, paint(newSpan(st.Warn), Wrap("Cancel task "+termsafe.Line(v.Confirm)+"? The server is sent tasks/cancel.", width))...)
	}
	if v.Input != "" {
		lines = append(lines, Clip(v.Input, width))
	}
	if v.Waiting != "" {
		lines = append(lines, muted(st, "waiting for the result of task "+termsafe.Line(v.Waiting)+" (tasks/result)…", width)...)
	}
	if v.Failure != nil {
		// The banner is not wrapped: a long id must not widen the screen.
		for _, l := range FailureLines(st, *v.Failure, width) {
			lines = append(lines, Clip(l, width))
		}
	}
	return lines
}
