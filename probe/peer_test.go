package probe

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/peer"
	"github.com/toolbench/toolbench/target"
)

// peerTarget starts an official reference server over stdio.
func peerTarget(t *testing.T, pkg string, args []string, env ...string) target.Target {
	return target.Target{Transport: target.Stdio, Command: peer.Node(t),
		Args: append([]string{peer.Entry(t, pkg)}, args...), Env: env}
}

// everyInvalidRejected requires every invalid call of the run to have been
// answered with isError, as the reference servers do.
func everyInvalidRejected(t *testing.T, r *Report) {
	t.Helper()
	for _, tr := range r.Tools {
		for _, c := range tr.Invalid {
			if c.Outcome != OutcomeIsError || c.Verdict != Pass {
				t.Errorf("%s %s: %s %s %q", tr.Name, c.Description, c.Outcome, c.Verdict, c.Reply)
			}
		}
	}
}

// TestEverything probes server-everything: every read-only tool passes,
// the rest are skipped for the right reason.
func TestEverything(t *testing.T) {
	t.Parallel()
	s, tools, reconnect := open(t, peerTarget(t, peer.Everything, nil), 30*time.Second)
	r := Run(context.Background(), s, tools, Options{Reconnect: reconnect})
	if r.Failed() || r.Summary.Warned != 0 || r.Summary.Passed < 9 {
		t.Errorf("summary %+v, stopped %q", r.Summary, r.Stopped)
	}
	everyInvalidRejected(t, r)
	for name, why := range map[string]string{"toggle-simulated-logging": MsgNotReadOnly,
		"gzip-file-as-resource": MsgNotReadOnly, "simulate-research-query": MsgNotReadOnly} {
		if got := toolReport(t, r, name); got.Verdict != Skip || got.Skipped != why {
			t.Errorf("%s: %s %q", name, got.Verdict, got.Skipped)
		}
	}
	sc := toolReport(t, r, "get-structured-content")
	if sc.Output == nil || !sc.Output.Checked || !sc.Output.Valid {
		t.Errorf("get-structured-content output: %+v", sc.Output)
	}
	// get-sum: both numbers required, so two missing and two wrong-type cases.
	if sum := toolReport(t, r, "get-sum"); len(sum.Invalid) != 4 || sum.Invalid[0].Description != "missing required /a" {
		t.Errorf("get-sum cases: %+v", sum.Invalid)
	}
}

// TestMemory probes server-memory, destructive tools included (its file is
// the test's own): everything passes, and every outputSchema is met.
func TestMemory(t *testing.T) {
	t.Parallel()
	tgt := peerTarget(t, peer.Memory, nil, "MEMORY_FILE_PATH="+t.TempDir()+"/memory.json")
	s, tools, reconnect := open(t, tgt, 30*time.Second)
	r := Run(context.Background(), s, tools, Options{Reconnect: reconnect, AllowDestructive: true})
	if r.Failed() || r.Summary.Passed != len(tools) || r.Summary.Warned != 0 {
		t.Errorf("summary %+v", r.Summary)
	}
	everyInvalidRejected(t, r)
	for _, tr := range r.Tools {
		if tr.Output == nil || !tr.Output.Checked || !tr.Output.Valid {
			t.Errorf("%s output: %+v", tr.Name, tr.Output)
		}
	}
}

// TestFilesystem probes server-filesystem on an empty directory: tools that
// need an existing path reject the generated one (a failure the report
// explains), and read_file's full example shows that its schema allows head
// and tail together though the tool refuses them.
func TestFilesystem(t *testing.T) {
	t.Parallel()
	s, tools, reconnect := open(t, peerTarget(t, peer.Filesystem, []string{t.TempDir()}), 30*time.Second)
	r := Run(context.Background(), s, tools, Options{Reconnect: reconnect})
	if r.Stopped != "" || r.Summary.Tools != len(tools) || r.Summary.Skipped != 4 || r.Summary.Warned != 0 {
		t.Errorf("summary %+v, stopped %q", r.Summary, r.Stopped)
	}
	everyInvalidRejected(t, r)
	rf := toolReport(t, r, "read_file")
	if rf.Verdict != Fail || len(rf.Valid) != 2 || !strings.Contains(rf.Valid[0].Reply, "ENOENT") ||
		!strings.Contains(rf.Valid[1].Reply, "Cannot specify both head and tail") {
		t.Errorf("read_file: %+v", rf.Valid)
	}
	for _, name := range []string{"list_allowed_directories", "read_multiple_files"} {
		if tr := toolReport(t, r, name); tr.Verdict != Pass || tr.Output == nil || !tr.Output.Valid {
			t.Errorf("%s: %s %+v", name, tr.Verdict, tr.Output)
		}
	}
	if ld := toolReport(t, r, "list_directory"); ld.Valid[0].Message != MsgRejectedValid {
		t.Errorf("list_directory: %+v", ld.Valid)
	}
}
