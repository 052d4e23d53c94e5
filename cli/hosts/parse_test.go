package hosts

import (
	"errors"
	"reflect"
	"testing"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/reach/reachtest"
	"github.com/toolbench/toolbench/cli/usage"
)

// TestParse: the flags fill the options, read, before any server starts;
// a bad host, verdict, provider or format, or a server beside
// --tools-file or --rules, is a usage error.
func TestParse(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		args []string
		want func(o *Options) bool
	}{
		{"defaults on a file", []string{"--tools-file", "x.json"}, func(o *Options) bool {
			return !o.OnServer && o.ToolsFile == "x.json" && o.Format == "text" && o.FailOn == FailOn{At: host.Hidden} &&
				reflect.DeepEqual(o.Hosts, host.IDs()) && !o.Detail && o.Provider == "" && o.Version == "1.2.3"
		}},
		{"hosts repeated and listed", []string{"--host", "claude-code,cursor", "--host", "zed", "--tools-file", "-"}, func(o *Options) bool {
			return reflect.DeepEqual(o.Hosts, []host.ID{host.ClaudeCode, host.Cursor, host.Zed}) && o.Detail
		}},
		{"a live server", []string{"--json", "--fail-on", "degraded", "--provider", "gemini", "--server-name", "gh", "http://127.0.0.1:1/mcp"}, func(o *Options) bool {
			return o.OnServer && o.Server.Target.URL == "http://127.0.0.1:1/mcp" && o.Format == "json" &&
				o.FailOn == FailOn{At: host.Degraded} && o.Provider == host.Gemini && o.ServerName == "gh" && o.Config == ""
		}},
		{"never fails", []string{"--fail-on", "never", "--format", "sarif", "--tools-file", "x"}, func(o *Options) bool {
			return o.FailOn.Never && o.Format == "sarif"
		}},
		{"rules without a server", []string{"--rules", "--json"}, func(o *Options) bool { return o.Rules && !o.OnServer && o.Format == "json" }},
		{"probe a live server", []string{"--probe", "--allow-destructive", "http://127.0.0.1:1/mcp"}, func(o *Options) bool {
			return o.OnServer && o.Probe && o.AllowDestructive
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got, err := reachtest.Parse(t, reachtest.Factory(t, ""), NewCmdHosts, c.args...)
			if err != nil || !c.want(got) {
				t.Errorf("%q: %+v, %v", c.args, got, err)
			}
		})
	}
}

// TestParseRefuses: what cannot run is refused as a usage error, with no
// server started (the factory fails a test that connects).
func TestParseRefuses(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"--host", "claude", "--tools-file", "x"},
		{"--fail-on", "works", "--tools-file", "x"},
		{"--fail-on", "bad", "--tools-file", "x"},
		{"--provider", "mistral", "--tools-file", "x"},
		{"--format", "xml", "--tools-file", "x"},
		{"--tools-file", "x", "node", "s.js"},
		{"--rules", "http://127.0.0.1:1/mcp"},
		{"--rules", "--tools-file", "x"},
		{"--rules", "--format", "sarif"},
		{"--probe", "--tools-file", "x"},
		{"--allow-destructive", "http://127.0.0.1:1/mcp"},
	} {
		t.Run(args[0]+" "+args[1], func(t *testing.T) {
			t.Parallel()
			if _, err := reachtest.Parse(t, reachtest.Factory(t, ""), NewCmdHosts, args...); !errors.As(err, new(usage.Error)) {
				t.Errorf("%q: got %v, want a usage error", args, err)
			}
		})
	}
}
