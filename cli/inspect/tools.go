package inspect

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/tool"
)

// ToolsOptions are what `toolbench tools` runs with, filled by its flags.
type ToolsOptions struct {
	reach.Live
	// JSON prints the tools exactly as the server sent them.
	JSON bool
}

// NewCmdTools is `toolbench tools`. runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdTools(f *reach.Factory, runF func(*ToolsOptions) error) *cobra.Command {
	opts := &ToolsOptions{Live: reach.Live{IO: f.IO, Connect: f.Connect}}
	var conn reach.ConnFlags
	cmd := reach.TargetCommand(&cobra.Command{
		Use:   "tools [flags] TARGET",
		Short: "List the server's tools",
		Long: `List the server's tools: name, title, annotation hints, parameters
(* marks required ones) and whether the tool declares an outputSchema.
With --json, print {"tools": [...]} with every tool exactly as the server
sent it, all pages followed.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := conn.Bind(f, &opts.Live, args); err != nil {
				return err
			}
			return reach.RunWith(cmd.Context(), opts, runF, toolsRun)
		},
	})
	cmd.Example = exampleTools
	conn.AddFlags(cmd.Flags())
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the tools exactly as the server sent them")
	return cmd
}

func toolsRun(ctx context.Context, opts *ToolsOptions) error {
	s, tools, err := opts.Tools(ctx)
	if err != nil {
		return err
	}
	defer reach.Release(s)()
	if opts.JSON {
		raws := make([]json.RawMessage, len(tools))
		for i, t := range tools {
			raws[i] = t.Raw
		}
		out := map[string]any{"tools": raws}
		if ex := excludedTools(tools); len(ex) > 0 {
			out["excluded"] = ex
		}
		return iostreams.WriteJSON(opts.IO.Out, out)
	}
	printTools(opts.IO, tools)
	return nil
}

func printTools(st *iostreams.Streams, tools []tool.Tool) {
	safe := iostreams.TextFor(st)
	tb := iostreams.NewTable(iostreams.Keep("NAME"), iostreams.Optional("TITLE", 10), iostreams.Keep("HINTS"), iostreams.Shorten("PARAMETERS", 20), iostreams.Keep("OUTPUT"))
	for _, t := range tools {
		title := t.Title
		if title == "" {
			title = t.Annotations.Title
		}
		if title == "" {
			title = "-"
		}
		output := "-"
		if t.OutputSchema != nil {
			output = "schema"
		}
		name := safe(t.Name)
		if t.Excluded != "" {
			name += " (excluded)"
		}
		tb.Row(name, safe(title), hintCode(t.Annotations), safe(parameterList(t.InputSchema, 60)), output)
	}
	tb.Write(st)
	fmt.Fprintf(st.Out, "\n%s. Hints: R read-only, D destructive, I idempotent, O open-world; - false, ? not stated. * required.\n", plural.Count(len(tools), "tool"))
	for _, t := range tools {
		if t.Excluded != "" {
			fmt.Fprintf(st.Out, "excluded: %s: toolbench will not call it: %s\n", safe(t.Name), safe(t.Excluded))
		}
	}
}

// hintCode packs the four annotation hints into four characters: the letter
// when true, "-" when false, "?" when the server did not say (which the spec
// reads differently from false).
func hintCode(a tool.Annotations) string {
	hints := []struct {
		v *bool
		c byte
	}{{a.ReadOnlyHint, 'R'}, {a.DestructiveHint, 'D'}, {a.IdempotentHint, 'I'}, {a.OpenWorldHint, 'O'}}
	out := make([]byte, 0, 4)
	for _, h := range hints {
		switch {
		case h.v == nil:
			out = append(out, '?')
		case *h.v:
			out = append(out, h.c)
		default:
			out = append(out, '-')
		}
	}
	return string(out)
}

// parameterList names the top-level parameters in schema order, marking
// required ones, cut to about max characters.
func parameterList(schema json.RawMessage, max int) string {
	var s struct {
		Properties json.RawMessage `json:"properties"`
		Required   []string        `json:"required"`
	}
	if json.Unmarshal(schema, &s) != nil || len(s.Properties) == 0 {
		return "-"
	}
	names, err := schemaform.ObjectKeys(s.Properties)
	if err != nil || len(names) == 0 {
		return "-"
	}
	required := map[string]bool{}
	for _, r := range s.Required {
		required[r] = true
	}
	var b strings.Builder
	for i, n := range names {
		if required[n] {
			n += "*"
		}
		if i > 0 && b.Len()+len(n) > max {
			fmt.Fprintf(&b, ", …(+%d)", len(names)-i)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n)
	}
	return b.String()
}

// excludedTools maps the tools that must not be called to why.
func excludedTools(tools []tool.Tool) map[string]string {
	ex := map[string]string{}
	for _, t := range tools {
		if t.Excluded != "" {
			ex[t.Name] = t.Excluded
		}
	}
	return ex
}
