package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/internal/termsafe"
)

// run executes toolbench with args and returns the exit code.
func run(ctx context.Context, args []string, st *streams) int {
	root := newRootCmd(st)
	root.SetArgs(args)
	root.SetIn(st.In)
	root.SetOut(st.Out)
	root.SetErr(st.Err)
	err := root.ExecuteContext(ctx)
	if err != nil && !silent(err) {
		// Errors quote the server (JSON-RPC messages, its stderr, tool
		// names), and a person reads them on a terminal, piped or not.
		fmt.Fprintf(st.Err, "toolbench: %s\n", termsafe.Text(strings.Join(explain(err), "\n")))
	}
	return exitCode(err)
}

func newRootCmd(st *streams) *cobra.Command {
	root := &cobra.Command{
		Use:   "toolbench",
		Short: "A terminal workbench for the tools of any MCP server",
		Long: `toolbench connects to an MCP server, lists its tools, calls them, and
judges results and schemas.

A server is named the same way for every command:
  toolbench CMD [flags] [stdio] [--] COMMAND [ARGS...]   start a server over stdio
  toolbench CMD [flags] sse URL                          HTTP+SSE transport
  toolbench CMD [flags] http URL                         streamable HTTP transport
  toolbench CMD [flags] URL                              streamable HTTP, falling back to SSE
toolbench reads its own flags only until the server begins, so the server's
own flags need no quoting.`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usagef("%v (see 'toolbench %s --help')", err, cmd.Name())
	})
	root.AddCommand(newConnectCmd(st), newInfoCmd(st), newToolsCmd(st), newCallCmd(st), newSchemaCmd(st),
		newLintCmd(st), newProbeCmd(st), newMockCmd(st), newDemoCmd(st), newDemoServerCmd())
	// Unknown sub-commands come back from cobra as plain errors.
	root.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) > 0 {
			return usagef("unknown command %q", args[0])
		}
		return cmd.Help()
	}
	root.Args = cobra.ArbitraryArgs
	return root
}

// targetCommand makes cmd stop reading flags where the server target begins,
// so `toolbench tools npx -y server --port 1` passes -y and --port to npx.
func targetCommand(cmd *cobra.Command) *cobra.Command {
	cmd.Flags().SetInterspersed(false)
	cmd.Args = cobra.ArbitraryArgs
	return cmd
}

// toolCommand is the RunE of a command that takes `TOOL [flags] TARGET`:
// it takes the tool name, reads the flags after it and hands run the rest.
func toolCommand(name string, run func(cmd *cobra.Command, tool string, target []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 || args[0] == "--" {
			return usagef("%s needs a TOOL name: toolbench %s TOOL [flags] TARGET", name, name)
		}
		rest, err := reparse(cmd.Flags(), args[1:])
		if errors.Is(err, pflag.ErrHelp) {
			return cmd.Help()
		}
		if err != nil {
			return err
		}
		return run(cmd, args[0], rest)
	}
}

// reparse reads flags that follow leading positionals (`call TOOL --args ...
// TARGET`): pflag stopped at TOOL, so it parses the rest, again stopping at
// the target.
func reparse(fs *pflag.FlagSet, rest []string) ([]string, error) {
	if err := fs.Parse(rest); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return nil, err
		}
		return nil, usageError{err}
	}
	return fs.Args(), nil
}

// joinArgs quotes arguments for messages.
func joinArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t'\"") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		q[i] = a
	}
	return strings.Join(q, " ")
}
