package root

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/auth"
	cliauth "github.com/toolbench/toolbench/cli/auth"
	"github.com/toolbench/toolbench/cli/beyond"
	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/target/secrets"
	"github.com/toolbench/toolbench/tool"
)

// connFlags are the flags every command that talks to a server shares.
type connFlags struct {
	env        []string
	inheritEnv bool
	cwd        string
	headers    []string
	caCert     string
	insecure   bool
	follow     bool
	timeout    string
	limits     limitFlags
	config     string
	eraFlags
	asks askFlags
	auth authFlags
}

func (c *connFlags) addFlags(fs *pflag.FlagSet) {
	fs.StringArrayVarP(&c.env, "env", "e", nil,
		"give a stdio server `KEY=VAL`, or KEY to pass toolbench's own value (repeatable); it gets only HOME, PATH, TERM and a few more otherwise")
	fs.BoolVar(&c.inheritEnv, "inherit-env", false, "give a stdio server toolbench's whole environment, secrets and all")
	fs.StringVar(&c.cwd, "cwd", "", "working `directory` of a stdio server")
	fs.StringArrayVarP(&c.headers, "header", "H", nil, "add an HTTP header `'Name: value'` (repeatable)")
	fs.StringVar(&c.caCert, "ca-cert", "", "trust the certificates in this PEM `file` too, for an https:// server")
	fs.BoolVar(&c.insecure, "insecure", false, "do not check an https:// server's certificate (warns every time)")
	fs.BoolVar(&c.follow, "follow-redirects", false, cliauth.FollowRedirectsHelp)
	fs.StringVar(&c.timeout, "timeout", "60s", "bound each request (30s, 2m; a bare number means seconds); progress extends a call's")
	c.limits.addFlags(fs)
	fs.StringVar(&c.config, "config", "", "look server names up in this `file` first (mcpServers JSON)")
	c.eraFlags.addFlags(fs)
	c.asks.addFlags(fs)
	c.auth.addFlags(fs, true)
}

// settings are the flags as target.Parse takes them.
func (c *connFlags) settings() target.Settings {
	return target.Settings{Env: c.env, InheritEnv: c.inheritEnv, Dir: c.cwd, Headers: c.headers,
		CACertFile: c.caCert, Insecure: c.insecure, FollowRedirects: c.follow, ConfigFile: c.config}
}

// server is a parsed target and the session options to reach it with.
type server struct {
	Target  target.Target
	Options client.Options
	// Secrets are what this run must never write: the target's, and
	// those OAuth learns as the run goes (tokens, client secrets).
	// History, presets, snapshots and collections are scrubbed of them.
	Secrets *secrets.Set
	// Roots are the absolute directories offered to the server as roots.
	Roots []string
	// Auth is the OAuth flow under the session's requests (the options
	// Options.HTTPWrap gives auth.NewTransport); nil for a stdio server
	// and with --auth off.
	Auth *auth.Options
	// Browser is --browser, for the workbench's own agent.
	Browser string
	// LoginCommand is the `toolbench auth login` for an HTTP server,
	// whether or not Auth is set; "" for a stdio server.
	LoginCommand string
}

// resolve parses the target the arguments name, with the flags, into a
// server whose session reports on f's stderr when -v is set.
func (c *connFlags) resolve(f *factory, args []string) (server, error) {
	t, err := f.Targets.Parse(args, c.settings())
	if err != nil {
		return server{}, err
	}
	if err := unknownServer(f.Targets, t, c.config); err != nil {
		return server{}, err
	}
	timeout, err := parseTimeout(c.timeout)
	if err != nil {
		return server{}, err
	}
	opts := client.Options{Timeout: timeout, ClientVersion: version}
	if err := c.limits.apply(&opts); err != nil {
		return server{}, err
	}
	if err := c.eraFlags.apply(f, &opts); err != nil {
		return server{}, err
	}
	if f.global.verbose {
		st := f.IO
		opts.Logf = func(format string, a ...any) { fmt.Fprintf(st.Err, "toolbench: "+format+"\n", a...) }
		opts.OnEvent = func(e client.Event) {
			if se, ok := e.(client.StderrEvent); ok {
				fmt.Fprintf(st.Err, "[server] %s\n", termsafe.Line(se.Line))
			}
		}
	}
	srv := server{Target: t, Options: opts, Secrets: t.Secrets()}
	if err := c.asks.apply(f.IO, &srv); err != nil {
		return server{}, err
	}
	if err := c.applyAuth(f, &srv); err != nil {
		return server{}, err
	}
	return srv, nil
}

// parseTimeout reads --timeout; a bare number means seconds.
func parseTimeout(s string) (time.Duration, error) {
	return parseDuration("--timeout", s)
}

// parseDuration reads the duration flag name; a bare number means seconds.
func parseDuration(name, s string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if f <= 0 {
			return 0, usage.Errorf("%s %q: must be positive", name, s)
		}
		return time.Duration(f * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, usage.Errorf("%s %q: want a positive duration such as 30s or 2m, or a number of seconds", name, s)
	}
	return d, nil
}

