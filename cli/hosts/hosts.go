// Package hosts is `toolbench hosts`: will this server's tools work in
// Claude Code, ChatGPT, Cursor, VS Code, Codex, Gemini CLI…? It judges a
// server's tools with check/host and prints the matrix of verdicts (a
// server-level row, then a row per tool, a column per host), the findings
// behind them for the hosts asked about, the catalogue's rules, JSON or
// SARIF, and fails for CI past --fail-on.
package hosts

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/tool"
)

// Options are what `toolbench hosts` runs with, filled by its flags and
// checked before any server starts.
type Options struct {
	reach.Live
	// OnServer is false with --tools-file and --rules: no server is
	// reached.
	OnServer bool
	// ToolsFile is --tools-file: a saved tools/list result, - for stdin.
	ToolsFile string
	// Config is the server's name in an mcpServers file when the target
	// named one: the default server key.
	Config string
	// Format is text, json or sarif (--json is json).
	Format string
	// FailOn is --fail-on, read.
	FailOn FailOn
	// Hosts are the hosts judged, in matrix order; Detail says --host
	// narrowed them, so each of their findings is printed.
	Hosts  []host.ID
	Detail bool
	// ServerName is --server-name; empty means the default (ServerKey).
	ServerName string
	// Provider is --provider read: "" for any.
	Provider host.Provider
	// Rules is --rules: list the catalogue, judge nothing.
	Rules bool
	// Probe is --probe: call each tool the probe may call with a valid
	// example and judge the results too. AllowDestructive is
	// --allow-destructive: the probe also calls tools not marked
	// readOnlyHint.
	Probe, AllowDestructive bool
	// Version is toolbench's, which SARIF names as the tool's.
	Version string

	conn                     reach.ConnFlags
	format, failOn, provider string
	json                     bool
	hostWords                []string
}

