package call

import (
	"fmt"
	"time"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/client"
)

// clientOptions are the client options of the call: progress on stderr
// (see output.ProgressLine), the task's states there with -v, and task
// augmentation with --task.
func (o *CallOptions) clientOptions(st *iostreams.Streams, progress *output.ProgressLine) client.CallOptions {
	co := client.CallOptions{OnProgress: progress.Show, OnTask: o.taskPrinter(st)}
	if o.Task {
		co.Task = client.TaskForce
	}
	return co
}

// taskPrinter says on stderr, with -v, each status the call's task goes
// through: its id when it is created, then every change of status or
// message.
func (o *CallOptions) taskPrinter(st *iostreams.Streams) func(client.Task) {
	if !o.Verbose {
		return nil
	}
	var last client.Task
	return func(t client.Task) {
		if t.ID == last.ID && t.Status == last.Status && t.StatusMessage == last.StatusMessage {
			return
		}
		fmt.Fprintln(st.Err, "toolbench: "+taskLine(st, t, last.ID == ""))
		last = t
	}
}

// taskLine is one task state in words; first adds what the task was
// created with (poll interval, TTL).
func taskLine(st *iostreams.Streams, t client.Task, first bool) string {
	safe := iostreams.TextFor(st)
	line := fmt.Sprintf("task %s %s", safe(t.ID), safe(t.Status))
	if t.StatusMessage != "" {
		line += ": " + safe(t.StatusMessage)
	}
	if first {
		line += fmt.Sprintf(" (poll every %s, %s)", pollWords(t.PollInterval), output.TTLWords(t.TTL))
	}
	return line
}

// pollWords says how often a task is polled.
func pollWords(d time.Duration) string {
	if d <= 0 {
		return "second, as the server suggests none"
	}
	return d.String()
}
