package root

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/call"
	"github.com/toolbench/toolbench/cli/inspect"
	cliwb "github.com/toolbench/toolbench/cli/workbench"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// parsed runs `toolbench ARGS` with the command build makes in place of
// its namesake, its run replaced by one that keeps the options: what the
// flags and the target words parsed to, with nothing started.
func parsed[T any](t *testing.T, build func(*factory, func(*T) error) *cobra.Command, args ...string) (*T, error) {
	t.Helper()
	return parsedWith(t, nil, build, args...)
}

// parsedWith is parsed on a factory that setup changes first (nil changes
// nothing).
func parsedWith[T any](t *testing.T, setup func(*factory), build func(*factory, func(*T) error) *cobra.Command, args ...string) (*T, error) {
	t.Helper()
	var out, errOut testkit.Buffer
	f := testFactory(&streams{In: strings.NewReader(`{"from":"stdin"}`), Out: &out, Err: &errOut, OutTTY: true})
	if setup != nil {
		setup(f)
	}
	f.Connect = func(context.Context, target.Target, client.Options) (*client.Session, error) {
		t.Error("a parse test connected to a server")
		return nil, errors.New("no server in parse tests")
	}
	var got *T
	cmd := build(f, func(o *T) error { got = o; return nil })
	root := newRootCmd(f)
	if old, _, err := root.Find([]string{cmd.Name()}); err == nil && old != root {
		root.RemoveCommand(old)
	}
	root.AddCommand(cmd)
	root.SetArgs(args)
	root.SetOut(&out)
	root.SetErr(&errOut)
	err := root.Execute()
	if err == nil && got == nil {
		t.Fatalf("%v: the command did not run", args)
	}
	return got, err
}

// newCmdCall and newCmdProbe are cli/call's commands on f, as the root
// command registers them, for parsed.
func newCmdCall(f *factory, runF func(*call.CallOptions) error) *cobra.Command {
	return call.NewCmdCall(&f.Factory, f.History, runF)
}

func newCmdProbe(f *factory, runF func(*call.ProbeOptions) error) *cobra.Command {
	return call.NewCmdProbe(&f.Factory, runF)
}

// newCmdTools, newCmdInfo, newCmdSchema and newCmdLint are cli/inspect's
// commands on f, as the root command registers them, for parsed.
func newCmdTools(f *factory, runF func(*inspect.ToolsOptions) error) *cobra.Command {
	return inspect.NewCmdTools(&f.Factory, runF)
}

func newCmdInfo(f *factory, runF func(*inspect.InfoOptions) error) *cobra.Command {
	return inspect.NewCmdInfo(&f.Factory, runF)
}

func newCmdSchema(f *factory, runF func(*inspect.SchemaOptions) error) *cobra.Command {
	return inspect.NewCmdSchema(&f.Factory, runF)
}

func newCmdLint(f *factory, runF func(*inspect.LintOptions) error) *cobra.Command {
	return inspect.NewCmdLint(&f.Factory, runF)
}

// newCmdConnect is cli/workbench's connect on f, for parsed.
func newCmdConnect(f *factory, runF func(*cliwb.Options) error) *cobra.Command {
	return cliwb.NewCmdConnect(f.workbench(), runF)
}

// TestTargetFlagsParse: the shared flags and target words fill the
// options of a command that talks to a server; -v works before or after
// the command's name.
func TestTargetFlagsParse(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		args    []string
		target  target.Target
		timeout time.Duration
		verbose bool
		json    bool
	}{
		{"command keeps its flags", []string{"tools", "npx", "-y", "srv", "-v"},
			target.Target{Transport: target.Stdio, Command: "npx", Args: []string{"-y", "srv", "-v"}}, time.Minute, false, false},
		{"-v before the command", []string{"-v", "tools", "--json", "http", "http://127.0.0.1:1/mcp"},
			target.Target{Transport: target.StreamableHTTP, URL: "http://127.0.0.1:1/mcp"}, time.Minute, true, true},
		{"--verbose after it", []string{"tools", "--verbose", "--timeout", "2.5", "sse", "http://h/sse"},
			target.Target{Transport: target.SSE, URL: "http://h/sse"}, 2500 * time.Millisecond, true, false},
		{"stdio settings", []string{"tools", "-e", "A=1", "-e", "HOME", "--inherit-env", "--cwd", "/tmp", "--", "node", "s.js"},
			target.Target{Transport: target.Stdio, Command: "node", Args: []string{"s.js"}, Env: []string{"A=1", "HOME"}, InheritEnv: true, Dir: "/tmp"}, time.Minute, false, false},
		{"HTTP settings", []string{"tools", "-H", "Authorization: Bearer x", "--ca-cert", "parse_test.go", "--insecure", "https://h/mcp"},
			target.Target{Transport: target.Auto, URL: "https://h/mcp", Header: http.Header{"Authorization": {"Bearer x"}}, CACertFile: "parse_test.go", Insecure: true}, time.Minute, false, false},
		{"redirects", []string{"tools", "--follow-redirects", "sse", "http://h/sse"},
			target.Target{Transport: target.SSE, URL: "http://h/sse", FollowRedirects: true}, time.Minute, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := parsed(t, newCmdTools, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Server.Target, tt.target) || got.Server.Options.Timeout != tt.timeout || got.Verbose != tt.verbose || got.JSON != tt.json {
				t.Errorf("got %#v, timeout %s, verbose %v, json %v", got.Server.Target, got.Server.Options.Timeout, got.Verbose, got.JSON)
			}
		})
	}
}

