package beyond

import (
	"errors"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/reach/reachtest"
	"github.com/toolbench/toolbench/cli/usage"
)

// parse runs the command build makes on args with its run replaced by one
// that keeps the options: what the flags and the target parsed to, with
// no server started.
func parse[T any](t *testing.T, build func(*reach.Factory, func(*T) error) *cobra.Command, args ...string) (*T, error) {
	t.Helper()
	return reachtest.Parse(t, reachtest.Factory(t, ""), build, args...)
}

// TestBeyondFlagsParse: the commands' own flags fill their options.
func TestBeyondFlagsParse(t *testing.T) {
	t.Parallel()
	ro, err := parse(t, NewCmdRead, "file:///{a}", "--var", "a=1", "--out", "x.bin", "--json", "--elicit", "decline", "stdio", "srv")
	if err != nil || ro.URI != "file:///{a}" || ro.Vars["a"] != "1" || ro.Out != "x.bin" || !ro.JSON || ro.Asks.Elicit == nil || ro.Server.Target.Command != "srv" {
		t.Errorf("read: %+v, %v", ro, err)
	}
	po, err := parse(t, NewCmdPrompt, "greet", "--arg", "name=a=b", "--no-validate", "srv")
	if err != nil || po.Name != "greet" || po.Args["name"] != "a=b" || !po.NoValidate || po.Server.Target.Command != "srv" {
		t.Errorf("prompt: %+v, %v", po, err)
	}
	to, err := parse(t, NewCmdTask, "result", "7f3a", "--json", "--elicit", "decline", "srv")
	if err != nil || to.Op != "result" || to.ID != "7f3a" || !to.JSON || to.Asks.Elicit == nil || to.Server.Target.Command != "srv" {
		t.Errorf("task result: %+v, %v", to, err)
	}
}

// TestBeyondRefusesBadWords: a missing URI, name or task id and a --var
// or --arg that is no key=value are usage errors, before any server.
func TestBeyondRefusesBadWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		run  func() error
		want string
	}{
		{"read without URI", func() error { _, err := parse(t, NewCmdRead); return err }, "read needs a URI"},
		{"--var without =", func() error { _, err := parse(t, NewCmdRead, "file:///{a}", "--var", "a", "srv"); return err }, `--var "a": want key=value`},
		{"--arg twice", func() error {
			_, err := parse(t, NewCmdPrompt, "greet", "--arg", "k=1", "--arg", "k=2", "srv")
			return err
		}, `"k" is given twice`},
		{"task without ID", func() error { _, err := parse(t, NewCmdTask, "get"); return err }, "task get needs a task ID"},
	}
	for _, tt := range tests {
		err := tt.run()
		if !errors.As(err, new(usage.Error)) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want a usage error saying %q", tt.name, err, tt.want)
		}
	}
}
