package call

import (
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/client"
)

// TestTaskPrinter: with -v, a call's task is told once when created (with
// its poll interval and TTL) and again only when its status or message
// changes; on a terminal the server's words are made safe.
func TestTaskPrinter(t *testing.T) {
	t.Parallel()
	var errOut strings.Builder
	st := &iostreams.Streams{Err: &errOut, OutTTY: true}
	o := &CallOptions{}
	o.Verbose = true
	show := o.taskPrinter(st)
	ttl := time.Minute
	show(client.Task{ID: "t1", Status: "working", PollInterval: 2 * time.Second, TTL: &ttl})
	show(client.Task{ID: "t1", Status: "working", PollInterval: 2 * time.Second, TTL: &ttl})
	show(client.Task{ID: "t1", Status: "working", StatusMessage: "half\x1b[2Jway"})
	show(client.Task{ID: "t1", Status: "completed"})
	want := "toolbench: task t1 working (poll every 2s, kept 1m0s)\n" +
		"toolbench: task t1 working: half\\e[2Jway\n" +
		"toolbench: task t1 completed\n"
	if errOut.String() != want {
		t.Errorf("stderr:\n%q\nwant\n%q", errOut.String(), want)
	}
	if (&CallOptions{}).taskPrinter(st) != nil {
		t.Error("without -v the task is told")
	}
}

// TestTaskLineWithoutHints: a task created without a poll interval or a
// TTL says what toolbench does instead.
func TestTaskLineWithoutHints(t *testing.T) {
	t.Parallel()
	got := taskLine(&iostreams.Streams{}, client.Task{ID: "t2", Status: "working"}, true)
	want := "task t2 working (poll every second, as the server suggests none, kept without limit)"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
