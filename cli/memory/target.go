package memory

import (
	"context"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/target/secrets"
	"github.com/toolbench/toolbench/tool"
)

// TargetFlags are how a command of this package takes a server's TARGET
// words the way every toolbench command does; cli/root makes them.
type TargetFlags interface {
	// Parse reads the command's flags among words, up to where the target
	// begins, and returns the target's words; --help among them is
	// pflag.ErrHelp, and an unknown flag a usage error.
	Parse(words []string) ([]string, error)
	// Help reports whether the flags read held --help.
	Help() bool
	// Reach is the server the target words name, with the flags read, not
	// yet connected; its errors say what is wrong with the words.
	Reach(words []string) (Live, error)
}

// Live is a server named by TARGET words, reached as every command
// reaches one (the connection flags, OAuth, the era remembered).
type Live interface {
	// Tools connects and lists the tools, every page; the session is the
	// caller's to close, and nil when the error is not.
	Tools(ctx context.Context) (*client.Session, []tool.Tool, error)
	// Target is the server as the words named it.
	Target() target.Target
	// Secrets are the values this run must never write: snapshots and
	// reports are scrubbed of them.
	Secrets() *secrets.Set
}
