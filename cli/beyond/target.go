// Package beyond is what a server offers beyond tools: the listings of its
// resources and resource templates, its prompts and its tasks, and the
// commands that take one of them (read a resource, get a prompt, act on a
// task). Each names and reaches its server as every command does, through
// cli/reach.
package beyond

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/reach"
)

// runOnTarget is the RunE of a listing: the TARGET words reached into
// *live, then runF with the options when a test gives one, else run.
func runOnTarget[O any](tf *reach.TargetFlags, live *reach.Live, opts *O, runF func(*O) error,
	run func(context.Context, *O) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		l, err := tf.Reach(args)
		if err != nil {
			return err
		}
		*live = *l
		return reach.RunWith(cmd.Context(), opts, runF, run)
	}
}
