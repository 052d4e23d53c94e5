package inspect

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/provider"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/tool"
)

// SchemaOptions are what `toolbench schema` runs with, filled by its flags.
type SchemaOptions struct {
	Source
	// Tool is the tool whose schema is shown.
	Tool string
	// Outline prints the form toolbench builds instead of the schema.
	Outline bool
	// Output works on the outputSchema instead of the inputSchema.
	Output bool
	// JSON prints JSON.
	JSON bool
	// As is --as: the provider whose format the tool is printed in, or the
	// host whose model's view of it is shown.
	As string
	// Provider is --provider: the model behind a host that lets the
	// person choose (anthropic, openai, gemini, or any).
	Provider string
	// ServerName is --server-name: the key the host's configuration uses
	// for the server, which prefixed tool names are made from.
	ServerName string
}

// NewCmdSchema is `toolbench schema`. runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdSchema(f *reach.Factory, runF func(*SchemaOptions) error) *cobra.Command {
	o := &SchemaOptions{}
	cmd := reach.TargetCommand(&cobra.Command{
		Use:   "schema TOOL [flags] (TARGET | --tools-file FILE)",
		Short: "Show a tool's schema, or the form toolbench builds from it",
		Long: `Show TOOL's inputSchema as the server sent it. With --outline, print the form
toolbench builds from it instead: every field with its pointer, control
(input, number, select, subform, list, variant, key/value map, raw JSON...),
required mark and constraints, then a count of fields by control and any
problems found in the schema. --output works on the outputSchema instead.
--tools-file reads a saved tools/list result (toolbench tools --json) instead
of asking a live server.

With --as PROVIDER, print the whole tool the way a model API takes it: mcp
(as sent), openai (a function), openai-strict (a function with strict mode,
its schema reshaped: every property required, optional ones nullable, every
object closed), anthropic (a Messages API tool) or gemini (a function
declaration, $refs inlined). Blockers, which make the converted tool
unusable as is, and notes on what the conversion changed go to stderr.
--as exits 1 when there are blockers, 0 otherwise, notes or not.

With --as HOST (` + hostNames() + `), print the tool as that host
hands it to its model: the name it prefixes or sanitises, the description
it cuts or fills, keywords it strips or rewrites, $refs it inlines or
refuses. Each change goes to stderr as "change  POINTER  WHAT  (RULE;
SOURCE, DATE)", what no source says about the host as "unknown", and a host
that does not send the tool at all as "refused" (exit 1). --provider
anthropic|openai|gemini|any picks the model on hosts that let a person
choose one. --server-name NAME is the server's key in the host's
configuration (mcp__NAME__tool in Claude Code); it defaults to the config
name, then to the name the server reports, and with --tools-file it is
needed for hosts that name tools after their server.`,
		RunE: reach.ToolCommand("schema", func(cmd *cobra.Command, tool string, target []string) error {
			if err := o.checkAs(); err != nil {
				return err
			}
			if err := o.resolve(f, target); err != nil {
				return err
			}
			o.Tool = tool
			return reach.RunWith(cmd.Context(), o, runF, schemaRun)
		}),
	})
	cmd.Example = exampleSchema
	o.conn.AddFlags(cmd.Flags())
	fs := cmd.Flags()
	fs.StringVar(&o.ToolsFile, "tools-file", "", "read tools from a saved tools/list result instead of a server (- for stdin)")
	fs.BoolVar(&o.Outline, "outline", false, "print the form outline instead of the schema")
	fs.BoolVar(&o.Output, "output", false, "use the outputSchema instead of the inputSchema")
	fs.BoolVar(&o.JSON, "json", false, "print JSON")
	fs.StringVar(&o.As, "as", "", "print the tool in `PROVIDER`'s format ("+providerNames()+", exit 1 on blockers) or as a host hands it to its model")
	fs.StringVar(&o.Provider, "provider", "", "with --as HOST: the model behind it, `anthropic|openai|gemini|any`")
	fs.StringVar(&o.ServerName, "server-name", "", "with --as HOST: the server's key in the host's configuration")
	return cmd
}

func schemaRun(ctx context.Context, o *SchemaOptions) error {
	st, name := o.IO, o.Tool
	tools, server, err := o.toolsAndServer(ctx)
	if err != nil {
		return err
	}
	tool, err := reach.FindTool(tools, name)
	if err != nil {
		return err
	}
	if o.asHost() {
		return o.printHost(st, tool, server)
	}
	if o.As != "" {
		return o.printAs(st, tool)
	}
	which, schema := "inputSchema", tool.InputSchema
	if o.Output {
		which, schema = "outputSchema", tool.OutputSchema
		if schema == nil {
			return usage.Errorf("tool %q declares no outputSchema", tool.Name)
		}
	}
	if !o.Outline {
		if o.JSON {
			_, err := st.Out.Write(append(termsafe.JSON(bytes.TrimSpace(schema)), '\n'))
			return err
		}
		fmt.Fprintln(st.Out, output.SafeJSON(output.PrettyJSON(schema)))
		return nil
	}
	form, err := schemaform.Compile(schema)
	if err != nil {
		return fmt.Errorf("%s of %q: %w", which, tool.Name, err)
	}
	rows := form.Outline()
	if o.JSON {
		return iostreams.WriteJSON(st.Out, map[string]any{"tool": tool.Name, "schema": which, "fields": rows,
			"summary": schemaform.OutlineSummary(rows), "warnings": orEmptyList(form.Warnings)})
	}
	printOutline(st, tool.Name, which, rows, form.Warnings)
	return nil
}

