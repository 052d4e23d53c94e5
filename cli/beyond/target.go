// Package beyond is what a server offers beyond tools: the listings of its
// resources and resource templates, its prompts and its tasks, and the
// commands that take one of them (read a resource, get a prompt, act on a
// task). The listings reach the server through TargetFlags; the others,
// which also answer what the server asks meanwhile, through cli/reach.
package beyond

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/client"
)

// TargetFlags are how a command of this package takes a server's TARGET
// words the way every toolbench command does; cli/root makes them, with
// the connection flags (-e, -H, --config...) on the command.
type TargetFlags interface {
	// Reach is the server the target words name, with the flags read, not
	// yet connected; its errors say what is wrong with the words.
	Reach(words []string) (Live, error)
}

// Live is a server named by TARGET words, reached as every command
// reaches one (the connection flags, OAuth, the era remembered).
type Live interface {
	// Dial announces the server and opens a session with it, which is the
	// caller's to close; a refusal names the login that would help.
	Dial(ctx context.Context) (*client.Session, error)
}

// runOnTarget is the RunE of a listing: the TARGET words reached into
// *live, then runF with the options when a test gives one, else run.
// tf is read when the command runs, since the flags are bound after the
// command is made.
func runOnTarget[O any](tf *TargetFlags, live *Live, opts *O, runF func(*O) error,
	run func(context.Context, *O) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		l, err := (*tf).Reach(args)
		if err != nil {
			return err
		}
		*live = l
		if runF != nil {
			return runF(opts)
		}
		return run(cmd.Context(), opts)
	}
}
