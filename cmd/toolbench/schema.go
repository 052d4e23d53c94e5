package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/schemaform"
)

type schemaOptions struct {
	conn      targetOptions
	toolsFile string
	outline   bool
	output    bool
	json      bool
}

func newSchemaCmd(st *streams) *cobra.Command {
	o := &schemaOptions{}
	cmd := targetCommand(&cobra.Command{
		Use:   "schema TOOL [flags] (TARGET | --tools-file FILE)",
		Short: "Show a tool's schema, or the form toolbench builds from it",
		Long: `Show TOOL's inputSchema as the server sent it. With --outline, print the form
toolbench builds from it instead: every field with its pointer, control
(input, number, select, subform, list, variant, key/value map, raw JSON...),
required mark and constraints, then a count of fields by control and any
problems found in the schema. --output works on the outputSchema instead.
--tools-file reads a saved tools/list result (toolbench tools --json) instead
of asking a live server.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 || args[0] == "--" {
				return usagef("schema needs a TOOL name: toolbench schema TOOL [flags] TARGET")
			}
			rest, err := reparse(cmd.Flags(), args[1:])
			if errors.Is(err, pflag.ErrHelp) {
				return cmd.Help()
			}
			if err != nil {
				return err
			}
			return o.run(cmd.Context(), st, args[0], rest)
		},
	})
	o.conn.addFlags(cmd.Flags())
	f := cmd.Flags()
	f.StringVar(&o.toolsFile, "tools-file", "", "read tools from a saved tools/list result instead of a server (- for stdin)")
	f.BoolVar(&o.outline, "outline", false, "print the form outline instead of the schema")
	f.BoolVar(&o.output, "output", false, "use the outputSchema instead of the inputSchema")
	f.BoolVar(&o.json, "json", false, "print JSON")
	return cmd
}

func (o *schemaOptions) run(ctx context.Context, st *streams, name string, target []string) error {
	tools, err := o.loadTools(ctx, st, target)
	if err != nil {
		return err
	}
	tool, err := findTool(tools, name)
	if err != nil {
		return err
	}
	which, schema := "inputSchema", tool.InputSchema
	if o.output {
		which, schema = "outputSchema", tool.OutputSchema
		if schema == nil {
			return usagef("tool %q declares no outputSchema", tool.Name)
		}
	}
	if !o.outline {
		if o.json {
			_, err := st.Out.Write(append(bytes.TrimSpace(schema), '\n'))
			return err
		}
		fmt.Fprintln(st.Out, prettyJSON(schema))
		return nil
	}
	form, err := schemaform.Compile(schema)
	if err != nil {
		return fmt.Errorf("%s of %q: %w", which, tool.Name, err)
	}
	rows := form.Outline()
	if o.json {
		return writeJSON(st.Out, map[string]any{"tool": tool.Name, "schema": which, "fields": rows,
			"summary": schemaform.OutlineSummary(rows), "warnings": orEmptyList(form.Warnings)})
	}
	printOutline(st, tool.Name, which, rows, form.Warnings)
	return nil
}

// loadTools reads --tools-file, or lists the tools of the live server.
func (o *schemaOptions) loadTools(ctx context.Context, st *streams, target []string) ([]client.Tool, error) {
	if o.toolsFile == "" {
		s, err := o.conn.connect(ctx, st, target)
		if err != nil {
			return nil, err
		}
		defer s.Close()
		return s.ListTools(ctx)
	}
	if len(target) > 0 {
		return nil, usagef("give a server or --tools-file, not both")
	}
	data, err := readFileOrStdin(o.toolsFile, st.In)
	if err != nil {
		return nil, usagef("--tools-file: %v", err)
	}
	tools, err := client.ParseToolList(data)
	if err != nil {
		return nil, usagef("--tools-file %s: %v", o.toolsFile, err)
	}
	return tools, nil
}

func printOutline(st *streams, tool, which string, rows []schemaform.OutlineRow, warnings []schemaform.Warning) {
	safe := textFor(st)
	fmt.Fprintf(st.Out, "%s: the form for its %s\n\n", safe(tool), which)
	w := tabwriter.NewWriter(st.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "FIELD\tCONTROL\tREQ\tCONSTRAINTS\tPOINTER")
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
		fmt.Fprintf(w, "%s%s\t%s\t%s\t%s\t%s\n", strings.Repeat("  ", r.Depth), safe(r.Label), control, req, safe(notes), safe(r.Pointer))
	}
	_ = w.Flush()
	fmt.Fprintf(st.Out, "\n%s. ? nullable, * required.\n", schemaform.OutlineSummary(rows))
	if len(warnings) > 0 {
		fmt.Fprintf(st.Out, "\n%d %s in the schema:\n", len(warnings), plural(len(warnings), "problem"))
		for _, wn := range warnings {
			fmt.Fprintf(st.Out, "  %s: %s\n", safe(wn.Pointer), safe(wn.Message))
		}
	}
}

func orEmptyList[T any](l []T) []T {
	if l == nil {
		return []T{}
	}
	return l
}
