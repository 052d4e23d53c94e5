package call

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/reach/reachtest"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/history"
)

// parse runs the command build makes on args with its run replaced by one
// that keeps the options: what the flags and the target parsed to, with
// no server started.
func parse[T any](t *testing.T, build func(*reach.Factory, func(*T) error) *cobra.Command, args ...string) (*T, error) {
	t.Helper()
	return reachtest.Parse(t, reachtest.Factory(t, `{"from":"stdin"}`), build, args...)
}

// newCmdCall is NewCmdCall on a history under the test's own directory.
func newCmdCall(t *testing.T) func(*reach.Factory, func(*CallOptions) error) *cobra.Command {
	dir := t.TempDir()
	return func(f *reach.Factory, runF func(*CallOptions) error) *cobra.Command {
		return NewCmdCall(f, func() (*history.Store, error) { return history.Open(dir, history.Options{}) }, runF)
	}
}

// isUsage reports whether err is a usage error, which cli/root maps to 2.
func isUsage(err error) bool { return errors.As(err, new(usage.Error)) }

// TestCallParse: call takes TOOL, then its flags, then a TARGET whose own
// words keep theirs; the arguments are read and checked before anything
// starts.
func TestCallParse(t *testing.T) {
	t.Parallel()
	build := newCmdCall(t)
	got, err := parse(t, build, "echo", "--args", `{"message": "hi"}`, "--arg", "n=1", "--no-validate", "--json", "--task", "node", "s.js", "--args", "x")
	if err != nil {
		t.Fatal(err)
	}
	if got.Tool != "echo" || string(got.Base) != `{"message": "hi"}` || !reflect.DeepEqual(got.ArgPairs, []string{"n=1"}) || !got.NoValidate || !got.JSON || !got.Task ||
		!reflect.DeepEqual(got.Server.Target.Args, []string{"s.js", "--args", "x"}) {
		t.Errorf("got %+v", got)
	}
	got, err = parse(t, build, "echo", "--args-file", "-", "--no-history", "--preset", "usual", "demo")
	if err != nil || string(got.Base) != `{"from":"stdin"}` || !got.Memory.NoHistory || got.Memory.Preset != "usual" {
		t.Errorf("args from stdin, a preset: %+v, %v", got, err)
	}
	for _, bad := range [][]string{{}, {"echo", "--args", "[1]", "node"}, {"echo", "--args", "{}", "--args-file", "x", "node"},
		{"echo", "--save-preset", "two\nlines", "node"}} {
		if _, err := parse(t, build, bad...); !isUsage(err) {
			t.Errorf("%q: got %v, want a usage error", bad, err)
		}
	}
}

// TestProbeParse: probe's flags, --tool after a URL, and the defaults of
// its ask policies.
func TestProbeParse(t *testing.T) {
	t.Parallel()
	got, err := parse(t, NewCmdProbe, "--allow-destructive", "--strict", "--max-cases", "3", "--call-timeout", "2", "http://127.0.0.1:1/mcp", "--tool", "echo")
	if err != nil || !got.AllowDestructive || !got.Strict || got.MaxCases != 3 || got.CallTimeout.Seconds() != 2 ||
		!reflect.DeepEqual(got.Tools, []string{"echo"}) || got.Server.Target.URL != "http://127.0.0.1:1/mcp" {
		t.Errorf("probe: %+v, %v", got, err)
	}
	if got.Asks.Elicit == nil || got.Asks.Elicit.String() != "decline" || got.Asks.Sample == nil || got.Asks.Sample.String() != "reject" {
		t.Errorf("probe's ask defaults: %+v", got.Asks)
	}
	for _, bad := range [][]string{{"--elicit", "sometimes", "node"}, {"--max-cases", "-1", "node"}, {"--call-timeout", "soon", "node"}} {
		if _, err := parse(t, NewCmdProbe, bad...); !isUsage(err) {
			t.Errorf("%q: got %v, want a usage error", bad, err)
		}
	}
}

// TestTestCommandFlags: test takes FILE, then its flags, then a TARGET.
func TestTestCommandFlags(t *testing.T) {
	t.Parallel()
	got, err := parse(t, NewCmdTest, "tests.yaml", "--update", "--json", "--junit", "out.xml", "--elicit", "decline", "--sample", "reject", "node", "server.js")
	if err != nil {
		t.Fatal(err)
	}
	if got.File != "tests.yaml" || !got.Update || !got.JSON || got.JUnit != "out.xml" ||
		got.Asks.Elicit == nil || got.Asks.Elicit.String() != "decline" || got.Asks.Sample == nil || got.Asks.Sample.String() != "reject" {
		t.Errorf("options = %+v", got)
	}
	if got.Server.Target.Command != "node" || strings.Join(got.Server.Target.Args, " ") != "server.js" {
		t.Errorf("target = %+v", got.Server.Target)
	}
}

// TestSplitTrailingTools: --tool after a target that carries no flags of
// its own is probe's; after a server command it is the server's.
func TestSplitTrailingTools(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args, target, names []string
	}{
		{[]string{"http://x/mcp", "--tool", "a", "--tool=b"}, []string{"http://x/mcp"}, []string{"a", "b"}},
		{[]string{"sse", "http://x/sse", "--tool", "a"}, []string{"sse", "http://x/sse"}, []string{"a"}},
		{[]string{"myserver", "--tool", "a"}, []string{"myserver"}, []string{"a"}},
		{[]string{"node", "server.js", "--tool", "a"}, []string{"node", "server.js", "--tool", "a"}, nil},
		{[]string{"myserver"}, []string{"myserver"}, nil},
	}
	for _, tt := range tests {
		target, names := splitTrailingTools(tt.args)
		if strings.Join(target, " ") != strings.Join(tt.target, " ") || strings.Join(names, " ") != strings.Join(tt.names, " ") {
			t.Errorf("%q: target %q names %q", tt.args, target, names)
		}
	}
}

// TestArgsFileReadsAtMost: --args-file stops reading past its limit and
// says so, rather than reading a huge (or endless) file whole.
func TestArgsFileReadsAtMost(t *testing.T) {
	t.Parallel()
	// A valid object one byte past the limit.
	pad := strings.Repeat(" ", maxArgsFile-1)
	o := &CallOptions{argsFile: "-"}
	o.IO = &iostreams.Streams{In: strings.NewReader("{" + pad + "}")}
	_, err := o.readArgs()
	if err == nil || !isUsage(err) || !strings.Contains(err.Error(), "larger than 16 MiB") {
		t.Errorf("err = %v, want a usage error naming the limit", err)
	}
	o.IO = &iostreams.Streams{In: strings.NewReader("{" + pad[1:] + "}")}
	if _, err := o.readArgs(); err != nil {
		t.Errorf("an object of exactly the limit: %v", err)
	}
}
