// Package root is toolbench's command line: the root command, which
// registers the noun packages under cli/ (and keeps only version and the
// hidden demo-server itself), the factory they are built from, and the one
// place that turns an outcome into words and an exit code.
package root

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	cliauth "github.com/toolbench/toolbench/cli/auth"
	"github.com/toolbench/toolbench/cli/beyond"
	"github.com/toolbench/toolbench/cli/call"
	"github.com/toolbench/toolbench/cli/hosts"
	"github.com/toolbench/toolbench/cli/inspect"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/cli/mock"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/suggest"
	"github.com/toolbench/toolbench/cli/usage"
	cliwb "github.com/toolbench/toolbench/cli/workbench"
	"github.com/toolbench/toolbench/internal/termsafe"
)

// Main runs toolbench with args on the process's streams, stopped by its
// signals, and returns the exit code for os.Exit.
func Main(args []string) int {
	f := newFactory(iostreams.System())
	f.Signals, f.Exit = notifySignals(), os.Exit
	return run(context.Background(), args, f)
}

// run executes toolbench with args and returns the exit code. It is the
// one place that turns an outcome into words on stderr and an exit code.
func run(ctx context.Context, args []string, f *factory) int {
	live := &liveSessions{}
	if f.Connect != nil {
		f.Connect = live.track(f.Connect)
	}
	ctx, in := watch(ctx, f.Signals, forceExit(f, live))
	defer in.done()
	out := &checkedWriter{w: f.IO.Out}
	f.IO.Out = out
	defer func() { f.IO.Out = out.w }()
	root := newRootCmd(f)
	root.SetArgs(args)
	root.SetIn(f.IO.In)
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.Err)
	err := unknownCommand(root, args)
	if err == nil {
		args, err = reach.PlaceTrailingFlags(root, args, reach.Names{Defines: f.Targets.Defines, File: memory.SnapshotWord})
	}
	if err == nil {
		root.SetArgs(args)
		err = root.ExecuteContext(ctx)
	}
	if in.interrupted() {
		err = errInterrupted
	}
	if werr := out.firstErr(); werr != nil && (err == nil || silent(err)) {
		err = &outputError{werr}
	}
	if err != nil && !silent(err) {
		// Errors quote the server (JSON-RPC messages, its stderr, tool
		// names), and a person reads them on a terminal, piped or not.
		fmt.Fprintf(f.IO.Err, "toolbench: %s\n", termsafe.Text(strings.Join(explain(err), "\n")))
	}
	return exitCode(err)
}

// Command is toolbench's command tree as Main runs it, help and completion
// commands included, on the process's streams: for programs that describe
// the commands (the man-page generator) without running them.
func Command() *cobra.Command {
	root := newRootCmd(newFactory(iostreams.System()))
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	return root
}

func newRootCmd(f *factory) *cobra.Command {
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
  toolbench CMD [flags] NAME                             a server of your mcpServers files
toolbench reads its own flags only until the server begins, so the server's
own flags need no quoting. Flags after a URL or a config name are still
toolbench's; after a command to start, a word that is also a flag of the
command is refused unless -- before the command says it is the server's.`,
		Version:       versionString(),
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return unknownCommandError(cmd, args[0])
			}
			return cmd.Help()
		},
	}
	root.SetVersionTemplate("toolbench {{.Version}}\n")
	root.Example = exampleRoot
	root.PersistentFlags().BoolVarP(&f.Verbose, "verbose", "v", false,
		"say what toolbench does: the server and transport chosen, the server's stderr, progress")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usage.Errorf("%s (see '%s --help')", suggest.UnknownFlag(cmd.Flags(), err), cmd.CommandPath())
	})
	root.AddCommand(cliwb.NewCmdConnect(f.workbench(), nil), inspect.NewCmdInfo(&f.Factory, nil), inspect.NewCmdTools(&f.Factory, nil), call.NewCmdCall(&f.Factory, f.History, nil),
		inspect.NewCmdSchema(&f.Factory, nil), inspect.NewCmdLint(&f.Factory, nil), call.NewCmdProbe(&f.Factory, nil), mock.NewCmdMock(f.IO, nil), cliwb.NewCmdDemo(f.workbench(), nil),
		cliauth.NewCmdAuth(f.IO, authWiring{f}, &f.Auth), newDemoServerCmd(), newCmdVersion(f),
		beyond.NewCmdTasks(&f.Factory, nil), beyond.NewCmdTask(&f.Factory, nil))
	root.AddCommand(beyond.NewCmdResources(&f.Factory, nil), beyond.NewCmdRead(&f.Factory, nil), beyond.NewCmdPrompts(&f.Factory, nil), beyond.NewCmdPrompt(&f.Factory, nil))
	root.AddCommand(memory.NewCmdHistory(f.IO, f.History, nil), memory.NewCmdPresets(f.IO, f.History, f.bindTarget, nil))
	root.AddCommand(memory.NewCmdSnapshot(f.IO, f.bindTarget, nil), memory.NewCmdDiff(f.IO, f.bindTarget, nil))
	root.AddCommand(call.NewCmdTest(&f.Factory, nil), hosts.NewCmdHosts(&f.Factory, nil))
	completionExamples(root)
	return root
}

// newCmdVersion prints the version, as --version does.
func newCmdVersion(f *factory) *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print toolbench's version",
		Args:    cobra.NoArgs,
		Example: exampleVersion,
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintf(f.IO.Out, "toolbench %s\n", versionString())
			return err
		},
	}
}

// unknownCommand refuses a first word that names no command before cobra
// parses any flag, so `toolbench frobnicate --x` says that frobnicate is
// not a command rather than that --x is not a flag.
func unknownCommand(root *cobra.Command, args []string) error {
	// Execute adds these itself; Find must know them already.
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd(args...)
	c, rest, err := root.Find(args)
	if err != nil || c != root {
		return nil
	}
	for _, a := range rest {
		if a == "--" {
			return nil
		}
		if !strings.HasPrefix(a, "-") {
			return unknownCommandError(root, a)
		}
	}
	return nil
}

// unknownCommandError names the word, and the commands it may mean.
func unknownCommandError(root *cobra.Command, word string) error {
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	msg := fmt.Sprintf("unknown command %q", word)
	if near := suggest.Nearest(names, word, 3); len(near) > 0 {
		msg += "; did you mean " + strings.Join(suggest.QuoteAll(near), ", ") + "?"
	}
	return usage.Errorf("%s (see 'toolbench --help' for the commands)", msg)
}
