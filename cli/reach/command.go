package reach

import (
	"context"
	"errors"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/cli/suggest"
	"github.com/toolbench/toolbench/cli/usage"
)

// TargetCommand makes cmd stop reading flags where the server target begins,
// so `toolbench tools npx -y server --port 1` passes -y and --port to npx.
// Flags written after a URL or a config name are moved before it, and
// those after a command are refused unless -- says they are the server's
// (see PlaceTrailingFlags).
func TargetCommand(cmd *cobra.Command) *cobra.Command {
	cmd.Flags().SetInterspersed(false)
	if cmd.Annotations == nil {
		cmd.Annotations = map[string]string{}
	}
	cmd.Annotations[targetAnnotation] = "yes"
	cmd.Args = cobra.ArbitraryArgs
	return cmd
}

// ToolCommand is the RunE of a command that takes `TOOL [flags] TARGET`:
// it takes the tool name, reads the flags after it and hands run the rest.
func ToolCommand(name string, run func(cmd *cobra.Command, tool string, target []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 || args[0] == "--" {
			return usage.Errorf("%s needs a TOOL name: toolbench %s TOOL [flags] TARGET", name, name)
		}
		rest, err := Reparse(cmd.Flags(), args[1:])
		if errors.Is(err, pflag.ErrHelp) {
			return cmd.Help()
		}
		if err != nil {
			return err
		}
		return run(cmd, args[0], rest)
	}
}

// Reparse reads flags that follow leading positionals (`call TOOL --args ...
// TARGET`): pflag stopped at TOOL, so it parses the rest, again stopping at
// the target.
func Reparse(fs *pflag.FlagSet, rest []string) ([]string, error) {
	if err := fs.Parse(rest); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return nil, err
		}
		return nil, usage.Errorf("%s", suggest.UnknownFlag(fs, err))
	}
	return fs.Args(), nil
}

// RunWith calls runF when a test gave one, to see the parsed options, and
// run otherwise.
func RunWith[T any](ctx context.Context, opts *T, runF func(*T) error, run func(context.Context, *T) error) error {
	if runF != nil {
		return runF(opts)
	}
	return run(ctx, opts)
}
