package probe

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
)

// TestRogueServer probes a server that mishandles invalid input in every
// way the probe must tell apart.
func TestRogueServer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		tool    string
		strict  bool
		verdict Verdict
		outcome Outcome // of every invalid call
		message string  // of every invalid call
	}{
		{"steady", false, Pass, OutcomeIsError, MsgRejectedInvalid},
		{"rpcish", false, Fail, OutcomeProtocolError, MsgProtocolInvalid},
		{"lax", false, Warn, OutcomeResult, MsgTrustsModel},
		{"lax", true, Fail, OutcomeResult, MsgTrustsModel},
		{"hangs", false, Fail, OutcomeTimeout, "timed out"},
	}
	for _, tt := range tests {
		t.Run(tt.tool, func(t *testing.T) {
			t.Parallel()
			s, tools, _ := open(t, rogueTarget(t), 500*time.Millisecond)
			r := Run(context.Background(), s, only(tools, tt.tool), Options{Strict: tt.strict})
			tr := toolReport(t, r, tt.tool)
			if tr.Verdict != tt.verdict || len(tr.Valid) != 1 || tr.Valid[0].Verdict != Pass {
				t.Fatalf("verdict %s, valid %+v; want %s and an accepted valid call", tr.Verdict, tr.Valid, tt.verdict)
			}
			// q: missing, wrong type, too short.
			if len(tr.Invalid) != 3 {
				t.Fatalf("want 3 invalid cases, got %+v", tr.Invalid)
			}
			for _, c := range tr.Invalid {
				if c.Outcome != tt.outcome || c.Message != tt.message {
					t.Errorf("%s: outcome %s %q, want %s %q", c.Description, c.Outcome, c.Message, tt.outcome, tt.message)
				}
			}
			if r.Failed() != (tt.verdict == Fail) {
				t.Errorf("Failed() = %v with verdict %s", r.Failed(), tt.verdict)
			}
		})
	}
}

// TestCrashReconnects probes a server that exits on invalid input: each
// crash is a failure that names the exit status and the server's last
// words, and the probe brings the server back to go on with the next tools.
func TestCrashReconnects(t *testing.T) {
	t.Parallel()
	s, tools, reconnect := open(t, rogueTarget(t), 5*time.Second)
	r := Run(context.Background(), s, only(tools, "crashy", "steady", "writer"), Options{Reconnect: reconnect})
	crashy := toolReport(t, r, "crashy")
	if crashy.Verdict != Fail || len(crashy.Invalid) != 3 {
		t.Fatalf("crashy: %s %+v", crashy.Verdict, crashy.Invalid)
	}
	for _, c := range crashy.Invalid {
		if c.Outcome != OutcomeClosed || !strings.Contains(c.Reply, "exit status 3") ||
			!strings.Contains(c.Reply, "rogue: unexpected input, giving up") {
			t.Errorf("%s: %s %q", c.Description, c.Outcome, c.Reply)
		}
	}
	if r.Reconnects != 3 || r.Stopped != "" {
		t.Errorf("reconnects %d, stopped %q", r.Reconnects, r.Stopped)
	}
	if got := toolReport(t, r, "steady").Verdict; got != Pass {
		t.Errorf("steady after the crashes: %s", got)
	}
	if w := toolReport(t, r, "writer"); w.Verdict != Skip || w.Skipped != MsgNotReadOnly {
		t.Errorf("writer: %+v", w)
	}
	if !r.Failed() {
		t.Error("a crash must fail the run")
	}
}

// TestCrashStops checks that without a way to reconnect the probe stops at
// the crash, says why, and marks what it could not do.
func TestCrashStops(t *testing.T) {
	t.Parallel()
	s, tools, _ := open(t, rogueTarget(t), 5*time.Second)
	r := Run(context.Background(), s, only(tools, "crashy", "steady"), Options{})
	if !strings.Contains(r.Stopped, "the server went away during a call to crashy") {
		t.Fatalf("stopped: %q", r.Stopped)
	}
	crashy := toolReport(t, r, "crashy")
	if crashy.Invalid[0].Outcome != OutcomeClosed || crashy.Invalid[1].Verdict != NotRun {
		t.Errorf("crashy cases: %+v", crashy.Invalid)
	}
	if steady := toolReport(t, r, "steady"); steady.Verdict != NotRun {
		t.Errorf("steady: %+v", steady)
	}
	if r.Summary.NotRun != 1 || r.Summary.Failed != 1 || !r.Failed() {
		t.Errorf("summary %+v", r.Summary)
	}
}

// TestInterrupt stops a probe whose context ends.
func TestInterrupt(t *testing.T) {
	t.Parallel()
	s, tools, _ := open(t, rogueTarget(t), 10*time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	r := Run(ctx, s, only(tools, "hangs", "steady"), Options{})
	if r.Stopped != "interrupted" || toolReport(t, r, "steady").Verdict != NotRun {
		t.Errorf("stopped %q, tools %+v", r.Stopped, r.Tools)
	}
}

// TestServerRequestsAreReported probes a tool that asks the client for
// input mid-call: the report names the request on the call that got it.
func TestServerRequestsAreReported(t *testing.T) {
	t.Parallel()
	o := &Observer{}
	s, tools, _ := openWith(t, rogueTarget(t), client.Options{Timeout: 5 * time.Second, OnEvent: o.Observe})
	r := Run(context.Background(), s, only(tools, "asker"), Options{Observer: o})
	valid := toolReport(t, r, "asker").Valid
	if len(valid) != 1 || len(valid[0].ServerRequests) != 1 || valid[0].ServerRequests[0] != "elicitation/create" {
		t.Errorf("valid call: %+v", valid)
	}
}
