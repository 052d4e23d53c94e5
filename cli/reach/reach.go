// Package reach is how every command names and reaches a server: the
// TARGET words and the connection flags beside them (-e, -H, --config,
// --protocol, the OAuth flags...), where toolbench stops reading its own
// flags, and dialing a session the one way (OAuth, the era remembered,
// the limits, -v). The noun packages under cli/ import it; it imports none
// of them.
package reach

import (
	"context"
	"os"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
)

// ConnectFunc opens a session with a server: client.Connect in the
// product. Commands get it injected, so tests of their parsing start no
// server.
type ConnectFunc func(ctx context.Context, t target.Target, opts client.Options) (*client.Session, error)

// Factory is what reaching a server is built from: the streams, how to
// connect and how to name a server, OAuth, and -v. cli/root fills it once;
// a command reads it when it runs, so what root changes after building
// the commands (the streams' stdout, a tracked Connect, -v) is seen.
type Factory struct {
	// IO are the process's streams (tests give their own).
	IO *iostreams.Streams
	// Connect opens a session: client.Connect in the product.
	Connect ConnectFunc
	// Targets reads TARGET words and config names.
	Targets target.Parser
	// Auth is the OAuth flow and its token store.
	Auth AuthAPI
	// OpenURL opens an authorization URL in the system browser; nil
	// means there is none, and the URL is only printed.
	OpenURL func(url string) error
	// Verbose is the root's -v, set once the flags are parsed.
	Verbose bool
	// ClientVersion is toolbench's version as the client tells servers.
	ClientVersion string
}

// lookupEnv reads toolbench's environment the way the target parser does.
func (f *Factory) lookupEnv() func(string) (string, bool) {
	if f.Targets.LookupEnv != nil {
		return f.Targets.LookupEnv
	}
	return os.LookupEnv
}
