package reach

import (
	"context"

	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/target/secrets"
	"github.com/toolbench/toolbench/tool"
)

// Live is what every command that talks to a server holds: the streams,
// how to connect, the server the TARGET words named and whether -v was
// given. It is filled when the command runs (ConnFlags.Bind) and not yet
// connected.
type Live struct {
	// IO are the command's streams.
	IO *iostreams.Streams
	// Connect opens the session (Factory.Connect).
	Connect ConnectFunc
	// Server is what the words named, and how to reach it.
	Server Server
	// Verbose is -v.
	Verbose bool
	// Asks are how the person answers what the server asks (--elicit,
	// --sample), for a command that took them (ConnFlags.AddAskPolicies);
	// both nil otherwise.
	Asks AskPolicies
}

// Bind fills l from the factory and the server the arguments name, and
// the ask policies first where the command takes them, so a bad policy
// is refused before the target is read.
func (c *ConnFlags) Bind(f *Factory, l *Live, args []string) error {
	if c.policy != nil {
		asks, err := c.policy.parse()
		if err != nil {
			return err
		}
		l.Asks = asks
	}
	srv, err := c.Resolve(f, args)
	if err != nil {
		return err
	}
	l.IO, l.Connect, l.Server, l.Verbose = f.IO, f.Connect, srv, f.Verbose
	return nil
}

// AddAskPolicies adds --elicit and --sample to fs with their defaults,
// for a command whose server may ask the person something: Bind reads
// them into Live.Asks.
func (c *ConnFlags) AddAskPolicies(fs *pflag.FlagSet, elicitDefault, sampleDefault string) {
	c.policy = &policyFlags{}
	c.policy.addFlags(fs, elicitDefault, sampleDefault)
}

// Dial announces the server and opens a session with it, which is the
// caller's to close. A refusal (401 or 403) is a *RefusedError carrying
// the login command, for the explainer to suggest.
func (l *Live) Dial(ctx context.Context) (*client.Session, error) {
	Announce(l.IO, l.Server, l.Verbose)
	s, err := l.Connect(ctx, l.Server.Target, l.Server.Options)
	if err != nil && l.Server.LoginCommand != "" && client.EvidenceOf(err).Challenge != "" {
		return nil, &RefusedError{err: err, Command: l.Server.LoginCommand, AuthOff: l.Server.Auth == nil}
	}
	return s, err
}

// Tools opens a session and lists the server's tools, every page, which
// the cache of called tools learns from; the session is the caller's to
// close, and nil when the error is not.
func (l *Live) Tools(ctx context.Context) (*client.Session, []tool.Tool, error) {
	s, err := l.Dial(ctx)
	if err != nil {
		return nil, nil, err
	}
	tools, err := s.ListTools(ctx)
	if err != nil {
		s.Close()
		return nil, nil, err
	}
	OpenSchemaCache(l.Server.Target).Refresh(tools)
	return s, tools, nil
}

// Target is the server as the words named it.
func (l *Live) Target() target.Target { return l.Server.Target }

// Secrets are the values this run must never write: the target's, and
// those OAuth learns as the run goes.
func (l *Live) Secrets() *secrets.Set { return l.Server.Secrets }

// Release starts ending a session whose last answer is in, beside what the
// command still does with it (judging, printing, writing the history):
// stopping a stdio server takes milliseconds (stdin closed, a grace,
// SIGTERM, its exit), which need not come after the output. The returned
// function waits until the session is closed.
func Release(s *client.Session) func() {
	done := make(chan struct{})
	go func() {
		_ = s.Close()
		close(done)
	}()
	return func() { <-done }
}

// RefusedError is a server's refusal (a 401 or 403 with a challenge) that
// no OAuth login answered: --auth off, or a flow that did not start. It
// carries the login command, for the explainer to suggest.
type RefusedError struct {
	err error
	// Command is the `toolbench auth login` for the server.
	Command string
	// AuthOff says --auth off kept toolbench from logging in.
	AuthOff bool
}

// Error reads as the refusal.
func (e *RefusedError) Error() string { return e.err.Error() }

// Unwrap returns the refusal.
func (e *RefusedError) Unwrap() error { return e.err }
