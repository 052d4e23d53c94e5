package inspect

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/suite"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/tool"
)

// LintOptions are what `toolbench lint` runs with, filled by its flags.
type LintOptions struct {
	Source
	// Format is --format: text, json or sarif.
	Format string
	// JSON is --json, the same as --format json.
	JSON bool
	// FailOn is the least severity that fails the command.
	FailOn string
	// Tools are the tools to lint; none means every one.
	Tools []string
	// Version is toolbench's, which SARIF names as the tool's.
	Version string
	// Hosts is --host: the ids of the hosts whose verdicts become
	// findings; none means no host is judged.
	Hosts []string
	// ServerName is --server-name, the key host prefixes are made of.
	ServerName string
}

// ErrLintFailed means findings at or above --fail-on severity were printed.
var ErrLintFailed = errors.New("lint found problems")

// NewCmdLint is `toolbench lint`. runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdLint(f *reach.Factory, runF func(*LintOptions) error) *cobra.Command {
	o := &LintOptions{Version: f.ClientVersion}
	cmd := reach.TargetCommand(&cobra.Command{
		Use:   "lint [flags] (TARGET | --tools-file FILE)",
		Short: "Judge every tool's schema the way the design guides do",
		Long: `Check every tool against toolbench's schema rules: descriptions present and
useful, enum instead of values listed in prose, integer for counts and ids,
required consistent, nesting at most three levels, defaults stated, and
whether the tool would be accepted as an OpenAI strict function, an
Anthropic tool and a Gemini function declaration. Findings print errors
first, then warnings, then infos, each grouped by tool, then a summary.
Provider findings are infos; one that makes a provider's converted form
unusable says "blocks PROVIDER", as schema --as calls it a blocker. --host
adds what the hosts named do to each tool (see 'toolbench hosts'): a tool
they reject or hide is an error, one they degrade a warning, one no source
speaks for an info, each naming its host and sources. Exits 1
when a finding is at or above --fail-on (error by default). --tools-file
reads a saved tools/list result, so CI can lint without running the server.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.resolve(f, args); err != nil {
				return err
			}
			return reach.RunWith(cmd.Context(), o, runF, lintRun)
		},
	})
	cmd.Example = exampleLint
	o.conn.AddFlags(cmd.Flags())
	fs := cmd.Flags()
	fs.StringVar(&o.ToolsFile, "tools-file", "", "read tools from a saved tools/list result instead of a server (- for stdin)")
	fs.StringVar(&o.Format, "format", "text", "output `format`: text, json or sarif")
	fs.BoolVar(&o.JSON, "json", false, "same as --format json")
	fs.StringVar(&o.FailOn, "fail-on", "error", "exit 1 when a finding is at least this `severity`: error, warning or info")
	fs.StringArrayVar(&o.Tools, "tool", nil, "lint only this tool (repeatable)")
	fs.StringArrayVar(&o.Hosts, "host", nil, "add the verdicts of these hosts, `ID[,ID...]`, as findings (repeatable; see toolbench hosts)")
	fs.StringVar(&o.ServerName, "server-name", "", "with --host, the `NAME` hosts' configurations give the server (default: the config name, the reported name, or the file's)")
	return cmd
}

func lintRun(ctx context.Context, o *LintOptions) error {
	st := o.IO
	if o.JSON {
		o.Format = "json"
	}
	if o.Format != "text" && o.Format != "json" && o.Format != "sarif" {
		return usage.Errorf("--format %q: want text, json or sarif", o.Format)
	}
	failOn, err := check.ParseSeverity(o.FailOn)
	if err != nil {
		return usage.Errorf("--fail-on: %v", err)
	}
	ids, err := lintHosts(o.Hosts)
	if err != nil {
		return err
	}
	all, err := o.loadTools(ctx)
	if err != nil {
		return err
	}
	tools, err := pickTools(all, o.Tools)
	if err != nil {
		return err
	}
	findings := suite.Check(tools)
	if len(ids) > 0 {
		findings = withHosts(findings, tools, o.judgeHosts(tools, ids))
	}
	switch o.Format {
	case "json":
		err = iostreams.WriteJSON(st.Out, map[string]any{"tools": len(tools), "findings": orEmptyList(findings), "summary": countBySeverity(findings)})
	case "sarif":
		var log suite.SARIFLog
		if log, err = suite.SARIF(findings, o.ToolsFile, o.Version); err == nil {
			err = iostreams.WriteJSON(st.Out, log)
		}
	default:
		printFindings(st, tools, findings)
	}
	if err != nil {
		return err
	}
	for _, f := range findings {
		if f.Severity <= failOn {
			return ErrLintFailed
		}
	}
	return nil
}

// pickTools keeps the named tools, refusing names the server lacks.
func pickTools(tools []tool.Tool, names []string) ([]tool.Tool, error) {
	if len(names) == 0 {
		return tools, nil
	}
	var out []tool.Tool
	for _, n := range names {
		t, err := reach.FindTool(tools, n)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// countBySeverity is the summary --json prints: {"error": 3, "warning": 5,
// "info": 2}.
func countBySeverity(findings []check.Finding) map[string]int {
	out := map[string]int{}
	c := check.Count(findings)
	for _, sev := range check.Severities() {
		out[sev.String()] = c.Of(sev)
	}
	return out
}

// printFindings prints the findings errors first, then warnings, then
// infos, each section grouped by tool in list order, and the summary.
func printFindings(st *iostreams.Streams, tools []tool.Tool, findings []check.Finding) {
	safe := iostreams.TextFor(st)
	c := check.Count(findings)
	for _, sev := range check.Severities() {
		if c.Of(sev) == 0 {
			continue
		}
		heading := plural.Of(sev.String())
		fmt.Fprintf(st.Out, "%s%s (%d)\n", strings.ToUpper(heading[:1]), heading[1:], c.Of(sev))
		current := ""
		for _, f := range findings {
			if f.Severity != sev {
				continue
			}
			if f.Tool != current {
				current = f.Tool
				fmt.Fprintf(st.Out, "%s\n", safe(f.Tool))
			}
			printFinding(st, safe, f)
		}
		fmt.Fprintln(st.Out)
	}
	fmt.Fprintf(st.Out, "%s in %s.\n", c, plural.Count(len(tools), "tool"))
	if c.Blocking > 0 {
		as := "PROVIDER"
		if len(c.Blocked) == 1 {
			as = c.Blocked[0]
		}
		fmt.Fprintf(st.Out, "%s; toolbench schema TOOL --as %s shows the converted tool.\n", c.Blocks(), as)
	}
}

// printFinding prints one finding: severity, rule, pointer and the
// providers it blocks, then its message and fix.
func printFinding(st *iostreams.Streams, safe func(string) string, f check.Finding) {
	blocks := ""
	if f.Blocking() {
		blocks = "  blocks " + strings.Join(f.Blocks, ", ")
	}
	fmt.Fprintf(st.Out, "  %-7s %s  %s%s\n", f.Severity, f.Rule, safe(output.DisplayPath(f.Pointer)), blocks)
	fmt.Fprintf(st.Out, "          %s\n", safe(f.Message))
	if f.Fix != "" {
		fmt.Fprintf(st.Out, "          fix: %s\n", safe(f.Fix))
	}
}
