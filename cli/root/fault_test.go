package root

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/fault"
)

// faultArgs returns target arguments that start the named fault fixture:
// -e TOOLBENCH_FIXTURE_SERVE=fault -e TOOLBENCH_FIXTURE_FAULT=NAME and the
// test binary.
func faultArgs(name string, extraEnv ...string) []string {
	return loggedFaultArgs(name, "", extraEnv...)
}

// loggedFaultArgs is faultArgs for a fault fixture that records tool events
// to logPath.
func loggedFaultArgs(name, logPath string, extraEnv ...string) []string {
	path, env := fault.Command(name, logPath)
	var args []string
	for _, e := range append(env, extraEnv...) {
		args = append(args, "-e", e)
	}
	return append(args, path)
}

// faultRow is one row of the fault matrix as the command line sees it.
type faultRow struct {
	name  string
	args  []string
	code  int
	inErr []string // fragments stderr must contain
	// verify looks at the whole outcome, when fragments are not enough.
	verify func(t *testing.T, r result)
	// budget bounds the run's wall time.
	budget time.Duration
}

// faultRows is the matrix: exit codes follow exit.go. A server that dies
// mid-call exits 3 like one that never started, because the connection is
// what failed: 1 would say the tool reported an error, and a script must
// not retry a crash as if it were a tool's answer. A cursor loop exits 1:
// the server answered, and its answer is broken.
func faultRows() []faultRow {
	echo := []string{"call", "echo", "--args", `{"message":"hello"}`}
	saysHello := func(t *testing.T, r result) {
		if !strings.Contains(r.out, "hello") || strings.Contains(r.out, "BAD FRAME") || strings.Contains(r.out, "stray answer") {
			t.Errorf("stdout:\n%s", r.out)
		}
	}
	floodCount := fault.FloodCount / faultScale
	return []faultRow{
		{name: fault.ExitBeforeInit, args: []string{"tools"}, code: exitConnect, inErr: []string{
			"toolbench: initialize: the server exited before answering initialize (exit status 3)", "fatal: config missing"}},
		{name: fault.ExitMidCall, args: []string{"call", "work", "--args", "{}"}, code: exitConnect, inErr: []string{
			"toolbench: call work: connection closed: the server exited (exit status 7)", "panic: boom"}},
		{name: fault.HangInit, args: []string{"tools", "--timeout", "0.3"}, code: exitConnect, inErr: []string{
			"toolbench: initialize: no answer to initialize within 300ms", "hint: is this an MCP server?"}},
		// --timeout bounds the start too: 2 s, not 0.3, so a fixture slow to
		// start on a loaded machine (under -race: 1.6 s seen) still gets to
		// the call whose timeout the row is about.
		{name: fault.HangCall, args: []string{"call", "work", "--args", "{}", "--timeout", "2"}, code: exitTimeout,
			inErr: []string{"toolbench: call work: timed out: no answer within 2s"}},
		{name: fault.StdoutNoise, args: echo, verify: saysHello},
		{name: fault.BadFrames, args: echo, verify: saysHello},
		{name: fault.UnknownID, args: echo, verify: saysHello},
		{name: fault.Flood, args: []string{"call", "work", "--args", fmt.Sprintf(`{"count":%d}`, floodCount)},
			budget: 60 * time.Second, verify: func(t *testing.T, r result) {
				if !strings.Contains(r.out, "work done") {
					t.Errorf("stdout:\n%s", r.out)
				}
			}},
		{name: fault.HugeResult, args: []string{"call", "big", "--json", "--args", fmt.Sprintf(`{"bytes":%d}`, fault.HugeTextBytes/faultScale)},
			budget: 60 * time.Second, verify: checkBigJSON},
		{name: fault.HugeResult, args: []string{"call", "many", "--json", "--args", fmt.Sprintf(`{"blocks":%d}`, fault.ManyBlocks/faultScale)},
			budget: 60 * time.Second, verify: checkManyJSON},
		{name: fault.CursorLoop, args: []string{"tools"}, code: exitToolError, inErr: []string{
			`toolbench: list tools: the server repeated cursor "again" on page 2; stopping instead of looping`}},
	}
}

