package root

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/probe"
)

// TestProbeFixture probes the fixture's tools over stdio and checks the
// verdicts the fixture is built to produce.
func TestProbeFixture(t *testing.T) {
	// Not parallel with the rest: it starts many servers, and on a small
	// machine that load would trip the tight timeouts of other tests.
	tests := []struct {
		name  string
		flags []string
		after []string // after the target
		code  int
		out   []string
	}{
		{"verdicts", []string{"probe", "--tool", "echo", "--tool", "fail", "--tool", "weather_ok",
			"--tool", "weather_broken", "--tool", "weather_missing", "--tool", "save_contact"}, nil, 1, []string{
			"echo  PASS", "weather_ok  PASS", "output: ✓ structuredContent matches the outputSchema",
			"fail  FAIL", "minimal example  isError  ✗ fail", "rejected valid input", "server said: failed: example",
			"weather_broken  FAIL", "structuredContent does not match the outputSchema (3 violations)",
			"/temperature: got string, want number",
			"weather_missing  FAIL", "structuredContent is missing, but the tool declares an outputSchema",
			"missing required /city", "/unit = \"not-a-choice\" (not in enum)", "rejected with isError",
			"save_contact  SKIP: not marked read-only; --allow-destructive to include",
			"6 tools: 2 passed, 0 warned, 3 failed, 1 skipped"}},
		{"destructive included", []string{"probe", "--allow-destructive", "--tool", "save_contact"}, nil, 0, []string{
			"save_contact  WARN", "minimal example", "accepted",
			"/person/address/country = \"not-a-choice\" (not in enum)", probe.MsgTrustsModel}},
		{"tools after a command are refused", []string{"probe"}, []string{"--tool", "echo", "--tool=weather_ok"}, 2, nil},
		{"valid calls only", []string{"probe", "--max-cases", "0", "--tool", "weather_ok"}, nil, 0, []string{
			"valid calls only", "weather_ok  PASS", "1 tool: 1 passed, 0 warned, 0 failed, 0 skipped; 1 call "}},
		{"strict fails on warnings", []string{"probe", "--strict", "--tool", "progress"}, nil, 1, []string{
			"progress  FAIL", "/delay_ms = -1 (below minimum 0)", "accepted invalid input"}},
		// slow waits 30 s by default: the probe's own bound cuts it short
		// and says so, without calling the tool broken.
		{"the probe's bound on a call", []string{"probe", "--call-timeout", "1", "--max-cases", "0", "--tool", "slow", "--tool", "echo"}, nil, 0, []string{
			"valid calls only, each call bounded to 1s", "slow  WARN", "minimal example  timeout  ! warn",
			"no answer within the probe's 1s (--call-timeout): slow or stuck, not judged", "echo  PASS"}},
		{"timeout is a failure and the probe goes on", []string{"probe", "--timeout", "2", "--tool", "slow", "--tool", "echo"}, nil, 1, []string{
			"slow  FAIL", "minimal example  timeout", "timed out", "echo  PASS"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			target, _ := fixtureCmd(t)
			args := append(withTarget(target, tt.flags...), tt.after...)
			r := runToolbench(t, context.Background(), "", args...)
			if r.code != tt.code {
				t.Errorf("exit %d, want %d\n%s%s", r.code, tt.code, r.out, r.err)
			}
			for _, w := range tt.out {
				if !strings.Contains(squeezeSpaces(r.out), squeezeSpaces(w)) {
					t.Errorf("report lacks %q:\n%s", w, r.out)
				}
			}
			if tt.code == 1 && !strings.Contains(r.err, "toolbench: probe found problems:") {
				t.Errorf("stderr: %s", r.err)
			}
		})
	}
}

