package root

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/cli/call"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/schemaform"
)

// TestArgumentsErrorIsData: arguments that break the inputSchema are an
// *call.ArgumentsError carrying each violation; exit.go maps it to 2 and
// explain.go alone puts it into words, one line per violation.
func TestArgumentsErrorIsData(t *testing.T) {
	t.Parallel()
	err := fmt.Errorf("call: %w", &call.ArgumentsError{Tool: "echo", Violations: []schemaform.Violation{
		{InstancePath: "/message", Message: "got number, want string"}, {InstancePath: "", Message: "missing property 'id'"}}})
	if exitCode(err) != exitUsage {
		t.Errorf("exit %d, want %d", exitCode(err), exitUsage)
	}
	want := []string{`call: the arguments do not match the inputSchema of "echo" (2 violations)`,
		"  /message: got number, want string", "  (root): missing property 'id'",
		"  hint: fix them, or send them anyway with --no-validate"}
	if got := explain(err); !reflect.DeepEqual(got, want) {
		t.Errorf("explain:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	target, _ := fixtureCmd(t)
	r := runToolbench(t, context.Background(), "", withTarget(target, "call", "echo", "--args", `{"message": 5}`)...)
	if r.code != exitUsage || !strings.HasPrefix(r.err, `toolbench: the arguments do not match the inputSchema of "echo" (1 violation)`+"\n  /message: got number, want string\n") {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.err)
	}
}

// TestInterruptedIsOneOutcome: whatever the command's error, a signal
// makes the outcome errInterrupted: exit 5, one line.
func TestInterruptedIsOneOutcome(t *testing.T) {
	t.Parallel()
	if exitCode(errInterrupted) != exitTimeout || !reflect.DeepEqual(explain(errInterrupted), []string{"interrupted"}) {
		t.Errorf("exit %d, %q", exitCode(errInterrupted), explain(errInterrupted))
	}
	if errors.Is(errInterrupted, output.ErrToolReportedError) || silent(errInterrupted) {
		t.Error("an interruption must be said")
	}
}