// check runs toolbench with args (the row's command and its target) and
// checks the exit code, stderr and the row's own check. The budget only
// catches a hang: it is far above what any row needs.
func (row faultRow) check(t *testing.T, args []string) {
	t.Helper()
	budget := row.budget
	if budget == 0 {
		budget = 10 * time.Second
	}
	start := time.Now()
	r := runToolbench(t, context.Background(), "", args...)
	elapsed := time.Since(start)
	t.Logf("exit %d in %s; stderr: %.300s", r.code, elapsed, r.err)
	if r.code != row.code {
		t.Errorf("exit code %d, want %d\nstderr: %s", r.code, row.code, r.err)
	}
	for _, want := range row.inErr {
		if !strings.Contains(r.err, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.err)
		}
	}
	if row.code == exitOK && r.err != "" {
		t.Errorf("a successful run printed on stderr:\n%s", r.err)
	}
	if row.verify != nil {
		row.verify(t, r)
	}
	if elapsed > budget {
		t.Errorf("took %s, budget %s", elapsed, budget)
	}
}

// TestFaultMatrixCLI runs every row against its fault fixture. The rows run
// in parallel; goleak checks, once all are done, that none left a goroutine.
func TestFaultMatrixCLI(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) })
	for _, row := range faultRows() {
		t.Run(row.name+"/"+strings.Join(row.args[:min(2, len(row.args))], "_"), func(t *testing.T) {
			t.Parallel()
			row.check(t, append(row.args, faultArgs(row.name)...))
		})
	}
	t.Run("ctrl-c/hang-call", func(t *testing.T) {
		t.Parallel()
		log := filepath.Join(t.TempDir(), "fault.log")
		ctx, cancel := context.WithCancel(context.Background())
		// Ctrl-C once the call is under way, however long the child took to
		// start.
		cancelWhen(cancel, func() bool { return strings.Contains(readFile(log), `"tool":"work","event":"call"`) })
		r := runToolbench(t, ctx, "", append([]string{"call", "work", "--args", "{}"}, loggedFaultArgs(fault.HangCall, log)...)...)
		if r.code != exitTimeout || !strings.Contains(r.err, "toolbench: call work: cancelled") {
			t.Errorf("exit %d, stderr %q; want 5 and the cancellation", r.code, r.err)
		}
	})
	t.Run("many-tools/tools_--json", func(t *testing.T) {
		t.Parallel()
		path, env := fixture.Command("")
		args := []string{"tools", "--json", "-e", env[0], "-e", fixture.EnvManyTools + "=10000", path}
		r := runToolbench(t, context.Background(), "", args...)
		var doc struct {
			Tools []json.RawMessage `json:"tools"`
		}
		if err := json.Unmarshal([]byte(r.out), &doc); r.code != exitOK || err != nil || len(doc.Tools) < 10000 {
			t.Errorf("exit %d, %d tools (%v); want 0 and 10000 generated ones", r.code, len(doc.Tools), err)
		}
	})
}

// checkBigJSON: --json prints the huge text block whole.
func checkBigJSON(t *testing.T, r result) {
	t.Helper()
	var doc struct {
		Result struct {
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(r.out), &doc); err != nil || len(doc.Result.Content) != 1 {
		t.Fatalf("--json output does not parse (%v); %d bytes", err, len(r.out))
	}
	size := fault.HugeTextBytes / faultScale
	if text := doc.Result.Content[0].Text; len(text) != size || text[size-1] != fault.HugeTextAt(size-1) {
		t.Errorf("text is %d bytes, want %d: the output was cut", len(text), size)
	}
}

// checkManyJSON: --json prints every block.
func checkManyJSON(t *testing.T, r result) {
	t.Helper()
	var doc struct {
		Result struct {
			Content []json.RawMessage `json:"content"`
		} `json:"result"`
	}
	blocks := fault.ManyBlocks / faultScale
	if err := json.Unmarshal([]byte(r.out), &doc); err != nil || len(doc.Result.Content) != blocks {
		t.Fatalf("--json output: %v, %d blocks, want %d", err, len(doc.Result.Content), blocks)
	}
	if last := string(doc.Result.Content[blocks-1]); !strings.Contains(last, fmt.Sprintf(`"block %d"`, blocks)) {
		t.Errorf("last block %s", last)
	}
}
