package reach

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/target/secrets"
)

// ConnFlags are the flags every command that talks to a server shares:
// how to start or reach it, how long to wait, what to answer its asks
// with, how to authorize.
type ConnFlags struct {
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
	// policy is --elicit and --sample, for a command that takes them
	// (AddAskPolicies); nil otherwise.
	policy *policyFlags
}

// AddFlags adds the connection flags to fs.
func (c *ConnFlags) AddFlags(fs *pflag.FlagSet) {
	fs.StringArrayVarP(&c.env, "env", "e", nil,
		"give a stdio server `KEY=VAL`, or KEY to pass toolbench's own value (repeatable); it gets only HOME, PATH, TERM and a few more otherwise")
	fs.BoolVar(&c.inheritEnv, "inherit-env", false, "give a stdio server toolbench's whole environment, secrets and all")
	fs.StringVar(&c.cwd, "cwd", "", "working `directory` of a stdio server")
	fs.StringArrayVarP(&c.headers, "header", "H", nil, "add an HTTP header `'Name: value'` (repeatable)")
	fs.StringVar(&c.caCert, "ca-cert", "", "trust the certificates in this PEM `file` too, for an https:// server")
	fs.BoolVar(&c.insecure, "insecure", false, "do not check an https:// server's certificate (warns every time)")
	fs.BoolVar(&c.follow, "follow-redirects", false, FollowRedirectsHelp)
	fs.StringVar(&c.timeout, "timeout", "60s", "bound each request (30s, 2m; a bare number means seconds); progress extends a call's")
	c.limits.addFlags(fs)
	fs.StringVar(&c.config, "config", "", "look server names up in this `file` first (mcpServers JSON)")
	c.eraFlags.addFlags(fs)
	c.asks.addFlags(fs)
	c.auth.addFlags(fs, true)
}

// settings are the flags as target.Parse takes them.
func (c *ConnFlags) settings() target.Settings {
	return target.Settings{Env: c.env, InheritEnv: c.inheritEnv, Dir: c.cwd, Headers: c.headers,
		CACertFile: c.caCert, Insecure: c.insecure, FollowRedirects: c.follow, ConfigFile: c.config}
}

// Server is a parsed target and the session options to reach it with.
type Server struct {
	// Target is the server as the words and flags named it.
	Target target.Target
	// Options are the session options: timeouts, limits, era, answers,
	// and -v's reporting.
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

// Resolve parses the target the arguments name, with the flags, into a
// server whose session reports on f's stderr when -v is set.
func (c *ConnFlags) Resolve(f *Factory, args []string) (Server, error) {
	t, err := f.Targets.Parse(args, c.settings())
	if err != nil {
		return Server{}, err
	}
	if err := unknownServer(f.Targets, t, c.config); err != nil {
		return Server{}, err
	}
	timeout, err := parseTimeout(c.timeout)
	if err != nil {
		return Server{}, err
	}
	opts := client.Options{Timeout: timeout, ClientVersion: f.ClientVersion}
	if err := c.limits.apply(&opts); err != nil {
		return Server{}, err
	}
	if err := c.eraFlags.apply(f, &opts); err != nil {
		return Server{}, err
	}
	if f.Verbose {
		st := f.IO
		opts.Logf = func(format string, a ...any) { fmt.Fprintf(st.Err, "toolbench: "+format+"\n", a...) }
		opts.OnEvent = func(e client.Event) {
			if se, ok := e.(client.StderrEvent); ok {
				fmt.Fprintf(st.Err, "[server] %s\n", termsafe.Line(se.Line))
			}
		}
	}
	srv := Server{Target: t, Options: opts, Secrets: t.Secrets()}
	if err := c.asks.apply(f.IO, &srv); err != nil {
		return Server{}, err
	}
	if err := c.applyAuth(f, &srv); err != nil {
		return Server{}, err
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

// FollowRedirectsHelp is --follow-redirects, for every command that has it.
const FollowRedirectsHelp = "follow a redirect to another origin (scheme, host or port), sending it no credential (-H headers, cookies, the OAuth token, URL secrets); without it such a redirect is refused"

// Announce says on stderr what a command is about to reach: with -v, the
// target (its URL redacted) and where a named one came from; always, that
// --insecure leaves the connection open to anyone on the path, and that a
// project's file shadows a server of the person's own.
func Announce(st *iostreams.Streams, srv Server, verbose bool) {
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
