package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// hostileTask is a task whose every string is an attack on the terminal.
func hostileTask() client.Task {
	t := researchTask("id\x1b[2J\x1b]52;c;aGk=\x07", "working\x1b[5m", "msg\x1b]0;pwned\x07\r\u202eevil")
	return t
}

// TestHostileTaskText: a task's id, status and message are the server's
// text; the running call, the Tasks screen and its failure show them
// escaped.
func TestHostileTaskText(t *testing.T) {
	t.Parallel()
	s := newTaskSession(t)
	s.callWith = func(ctx context.Context, _ string, _ []byte, opts client.CallOptions) (*client.CallResult, error) {
		opts.OnTask(hostileTask())
		<-ctx.Done()
		return nil, ctx.Err()
	}
	s.addTask(hostileTask())
	h := startTaskHarness(t, s, 120, 30)
	h.selectTool("research")
	h.leaveCalls = true
	h.key("ctrl+s")
	h.pumpUntil("the task", h.m.runsAsTask)
	screens := []string{h.m.View().Content}
	h.key("esc")
	h.leaveCalls = false
	h.settle()
	h.key("esc", "alt+t")
	h.pumpUntil("the listing", func() bool { return !h.m.tasksScreen().Loading() })
	h.key("i")
	h.typeText("x")
	h.key("enter")
	h.pumpUntil("the failure", func() bool { return h.m.tasksScreen().Failed() })
	screens = append(screens, h.m.View().Content)
	for i, raw := range screens {
		for _, bad := range []string{"\x1b[2J", "\x1b]52", "\x1b]0;", "\x1b[5m", "\r", "\a", "\u202e"} {
			if strings.Contains(raw, bad) {
				t.Errorf("screen %d holds the server's %q", i, bad)
			}
		}
		if v := stripANSI(raw); !strings.Contains(v, `id\e[2J\e]52;c;aGk=\x07`) || !strings.Contains(v, `msg\e]0;pwned\x07`) {
			t.Errorf("screen %d does not show the escaped task:\n%s", i, v)
		}
	}
}
