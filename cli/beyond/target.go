// Package beyond is the listings of what a server offers beyond tools:
// its resources and resource templates, its prompts, its tasks.
package beyond

import (
	"context"

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
