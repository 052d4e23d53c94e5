package call

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/collection"
)

// TestPrintTestReport: a line per test, the failures under it cut to fit
// and made safe for a terminal, and the counts.
func TestPrintTestReport(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("x", 500)
	r := &collection.Report{Passed: 2, Failed: 1, Results: []collection.Result{
		{Name: "ok \x1b[2J", Passed: true, DurationMs: 12},
		{Name: "first", Passed: true, DurationMs: 5, Snapshot: collection.SnapshotWritten},
		{Name: "bad", DurationMs: 3, Failures: []collection.Failure{{Check: "match", Pointer: "/content/0/text",
			Expected: json.RawMessage(`"hi"`), Got: json.RawMessage("\"\x1b]0;pwned\x07" + long + "\""), Reason: "not equal to the expected value"}}},
	}}
	var b strings.Builder
	printTestReport(&b, r, 4)
	out := b.String()
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("control characters reached the terminal:\n%q", out)
	}
	lines := strings.Split(out, "\n")
	for _, want := range []string{"PASS ok ", "FAIL bad (3 ms)", "  match /content/0/text: not equal to the expected value",
		`    expected: "hi"`, "    got:      ", "PASS first (5 ms) · snapshot written (first run: nothing compared)",
		"2 passed, 1 failed, 1 not run"} {
		found := false
		for _, l := range lines {
			found = found || strings.HasPrefix(l, want)
		}
		if !found {
			t.Errorf("no line starts with %q:\n%s", want, out)
		}
	}
	for _, l := range lines {
		if len(l) > 200 {
			t.Errorf("line not cut to fit (%d bytes): %.60s…", len(l), l)
		}
	}
}
