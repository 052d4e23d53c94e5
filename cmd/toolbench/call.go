package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/tool"
)

type callOptions struct {
	conn       targetOptions
	args       string
	argsFile   string
	argPairs   []string
	noValidate bool
	json       bool
}

func newCallCmd(st *streams) *cobra.Command {
	o := &callOptions{}
	cmd := targetCommand(&cobra.Command{
		Use:   "call TOOL [flags] TARGET",
		Short: "Call a tool and judge its result",
		Long: `Call TOOL with arguments from --args, --args-file or repeated --arg, after
checking them against the tool's inputSchema (--no-validate sends them anyway).
Prints every content block, structuredContent, and whether it matches the
tool's outputSchema. Ctrl-C cancels the call and tells the server so.`,
		RunE: toolCommand("call", func(cmd *cobra.Command, tool string, target []string) error {
			return o.run(cmd.Context(), st, tool, target)
		}),
	})
	o.conn.addFlags(cmd.Flags())
	f := cmd.Flags()
	f.StringVar(&o.args, "args", "", "arguments as a JSON `object`")
	f.StringVar(&o.argsFile, "args-file", "", "read the arguments object from `FILE` (- for stdin)")
	f.StringArrayVar(&o.argPairs, "arg", nil, "set one argument, `key=value`, typed by the inputSchema (repeatable)")
	f.BoolVar(&o.noValidate, "no-validate", false, "send arguments even when they break the inputSchema")
	f.BoolVar(&o.json, "json", false, "print the result exactly as sent, with the output verdict, as JSON")
	return cmd
}

func (o *callOptions) run(ctx context.Context, st *streams, toolName string, target []string) error {
	base, err := o.readArgs(st)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := o.conn.connect(ctx, st, target)
	if err != nil {
		return err
	}
	defer s.Close()
	tools, err := s.ListTools(ctx)
	if err != nil {
		return err
	}
	tool, err := findTool(tools, toolName)
	if err != nil {
		return err
	}
	payload, err := mergeArgs(base, o.argPairs, tool.InputSchema)
	if err != nil {
		return err
	}
	if err := o.validate(st, tool, payload); err != nil {
		return err
	}
	res, err := s.CallTool(ctx, tool.Name, payload, o.progressPrinter(st))
	if err != nil {
		return err
	}
	verdict := check.Result(tool.OutputSchema, res.StructuredContent, res.IsError, res.Texts())
	if o.json {
		err = writeJSON(st.Out, map[string]any{"result": res.Raw, "outputValidation": verdict,
			"durationMs": res.Duration.Milliseconds()})
	} else {
		printResult(st, res, verdict)
	}
	switch {
	case err != nil:
		return err
	case res.IsError:
		return errToolReportedError
	case !verdict.Valid:
		return errOutputInvalid
	}
	return nil
}

// validate checks the arguments against the inputSchema unless told not to.
// A schema that cannot be compiled is a warning, not a reason to refuse.
func (o *callOptions) validate(st *streams, tool tool.Tool, payload []byte) error {
	if o.noValidate {
		return nil
	}
	v, err := schemaform.NewValidator(tool.InputSchema)
	if err != nil {
		fmt.Fprintf(st.Err, "toolbench: warning: cannot check the arguments: the inputSchema of %q is unusable (%v); sending them unchecked\n", tool.Name, err)
		return nil
	}
	violations, err := v.Validate(payload)
	if err != nil {
		return usageError{fmt.Errorf("arguments: %w", err)}
	}
	if len(violations) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the arguments do not match the inputSchema of %q:", tool.Name)
	for _, v := range violations {
		fmt.Fprintf(&b, "\n  %s: %s", displayPath(v.InstancePath), v.Message)
	}
	b.WriteString("\n  (--no-validate sends them anyway)")
	return usageError{errors.New(b.String())}
}

func (o *callOptions) progressPrinter(st *streams) func(client.ProgressEvent) {
	if !o.conn.verbose {
		return nil
	}
	return func(p client.ProgressEvent) {
		total := ""
		if p.Total > 0 {
			total = fmt.Sprintf("/%g", p.Total)
		}
		fmt.Fprintf(st.Err, "toolbench: progress %g%s %s\n", p.Progress, total, textFor(st)(p.Message))
	}
}

// findTool looks a tool up by name, suggesting near names when it is absent.
func findTool(tools []tool.Tool, name string) (tool.Tool, error) {
	names := make([]string, len(tools))
	for i, t := range tools {
		if t.Name == name {
			return t, nil
		}
		names[i] = t.Name
	}
	msg := fmt.Sprintf("the server has no tool %q", name)
	if near := nearest(names, name, 3); len(near) > 0 {
		msg += "; did you mean " + strings.Join(quoteAll(near), ", ") + "?"
	} else {
		msg += fmt.Sprintf(" (it has %d tools; 'toolbench tools TARGET' lists them)", len(tools))
	}
	return tool.Tool{}, usagef("%s", msg)
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

func displayPath(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}