func printOutline(st *iostreams.Streams, tool, which string, rows []schemaform.OutlineRow, warnings []schemaform.Warning) {
	safe := iostreams.TextFor(st)
	fmt.Fprintf(st.Out, "%s: the form for its %s\n\n", safe(tool), which)
	tb := iostreams.NewTable(iostreams.Keep("FIELD"), iostreams.Keep("CONTROL"), iostreams.Keep("REQ"), iostreams.Shorten("CONSTRAINTS", 15), iostreams.Optional("POINTER", 10))
	for _, r := range rows {
		req := ""
		if r.Required {
			req = "*"
		}
		control := r.Control
		if r.Nullable {
			control += "?"
		}
		notes := strings.Join(r.Constraints, "; ")
		if r.Recursive != "" {
			notes = strings.TrimPrefix(notes+"; repeats "+r.Recursive+" (opened on request)", "; ")
		}
		if r.Note != "" {
			notes = strings.TrimPrefix(notes+"; "+r.Note, "; ")
		}
		tb.Row(strings.Repeat("  ", r.Depth)+safe(r.Label), control, req, safe(notes), safe(r.Pointer))
	}
	tb.Write(st)
	fmt.Fprintf(st.Out, "\n%s. ? nullable, * required.\n", schemaform.OutlineSummary(rows))
	if len(warnings) > 0 {
		fmt.Fprintf(st.Out, "\n%s in the schema:\n", plural.Count(len(warnings), "problem"))
		for _, wn := range warnings {
			fmt.Fprintf(st.Out, "  %s: %s\n", safe(wn.Pointer), safe(wn.Message))
		}
	}
}

// checkAs refuses --as combinations that mean nothing, before any server
// is started.
func (o *SchemaOptions) checkAs() error {
	switch {
	case o.As == "" && (o.Provider != "" || o.ServerName != ""):
		return usage.Errorf("--provider and --server-name go with --as HOST")
	case o.As == "":
		return nil
	case o.Outline:
		return usage.Errorf("--as and --outline do not go together: --as prints the tool in a provider's format, --outline the form")
	case o.Output:
		return usage.Errorf("--as converts the whole tool, outputSchema included; drop --output")
	}
	for _, p := range provider.All() {
		if o.As == string(p) {
			if o.Provider != "" || o.ServerName != "" {
				return usage.Errorf("--provider and --server-name go with --as HOST; --as %s is already a provider", o.As)
			}
			return nil
		}
	}
	if o.asHost() {
		return o.checkHost()
	}
	return usage.Errorf("--as %q: unknown provider; want %s (a provider) or %s (a host)", o.As, providerNames(), hostNames())
}

// asResult is what --as --json prints.
type asResult struct {
	Provider  provider.Name   `json:"provider"`
	Tool      string          `json:"tool"`
	Converted json.RawMessage `json:"converted"`
	Findings  []check.Finding `json:"findings"`
}

// printAs prints the tool converted for the provider: the JSON on stdout,
// blockers and notes on stderr. Blockers make the command fail.
func (o *SchemaOptions) printAs(st *iostreams.Streams, tool tool.Tool) error {
	p := provider.Name(o.As)
	out, findings, err := provider.Convert(tool, p)
	if err != nil {
		return err
	}
	if o.JSON {
		err = iostreams.WriteJSON(st.Out, asResult{Provider: p, Tool: tool.Name, Converted: out, Findings: findings})
	} else {
		fmt.Fprintln(st.Out, output.SafeJSON(output.PrettyJSON(out)))
	}
	blockers := 0
	for _, f := range findings {
		if f.Blocking() {
			blockers++
		}
		if o.JSON {
			continue
		}
		// Messages quote the server's names: escape them, stderr is often a terminal.
		if f.Blocking() {
			fmt.Fprintf(st.Err, "blocker: %s: %s (%s)\n", termsafe.Line(output.DisplayPath(f.Pointer)), termsafe.Line(f.Message), termsafe.Line(f.Fix))
		} else {
			fmt.Fprintf(st.Err, "note: %s: %s\n", termsafe.Line(output.DisplayPath(f.Pointer)), termsafe.Line(f.Message))
		}
	}
	if err == nil && blockers > 0 {
		err = fmt.Errorf("%s: the %s form of %q cannot be used as is", plural.Count(blockers, "blocker"), p, tool.Name)
	}
	return err
}

// providerNames lists the providers --as takes.
func providerNames() string {
	var names []string
	for _, p := range provider.All() {
		names = append(names, string(p))
	}
	return strings.Join(names, ", ")
}

func orEmptyList[T any](l []T) []T {
	if l == nil {
		return []T{}
	}
	return l
}
