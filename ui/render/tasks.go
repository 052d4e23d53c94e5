package render

import (
	"fmt"
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/theme"
)

// extensionBadges are what a tool's execution and _meta add to its
// badges: whether it runs as a task, whether it has an MCP App, and
// whether a host hides it from the model. long spells them out for the
// detail heading; the tool list has room for a word each.
func extensionBadges(st *theme.Styles, t tool.Tool, long bool) []piece {
	var out []piece
	word := func(short, full string) string {
		if long {
			return full
		}
		return short
	}
	switch t.TaskSupport {
	case tool.TaskRequired:
		out = append(out, piece{word("task", "task required"), st.BadgeWarn})
	case tool.TaskOptional:
		out = append(out, piece{word("task-opt", "task optional"), st.Badge})
	}
	if t.App != nil {
		out = append(out, piece{word("app", "App"), st.Accent})
		if t.App.HiddenFromModel() {
			out = append(out, piece{word("model-hidden", "hidden from models"), st.BadgeWarn})
		}
	}
	return out
}

// ExtensionBadges is extensionBadges drawn for the detail heading,
// space-separated; "" for a plain tool.
func ExtensionBadges(st *theme.Styles, t tool.Tool) string {
	pieces := extensionBadges(st, t, true)
	out := make([]string, len(pieces))
	for i, p := range pieces {
		out[i] = p.style.Render(p.text)
	}
	return strings.Join(out, " ")
}

// TaskView is a task's state as TaskLines and TaskSummary draw it.
type TaskView struct {
	ID, Status, StatusMessage string
	// TTL is how long the server keeps the task, nil for unlimited.
	TTL *time.Duration
	// PollInterval is the server's suggested polling interval, 0 for none.
	PollInterval time.Duration
}

// TaskLines are a running task under the call's progress: its id and
// status on the first row, the server's status message, then the poll
// interval and the TTL the server set. Every field is the server's text
// and is escaped.
func TaskLines(st *theme.Styles, t TaskView, width int) []string {
	head := st.Accent.Render("task "+safeLine(t.ID, width)) + " " + statusStyle(st, t.Status).Render(safeLine(orDash(t.Status), width))
	lines := []string{Clip(head, width)}
	if t.StatusMessage != "" {
		lines = append(lines, paint(newSpan(st.Text), hang("  ", 2, termsafe.Line(t.StatusMessage), width))...)
	}
	return append(lines, Clip(st.Muted.Render("  "+taskTimes(t)), width))
}

// taskTimes is a task's poll interval and TTL in words.
func taskTimes(t TaskView) string {
	poll := "poll interval: not suggested"
	if t.PollInterval > 0 {
		poll = "poll every " + t.PollInterval.String()
	}
	ttl := "ttl: unlimited"
	if t.TTL != nil {
		ttl = "ttl " + t.TTL.String()
	}
	return poll + " · " + ttl
}

// statusStyle colours a task status, one of the specification's words on
// both eras, by how it reads.
func statusStyle(st *theme.Styles, status string) lipgloss.Style {
	switch status {
	case "completed":
		return st.OK
	case "failed":
		return st.Error
	case "input_required", "cancelled":
		return st.Warn
	}
	return st.Text
}

// TaskSummary is the line above a result that came from a task: its id
// and final status.
func TaskSummary(st *theme.Styles, t TaskView, width int) []string {
	s := st.Muted.Render("ran as task ") + st.Accent.Render(safeLine(t.ID, width)) + st.Muted.Render(" · ") +
		statusStyle(st, t.Status).Render(safeLine(orDash(t.Status), width))
	return []string{Clip(s, width)}
}

// stamp is a server time as the Tasks screen shows it; "-" when absent.
func stamp(t time.Time) string {
	if t.IsZero() {
		return "-"
	}
	return t.UTC().Format("2006-01-02 15:04:05")
}

// ago is how long before now t was, to the second.
func ago(now, t time.Time) string {
	if t.IsZero() || now.IsZero() {
		return ""
	}
	return fmt.Sprintf(" (%s ago)", now.Sub(t).Round(time.Second))
}
