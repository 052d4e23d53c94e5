package reach

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// TargetFlags are a command's TARGET and connection flags for a command
// that reads its flags itself (a noun package's): the words where the
// server begins, and the flags that say how to reach it.
type TargetFlags struct {
	f    *Factory
	fs   *pflag.FlagSet
	conn ConnFlags
}

// NewTargetFlags makes cmd take a TARGET and the connection flags.
func NewTargetFlags(f *Factory, cmd *cobra.Command) *TargetFlags {
	TargetCommand(cmd)
	t := &TargetFlags{f: f, fs: cmd.Flags()}
	t.conn.AddFlags(cmd.Flags())
	return t
}

// Parse reads the flags before the target (Reparse) and returns the
// target's words.
func (t *TargetFlags) Parse(words []string) ([]string, error) { return Reparse(t.fs, words) }

// Help reports whether --help was read: cobra defines it, so pflag sets
// it rather than failing.
func (t *TargetFlags) Help() bool {
	h, _ := t.fs.GetBool("help")
	return h
}

// Reach is the server words name, with the flags read (ConnFlags.Bind),
// not yet connected.
func (t *TargetFlags) Reach(words []string) (*Live, error) {
	l := &Live{}
	if err := t.conn.Bind(t.f, l, words); err != nil {
		return nil, err
	}
	return l, nil
}
