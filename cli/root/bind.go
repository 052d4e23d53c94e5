package root

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/auth/step"
	cliauth "github.com/toolbench/toolbench/cli/auth"
	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/target"
)

// The noun packages declare what they need of a server as interfaces of
// their own; these adapters give them reach's, which cannot name their
// types without importing them.

// bindTarget gives a command of cli/memory the TARGET of every command
// (reach.TargetFlags).
func (f *factory) bindTarget(cmd *cobra.Command) memory.TargetFlags {
	return memoryTarget{reach.NewTargetFlags(&f.Factory, cmd)}
}

// memoryTarget are memory.TargetFlags on reach.TargetFlags.
type memoryTarget struct{ *reach.TargetFlags }

// Reach names the server as every command does, for memory.Live.
func (m memoryTarget) Reach(words []string) (memory.Live, error) {
	l, err := m.TargetFlags.Reach(words)
	if err != nil {
		return nil, err
	}
	return l, nil
}

var _ memory.Live = (*reach.Live)(nil)

// authWiring is cliauth.Wiring: `toolbench auth` names, announces and
// logs in at a server as every command does.
type authWiring struct{ f *factory }

var _ cliauth.Wiring = authWiring{}

// Parse reads the target words with the factory's parser.
func (w authWiring) Parse(words []string, s target.Settings) (target.Target, error) {
	return w.f.Targets.Parse(words, s)
}

// Announce gives t's warnings as every command does (reach.Announce).
func (w authWiring) Announce(t target.Target) {
	reach.Announce(w.f.IO, reach.Server{Target: t}, w.f.Verbose)
}

// Observer is reach.AuthObserver on stderr, with -v as given; no agent is
// there to show the URL.
func (w authWiring) Observer() step.Observer {
	return reach.AuthObserver(w.f.IO.Err, w.f.Verbose, false)
}

// LoginFlags adds the OAuth flags without --auth, which a login has no
// use for.
func (w authWiring) LoginFlags(fs *pflag.FlagSet) cliauth.LoginFlags {
	return reach.NewLoginFlags(&w.f.Factory, fs)
}
