package render

import (
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// TasksView is the Tasks screen as it stands.
type TasksView struct {
	Tasks []client.Task
	// Tools names the tool each task ran, where this session knows it.
	Tools map[string]string
	// Listed is set when the server listed the tasks (tasks/list);
	// otherwise they are the ones this session saw.
	Listed bool
	// Loaded is set once a listing arrived; Loading while one is on its
	// way.
	Loaded, Loading bool
	Cursor          int
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
	case len(v.Tasks) == 0 && v.Loaded:
		lines = append(lines, muted(st, "no tasks", width)...)
	case len(v.Tasks) > 0:
		lines = append(lines, muted(st, plural.Count(len(v.Tasks), "task"), width)...)
	}
	footer := taskFooter(st, v, width)
	rows := taskRows(st, v, width, height-len(lines)-len(footer))
	return append(append(lines, rows...), footer...)
}

// taskRows are the tasks' rows that fit in room, scrolled so that the
// selected task's are all in view.
func taskRows(st *theme.Styles, v TasksView, width, room int) []string {
	var rows []string
	end := 0 // the row after the selected task's last
	for i, t := range v.Tasks {
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

// taskRow is one task: the id, status and tool, then its stamps and its
// status message.
func taskRow(st *theme.Styles, v TasksView, i int, t client.Task, width int) []string {
	id, status := safeLine(t.ID, width), safeLine(orDash(t.Status), width)
	tool := ""
	if name := v.Tools[t.ID]; name != "" {
		tool = "  " + safeLine(name, width)
	}
	var head string
	if i == v.Cursor {
		head = st.Selected.Render(Pad("› "+id+"  "+status+tool, width))
	} else {
		head = Clip("  "+st.Accent.Render(id)+"  "+statusStyle(st, t.Status).Render(status)+st.Muted.Render(tool), width)
	}
	lines := []string{head,
		Clip(st.Muted.Render("    created "+stamp(t.CreatedAt)+" · last update "+stamp(t.LastUpdatedAt)+ago(v.Now, t.LastUpdatedAt)), width)}
	if t.StatusMessage != "" {
		lines = append(lines, paint(newSpan(st.Text), hang("    ", 4, termsafe.Line(t.StatusMessage), width))...)
	}
	return lines
}

// taskFooter is what the screen is doing: a cancel to confirm, an id
// being typed, a result awaited, the last failure.
func taskFooter(st *theme.Styles, v TasksView, width int) []string {
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