// NewCmdHosts is `toolbench hosts`. runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdHosts(f *reach.Factory, runF func(*Options) error) *cobra.Command {
	o := &Options{Version: f.ClientVersion}
	cmd := reach.TargetCommand(&cobra.Command{
		Use:   "hosts [flags] (TARGET | --tools-file FILE | --rules)",
		Short: "Say whether each tool works in Claude Code, ChatGPT, Cursor, VS Code and 10 more hosts",
		Long: `Judge every tool for 14 MCP hosts with a catalogue of what each host does
to a server's tools, and print a matrix: a server-level row first (many
hosts drop a whole server over one tool), then a row per tool, a column
per host. A cell is works (ok), unknown (?: no source says what this host
does with what the tool does), degraded (deg: renamed, cut, keywords
stripped, a different payload reaches the model), hidden (HID: the host
drops the tool, or the whole server) or rejected (REJ: the host or its
model provider answers with an error).

--host narrows the hosts and prints every finding behind their verdicts:
the rule, what was found, what the host does, the fix, each source with
its date. --server-name is the key the host's configuration uses for the
server, which prefixed names are made of; it defaults to the config name,
else the name the server reports, else the tools file's "serverName" or
its file name, and the output says which. --provider picks the model
behind the hosts that let you choose one; without it, a list under the
matrix names the verdicts that hold only with some model. Exits 1 when a verdict anywhere,
the server row included, is at or worse than --fail-on (hidden by
default). --rules lists every rule with its sources and each host's
evidence date.

A live target is judged on what it answered as well: every list page on
the era it negotiated (a 2026-07-28 list without ttlMs and cacheScope,
pagination) and its instructions. --probe also calls each read-only tool
(every tool with --allow-destructive) with a valid example and judges the
result (an outputSchema answered without structuredContent, structured and
text content that differ, a result too large).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.resolve(f, args); err != nil {
				return err
			}
			return reach.RunWith(cmd.Context(), o, runF, hostsRun)
		},
	})
	cmd.Example = exampleHosts
	o.conn.AddFlags(cmd.Flags())
	fs := cmd.Flags()
	fs.StringVar(&o.ToolsFile, "tools-file", "", "read tools from a saved tools/list result instead of a server (- for stdin)")
	fs.StringVar(&o.format, "format", "text", "output `format`: text, json or sarif")
	fs.BoolVar(&o.json, "json", false, "same as --format json")
	fs.StringVar(&o.failOn, "fail-on", defaultFailOn, "exit 1 when a verdict is at least this bad: rejected, hidden, degraded, unknown or never")
	fs.StringArrayVar(&o.hostWords, "host", nil, "judge only these hosts, `ID[,ID...]`, and print their findings (repeatable)")
	fs.StringVar(&o.ServerName, "server-name", "", "the `NAME` hosts' configurations give the server (default: the config name, the reported name, or the file's)")
	fs.StringVar(&o.provider, "provider", "any", "the model behind hosts that let you choose: anthropic, openai, gemini or any")
	fs.BoolVar(&o.Rules, "rules", false, "list every rule of the catalogue, with its hosts, sources and dates; no server needed")
	fs.BoolVar(&o.Probe, "probe", false, "also call every read-only tool with a valid example and judge its result")
	fs.BoolVar(&o.AllowDestructive, "allow-destructive", false, "with --probe, also call tools not marked readOnlyHint: true")
	return cmd
}

// resolve checks the flags and reads where the tools come from, before
// anything starts: a bad host id or verdict is refused without a server.
func (o *Options) resolve(f *reach.Factory, args []string) error {
	o.IO, o.Verbose = f.IO, f.Verbose
	if err := o.readFlags(); err != nil {
		return err
	}
	switch {
	case o.Rules:
		if len(args) > 0 || o.ToolsFile != "" {
			return usage.Errorf("--rules lists the catalogue: give it no server and no --tools-file")
		}
		if o.Format == "sarif" {
			return usage.Errorf("--rules prints text or --json, not SARIF")
		}
		return nil
	case o.ToolsFile != "":
		if len(args) > 0 {
			return usage.Errorf("give a server or --tools-file, not both")
		}
		if o.Probe {
			return usage.Errorf("--probe calls the server's tools: give a server, not --tools-file")
		}
		return nil
	}
	if o.AllowDestructive && !o.Probe {
		return usage.Errorf("--allow-destructive goes with --probe")
	}
	o.OnServer = true
	if err := o.conn.Bind(f, &o.Live, args); err != nil {
		return err
	}
	o.Config = o.Server.Target.Name
	return nil
}

// readFlags reads the flags that need reading: --format, --fail-on,
// --host and --provider.
func (o *Options) readFlags() error {
	o.Format = o.format
	if o.json {
		o.Format = "json"
	}
	if o.Format != "text" && o.Format != "json" && o.Format != "sarif" {
		return usage.Errorf("--format %q: want text, json or sarif", o.Format)
	}
	var err error
	if o.FailOn, err = parseFailOn(o.failOn); err != nil {
		return usage.Errorf("%v", err)
	}
	if o.Hosts, err = host.ParseIDs(o.hostWords); err != nil {
		return usage.Errorf("--host: %v", err)
	}
	o.Detail = len(o.hostWords) > 0
	if o.Provider, err = host.ParseProvider(o.provider); err != nil {
		return usage.Errorf("--provider: %v", err)
	}
	return nil
}

// hostsRun judges the tools and prints the report, or lists the rules.
func hostsRun(ctx context.Context, o *Options) error {
	if o.Rules {
		return printRules(o.IO, o.Format == "json")
	}
	if o.OnServer {
		return o.judgeLive(ctx)
	}
	tools, keys, err := o.loadFile()
	if err != nil {
		return err
	}
	name, from := reach.ServerKey(keys)
	r := host.Judge(tools, host.Options{Hosts: o.Hosts, Server: name, ServerFrom: from, Provider: o.Provider})
	if err := o.write(r, len(tools)); err != nil {
		return err
	}
	return o.FailOn.check(r)
}

// loadFile reads --tools-file, with what may name the server.
func (o *Options) loadFile() ([]tool.Tool, reach.KeySources, error) {
	keys := reach.KeySources{Flag: o.ServerName, Config: o.Config}
	data, err := o.IO.ReadFile(o.ToolsFile)
	if err != nil {
		return nil, keys, usage.Errorf("--tools-file: %v", err)
	}
	tools, err := tool.ParseList(data)
	if err != nil {
		return nil, keys, usage.Errorf("--tools-file %s: %v", o.ToolsFile, err)
	}
	keys.File, keys.Data = o.ToolsFile, data
	return tools, keys, nil
}
