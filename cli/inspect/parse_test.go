package inspect

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/reach/reachtest"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/target"
)

// parse runs the command build makes on args with its run replaced by one
// that keeps the options: what the flags and the target parsed to, with
// no server started.
func parse[T any](t *testing.T, build func(*reach.Factory, func(*T) error) *cobra.Command, args ...string) (*T, error) {
	t.Helper()
	return reachtest.Parse(t, reachtest.Factory(t, ""), build, args...)
}

// isUsage reports whether err is a usage error, which cli/root maps to 2.
func isUsage(err error) bool { return errors.As(err, new(usage.Error)) }

// TestListingsParse: tools and info take the connection flags and a
// TARGET, and --json.
func TestListingsParse(t *testing.T) {
	t.Parallel()
	tools, err := parse(t, NewCmdTools, "--json", "--timeout", "5", "http://127.0.0.1:1/mcp")
	if err != nil || !tools.JSON || tools.Server.Target.URL != "http://127.0.0.1:1/mcp" || tools.Server.Options.Timeout.Seconds() != 5 {
		t.Errorf("tools: %+v, %v", tools, err)
	}
	info, err := parse(t, NewCmdInfo, "sse", "http://127.0.0.1:1/sse")
	if err != nil || info.JSON || info.Server.Target.Transport != target.SSE {
		t.Errorf("info: %+v, %v", info, err)
	}
}

// TestSchemaParse: schema takes TOOL, then its flags, then a TARGET or
// --tools-file, never both; --as is checked before anything starts.
func TestSchemaParse(t *testing.T) {
	t.Parallel()
	got, err := parse(t, NewCmdSchema, "echo", "--outline", "--output", "--tools-file", "x.json")
	if err != nil || got.Tool != "echo" || !got.Outline || !got.Output || got.ToolsFile != "x.json" || got.OnServer {
		t.Errorf("schema --tools-file: %+v, %v", got, err)
	}
	got, err = parse(t, NewCmdSchema, "echo", "--as", "openai-strict", "--json", "http://127.0.0.1:1/mcp")
	if err != nil || got.As != "openai-strict" || !got.JSON || !got.OnServer || got.Server.Target.URL != "http://127.0.0.1:1/mcp" {
		t.Errorf("schema --as on a server: %+v, %v", got, err)
	}
	for _, bad := range [][]string{
		{"echo", "--as", "nope", "--tools-file", "x"},
		{"echo", "--as", "gemini", "--outline", "--tools-file", "x"},
		{"echo", "--tools-file", "x", "node", "s.js"},
		{},
	} {
		if _, err := parse(t, NewCmdSchema, bad...); !isUsage(err) {
			t.Errorf("schema %q: got %v, want a usage error", bad, err)
		}
	}
}

// TestLintParse: lint's flags fill its options, the version SARIF names
// comes from the factory, and a server beside --tools-file is refused.
func TestLintParse(t *testing.T) {
	t.Parallel()
	got, err := parse(t, NewCmdLint, "--fail-on", "warning", "--tool", "a", "--tool", "b", "--format", "sarif", "--tools-file", "-")
	if err != nil || got.FailOn != "warning" || !reflect.DeepEqual(got.Tools, []string{"a", "b"}) || got.Format != "sarif" ||
		got.ToolsFile != "-" || got.OnServer || got.Version != "1.2.3" {
		t.Errorf("lint: %+v, %v", got, err)
	}
	if _, err := parse(t, NewCmdLint, "--tools-file", "x.json", "node"); !isUsage(err) {
		t.Errorf("lint with a server and --tools-file: got %v, want a usage error", err)
	}
}

// TestLintHostParse: --host and --server-name fill lint's options; an
// unknown host is refused before any tool is read.
func TestLintHostParse(t *testing.T) {
	t.Parallel()
	got, err := parse(t, NewCmdLint, "--host", "claude-code,cursor", "--host", "zed", "--server-name", "gh", "--tools-file", "x.json")
	if err != nil || !reflect.DeepEqual(got.Hosts, []string{"claude-code,cursor", "zed"}) || got.ServerName != "gh" {
		t.Errorf("lint --host: %+v, %v", got, err)
	}
	if _, err := lintHosts([]string{"claude"}); !isUsage(err) {
		t.Errorf("an unknown host: got %v, want a usage error", err)
	}
	if ids, err := lintHosts(nil); ids != nil || err != nil {
		t.Errorf("no --host judges no host: %v, %v", ids, err)
	}
}

// TestSchemaAsHostParse: --as takes a host id as well as a provider, with
// --provider and --server-name; the two go with a host only, and an
// unknown --as or --provider is refused before anything starts.
func TestSchemaAsHostParse(t *testing.T) {
	t.Parallel()
	got, err := parse(t, NewCmdSchema, "echo", "--as", "zed", "--provider", "gemini", "--server-name", "crm", "--tools-file", "x.json")
	if err != nil || got.As != "zed" || got.Provider != "gemini" || got.ServerName != "crm" || got.OnServer {
		t.Errorf("schema --as zed: %+v, %v", got, err)
	}
	got, err = parse(t, NewCmdSchema, "echo", "--as", "claude-code", "--json", "http://127.0.0.1:1/mcp")
	if err != nil || got.As != "claude-code" || !got.JSON || !got.OnServer || got.Provider != "" {
		t.Errorf("schema --as claude-code on a server: %+v, %v", got, err)
	}
	for _, bad := range [][]string{
		{"echo", "--as", "zed", "--provider", "cohere", "--tools-file", "x"},
		{"echo", "--as", "openai", "--provider", "gemini", "--tools-file", "x"},
		{"echo", "--as", "anthropic", "--server-name", "crm", "--tools-file", "x"},
		{"echo", "--provider", "gemini", "--tools-file", "x"},
		{"echo", "--as", "claude-code", "--outline", "--tools-file", "x"},
	} {
		if _, err := parse(t, NewCmdSchema, bad...); !isUsage(err) {
			t.Errorf("schema %q: got %v, want a usage error", bad, err)
		}
	}
	_, err = parse(t, NewCmdSchema, "echo", "--as", "cohere", "--tools-file", "x")
	if !isUsage(err) || !strings.Contains(err.Error(), "(a provider) or claude-code, claude-desktop") {
		t.Errorf("schema --as cohere: %v, want the providers and the hosts named", err)
	}
}