// announce says on stderr what a command is about to reach: with -v, the
// target (its URL redacted) and where a named one came from; always, that
// --insecure leaves the connection open to anyone on the path, and that a
// project's file shadows a server of the person's own.
func announce(st *streams, srv server, verbose bool) {
	t := srv.Target
	if t.Insecure {
		fmt.Fprintf(st.Err, "toolbench: warning: --insecure: the certificate of %s is not checked; anyone on the way can read and change this session\n", target.Redact(t.URL))
	}
	if notice := shadowNotice(t); notice != "" {
		fmt.Fprintf(st.Err, "toolbench: warning: %s\n", termsafe.Text(notice))
	}
	if !verbose {
		return
	}
	if t.Source == "" {
		fmt.Fprintf(st.Err, "toolbench: connecting to %s\n", t)
		return
	}
	fmt.Fprintf(st.Err, "toolbench: server %q from %s: %s\n", t.Name, t.Source, t)
	if len(t.Shadows) > 0 {
		fmt.Fprintf(st.Err, "toolbench: it shadows the definitions of %q in %s\n", t.Name, strings.Join(t.Shadows, ", "))
	}
}

// reach is what every command that talks to a server holds: the
// streams, how to connect, the server and whether -v was given.
type reach struct {
	IO      *streams
	Connect connectFunc
	Server  server
	Verbose bool
}

// bind fills r from the factory and the server the arguments name.
func (c *connFlags) bind(f *factory, r *reach, args []string) error {
	srv, err := c.resolve(f, args)
	if err != nil {
		return err
	}
	r.IO, r.Connect, r.Server, r.Verbose = f.IO, f.Connect, srv, f.global.verbose
	return nil
}

// dial announces the server and opens a session with it. A refusal
// (401 or 403) carries the login command, for explain to suggest.
func (r *reach) dial(ctx context.Context) (*client.Session, error) {
	announce(r.IO, r.Server, r.Verbose)
	s, err := r.Connect(ctx, r.Server.Target, r.Server.Options)
	if err != nil && r.Server.LoginCommand != "" && client.EvidenceOf(err).Challenge != "" {
		return nil, &refusedError{err: err, Command: r.Server.LoginCommand, AuthOff: r.Server.Auth == nil}
	}
	return s, err
}

// listTools opens a session and lists the server's tools; the caller
// closes the session.
func (r *reach) listTools(ctx context.Context) (*client.Session, []tool.Tool, error) {
	s, err := r.dial(ctx)
	if err != nil {
		return nil, nil, err
	}
	tools, err := s.ListTools(ctx)
	if err != nil {
		s.Close()
		return nil, nil, err
	}
	openSchemaCache(r.Server.Target).refresh(tools)
	return s, tools, nil
}

// release starts ending a session whose last answer is in, beside what the
// command still does with it (judging, printing, writing the history):
// stopping a stdio server takes milliseconds (stdin closed, a grace,
// SIGTERM, its exit), which need not come after the output. The returned
// function waits until the session is closed.
func release(s *client.Session) func() {
	done := make(chan struct{})
	go func() {
		_ = s.Close()
		close(done)
	}()
	return func() { <-done }
}

// bindTarget gives a command of a noun package (memory.TargetFlags) the
// TARGET of every command here: the words where the server begins, and
// the connection flags (-e, -H, --config...) that say how to reach it.
func (f *factory) bindTarget(cmd *cobra.Command) memory.TargetFlags {
	return f.newTargetFlags(cmd)
}

// bindBeyond is bindTarget for the listings of cli/beyond, whose server
// is one they dial themselves.
func (f *factory) bindBeyond(cmd *cobra.Command) beyond.TargetFlags {
	return beyondTarget{f.newTargetFlags(cmd)}
}

// newTargetFlags makes cmd take a TARGET and the connection flags.
func (f *factory) newTargetFlags(cmd *cobra.Command) *targetFlags {
	targetCommand(cmd)
	t := &targetFlags{f: f, fs: cmd.Flags()}
	t.conn.addFlags(cmd.Flags())
	return t
}

// targetFlags are memory.TargetFlags on connFlags.
type targetFlags struct {
	f    *factory
	fs   *pflag.FlagSet
	conn connFlags
}

// Parse reads the flags before the target (reparse).
func (t *targetFlags) Parse(words []string) ([]string, error) { return reparse(t.fs, words) }

// Help reports whether --help was read: cobra defines it, so pflag sets
// it rather than failing.
func (t *targetFlags) Help() bool {
	h, _ := t.fs.GetBool("help")
	return h
}

// Reach names the server as every command does (connFlags.bind).
func (t *targetFlags) Reach(words []string) (memory.Live, error) {
	r, err := t.named(words)
	if err != nil {
		return nil, err
	}
	return r, nil
}

// named is the server words name, with the flags read (connFlags.bind).
func (t *targetFlags) named(words []string) (*reach, error) {
	r := &reach{}
	if err := t.conn.bind(t.f, r, words); err != nil {
		return nil, err
	}
	return r, nil
}

// beyondTarget are beyond.TargetFlags on the same connFlags.
type beyondTarget struct{ t *targetFlags }

// Reach names the server as every command does, for beyond.Live.
func (b beyondTarget) Reach(words []string) (beyond.Live, error) {
	r, err := b.t.named(words)
	if err != nil {
		return nil, err
	}
	return r, nil
}

var _ beyond.Live = (*reach)(nil)

// Dial opens a session as every command does (dial), for beyond.Live.
func (r *reach) Dial(ctx context.Context) (*client.Session, error) { return r.dial(ctx) }

var _ memory.Live = (*reach)(nil)

// Tools connects and lists the tools (listTools), for memory.Live.
func (r *reach) Tools(ctx context.Context) (*client.Session, []tool.Tool, error) {
	return r.listTools(ctx)
}

// Target is the server as named, for memory.Live.
func (r *reach) Target() target.Target { return r.Server.Target }

// Secrets are what the run must not write, for memory.Live.
func (r *reach) Secrets() *secrets.Set { return r.Server.Secrets }