// TestProbeJSON checks the shape of --json: the report with every call.
func TestProbeJSON(t *testing.T) {
	// Not parallel with the rest: it starts many servers, and on a small
	// machine that load would trip the tight timeouts of other tests.
	target, recorded := fixtureCmd(t)
	r := runToolbench(t, context.Background(), "", withTarget(target, "probe", "--json", "--tool", "weather_broken", "--tool", "create_order")...)
	if r.code != 1 {
		t.Errorf("exit %d\n%s", r.code, r.err)
	}
	var rep probe.Report
	if err := json.Unmarshal([]byte(r.out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, r.out)
	}
	var raw struct {
		Tools []map[string]json.RawMessage `json:"tools"`
	}
	_ = json.Unmarshal([]byte(r.out), &raw)
	for _, key := range []string{"name", "verdict", "valid", "invalid", "output", "durationMs"} {
		if raw.Tools[0][key] == nil {
			t.Errorf("tools[0] lacks %q: %s", key, r.out)
		}
	}
	if rep.Server != "toolbench-demo 1.0.0" || rep.Transport != "stdio" || rep.Options.MaxCases != probe.DefaultMaxCases ||
		rep.Options.Elicit != "decline" || rep.Summary.Tools != 2 || rep.Summary.Failed != 1 || rep.Summary.Skipped != 1 {
		t.Errorf("report header/summary: %+v %+v", rep.Options, rep.Summary)
	}
	wb := rep.Tools[0]
	if wb.Name != "weather_broken" || wb.Verdict != probe.Fail || wb.Output == nil || len(wb.Output.Errors) != 3 ||
		compactedJSON(wb.Valid[0].Arguments) != `{"city":"Berlin"}` || len(wb.Invalid) != 4 {
		t.Errorf("weather_broken: %+v", wb)
	}
	if c := wb.Invalid[1]; c.Kind != probe.KindType || c.Pointer != "/city" || compactedJSON(c.Arguments) != `{"city":12345}` ||
		c.Violation != "/city: got number, want string" || c.Outcome != probe.OutcomeResult || c.Verdict != probe.Warn {
		t.Errorf("invalid case: %+v", c)
	}
	// What the report says was sent is what the server received.
	if !strings.Contains(recorded(), `"tool":"weather_broken","event":"call","arguments":{"city":12345}`) {
		t.Errorf("the fixture did not record the wrong-type call:\n%s", recorded())
	}
}

// squeezeSpaces collapses runs of spaces, so table rows compare whatever the
// column widths.
func squeezeSpaces(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

// compactedJSON is raw without insignificant whitespace.
func compactedJSON(raw []byte) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}

func TestProbeUsage(t *testing.T) {
	t.Parallel()
	target, _ := fixtureCmd(t)
	tests := []struct {
		flags []string
		want  string
	}{
		{[]string{"probe", "--tool", "ech0"}, `the server has no tool "ech0"; did you mean "echo"?`},
		{[]string{"probe", "--elicit", "maybe"}, `--elicit "maybe" is not a policy (accept-defaults, decline, cancel) and not a file`},
		{[]string{"probe", "--max-cases", "-1"}, "--max-cases must not be negative"},
	}
	for _, tt := range tests {
		r := runToolbench(t, context.Background(), "", withTarget(target, tt.flags...)...)
		if r.code != exitUsage || !strings.Contains(r.err, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want %q", tt.flags, r.code, r.err, tt.want)
		}
	}
	if r := runToolbench(t, context.Background(), "", "probe"); r.code != exitUsage || !strings.Contains(r.err, "no server given") {
		t.Errorf("no target: exit %d %s", r.code, r.err)
	}
}

// TestProbePrintsEachToolWhenDone: a tool's block is on stdout while the
// next tool's call still runs (slow, unbounded, waits 30 s), not only when
// the whole probe ends.
func TestProbePrintsEachToolWhenDone(t *testing.T) {
	target, _ := fixtureCmd(t)
	var out, errOut testkit.Buffer
	st := &streams{In: strings.NewReader(""), Out: &out, Err: &errOut}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, withTarget(target, "probe", "--call-timeout", "0", "--tool", "echo", "--tool", "slow"), testFactory(st))
	}()
	deadline := time.After(20 * time.Second)
	for !strings.Contains(out.String(), "echo  PASS") || !strings.Contains(out.String(), "output: not checked") {
		select {
		case code := <-done:
			t.Fatalf("the probe ended (exit %d) before its first block was seen:\n%s%s", code, out.String(), errOut.String())
		case <-deadline:
			t.Fatalf("echo's block never showed while slow ran:\n%s%s", out.String(), errOut.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
	if strings.Contains(out.String(), "slow  ") {
		t.Errorf("slow is reported before its call ended:\n%s", out.String())
	}
	cancel()
	if code := <-done; code == exitOK {
		t.Errorf("an interrupted probe exits %d", code)
	}
}

// TestProbeTaskRequiredTool: a tool whose taskSupport is required is run
// as a task, as call runs it, instead of being skipped.
func TestProbeTaskRequiredTool(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", withTarget(tasksCmd(t, "legacy"), "probe", "--allow-destructive", "--tool", "steps")...)
	if r.code != exitOK || !strings.Contains(squeezeSpaces(r.out), "steps PASS") || strings.Contains(r.out, "requires task augmentation") {
		t.Errorf("exit %d\n%s%s", r.code, r.out, r.err)
	}
}
