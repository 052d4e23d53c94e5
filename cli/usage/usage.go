// Package usage is how a command says toolbench was invoked wrongly: the
// error the exit-code map reads as 2 (usage), and the argument checks that
// return it. Every command package returns these, so the map in cli/root
// stays the one place that decides exit codes.
package usage

import (
	"fmt"

	"github.com/spf13/cobra"
)

// Error is a mistake in how toolbench was invoked: a flag, an argument,
// a file named that is not what the command reads.
type Error struct{ Err error }

// Error reads as the mistake.
func (e Error) Error() string { return e.Err.Error() }

// Unwrap returns the mistake, for errors.As on what it wraps.
func (e Error) Unwrap() error { return e.Err }

// Errorf is a usage Error with fmt.Errorf's words (and %w).
func Errorf(format string, args ...any) error {
	return Error{fmt.Errorf(format, args...)}
}

// NoArgs refuses positional arguments as a usage Error, saying how the
// command is told what it needs instead.
func NoArgs(instead string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > 0 {
			return Errorf("%s takes no arguments, got %q: %s", cmd.CommandPath(), args[0], instead)
		}
		return nil
	}
}