// TestTargetFlagsRefused: mistakes are usage errors before anything
// starts, and none echoes a header value.
func TestTargetFlagsRefused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"tools"}, "no server given"},
		{[]string{"tools", "ftp://files.example.com/mcp"}, "toolbench reaches servers over http:// or https://, not ftp://"},
		{[]string{"tools", "http:///mcp"}, `"http:///mcp" has no host`},
		{[]string{"tools", "-H", "Authorization Bearer s3cret", "http://h/mcp"}, "-H #1: want 'Name: value' (no ':' found)"},
		{[]string{"tools", "-H", "A: 1", "-H", "Authorization: s3cret\r\nX: y", "http://h/mcp"}, "-H #2 (Authorization): the value holds a line break (CR or LF)"},
		{[]string{"tools", "--insecure", "node", "server.js"}, "--ca-cert and --insecure apply to https:// servers"},
		{[]string{"tools", "--follow-redirects", "node", "server.js"}, "--follow-redirects applies to HTTP servers"},
		{[]string{"tools", "-e", "TOOLBENCH_TEST_NEVER_SET_VAR", "node"}, "TOOLBENCH_TEST_NEVER_SET_VAR is not set in toolbench's environment"},
		{[]string{"tools", "--timeout", "soon", "node"}, `--timeout "soon"`},
		{[]string{"tools", "--nope", "node"}, "unknown flag: --nope (see 'toolbench tools --help')"},
	}
	for _, tt := range tests {
		_, err := parsed(t, newCmdTools, tt.args...)
		if exitCode(err) != exitUsage || err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("%q: got %v (exit %d), want a usage error containing %q", tt.args, err, exitCode(err), tt.want)
		}
	}
}

func TestCallParse(t *testing.T) {
	t.Parallel()
	got, err := parsed(t, newCmdCall, "-v", "call", "echo", "--args", `{"message": "hi"}`, "--arg", "n=1", "--no-validate", "--json", "node", "s.js", "--args", "x")
	if err != nil {
		t.Fatal(err)
	}
	if got.Tool != "echo" || string(got.Base) != `{"message": "hi"}` || !reflect.DeepEqual(got.ArgPairs, []string{"n=1"}) || !got.NoValidate || !got.JSON || !got.Verbose ||
		!reflect.DeepEqual(got.Server.Target.Args, []string{"s.js", "--args", "x"}) {
		t.Errorf("got %+v", got)
	}
	got, err = parsed(t, newCmdCall, "call", "echo", "--args-file", "-", "demo")
	if err != nil || string(got.Base) != `{"from":"stdin"}` || got.Server.Target.Name != target.DemoWord {
		t.Errorf("args from stdin on the demo: %+v, %v", got, err)
	}
	for _, bad := range [][]string{{"call"}, {"call", "echo", "--args", "[1]", "node"}, {"call", "echo", "--args", "{}", "--args-file", "x", "node"}, {"call", "echo"}} {
		if _, err := parsed(t, newCmdCall, bad...); exitCode(err) != exitUsage {
			t.Errorf("%q: got %v, want a usage error", bad, err)
		}
	}
}

func TestSchemaSourceParse(t *testing.T) {
	t.Parallel()
	got, err := parsed(t, newCmdSchema, "schema", "echo", "--outline", "--tools-file", "x.json")
	if err != nil || got.Tool != "echo" || !got.Outline || got.ToolsFile != "x.json" || got.OnServer {
		t.Errorf("schema --tools-file: %+v, %v", got, err)
	}
	got, err = parsed(t, newCmdSchema, "schema", "echo", "--as", "gemini", "http", "http://h/mcp")
	if err != nil || got.As != "gemini" || !got.OnServer || got.Server.Target.URL != "http://h/mcp" {
		t.Errorf("schema --as on a server: %+v, %v", got, err)
	}
	lint, err := parsed(t, newCmdLint, "lint", "--fail-on", "warning", "--tool", "a", "-v", "demo")
	if err != nil || lint.FailOn != "warning" || !reflect.DeepEqual(lint.Tools, []string{"a"}) || !lint.Verbose || !lint.OnServer {
		t.Errorf("lint: %+v, %v", lint, err)
	}
	for _, bad := range [][]string{{"lint", "--tools-file", "x.json", "node"}, {"schema", "echo", "--as", "nope", "--tools-file", "x"}, {"lint"}} {
		build := newCmdLint
		if bad[0] == "schema" {
			if _, err := parsed(t, newCmdSchema, bad...); exitCode(err) != exitUsage {
				t.Errorf("%q: got %v, want a usage error", bad, err)
			}
			continue
		}
		if _, err := parsed(t, build, bad...); exitCode(err) != exitUsage {
			t.Errorf("%q: got %v, want a usage error", bad, err)
		}
	}
}

func TestProbeParse(t *testing.T) {
	t.Parallel()
	got, err := parsed(t, newCmdProbe, "probe", "--allow-destructive", "--max-cases", "3", "http://h/mcp", "--tool", "echo")
	if err != nil || !got.AllowDestructive || got.MaxCases != 3 || !reflect.DeepEqual(got.Tools, []string{"echo"}) || got.Server.Target.URL != "http://h/mcp" {
		t.Errorf("probe: %+v, %v", got, err)
	}
	if _, err := parsed(t, newCmdProbe, "probe", "--elicit", "sometimes", "node"); exitCode(err) != exitUsage {
		t.Errorf("probe --elicit: got %v", err)
	}
}

// TestConnectWithoutTargetNamesDemo: a first `toolbench connect` with no
// server is told of the one that needs nothing installed.
func TestConnectWithoutTargetNamesDemo(t *testing.T) {
	t.Parallel()
	r := runToolbench(t, context.Background(), "", "connect")
	if r.code != exitUsage || !strings.Contains(r.err, "no server given") || !strings.Contains(r.err, "toolbench demo") {
		t.Errorf("exit %d, want %d and a mention of toolbench demo:\n%s", r.code, exitUsage, r.err)
	}
}
