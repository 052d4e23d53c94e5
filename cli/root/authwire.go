package root

import (
	"fmt"
	"net/http"
	"os"

	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/auth/store"
	cliauth "github.com/toolbench/toolbench/cli/auth"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
)

// authAPI is the auth package as the commands use it: the product's
// functions, which tests replace to see the options a command builds
// without running a flow. `toolbench auth` uses the API; every command
// that reaches a server, NewTransport and the store.
type authAPI struct {
	// NewTransport is auth.NewTransport.
	NewTransport func(serverURL string, base http.RoundTripper, o auth.Options) http.RoundTripper
	cliauth.API
}

// productAuth is the auth package itself, with the store under the XDG
// state directory.
func productAuth() authAPI {
	return authAPI{NewTransport: auth.NewTransport,
		API: cliauth.API{Login: auth.Login, StatusOf: auth.StatusOf, Logout: auth.Logout, Store: store.Default}}
}

// lookupEnv reads toolbench's environment the way the target parser does.
func (f *factory) lookupEnv() func(string) (string, bool) {
	if f.Targets.LookupEnv != nil {
		return f.Targets.LookupEnv
	}
	return os.LookupEnv
}

// applyAuth gives srv the OAuth flow its flags choose: for an HTTP server
// with --auth other than off, a transport under the session's requests
// that adds the token and logs in on a 401. It records the login command
// either way, for the words of a refusal.
func (c *connFlags) applyAuth(f *factory, srv *server) error {
	t := srv.Target
	choice, ok, err := c.auth.choose(t, f.lookupEnv())
	if err != nil {
		return err
	}
	if t.Transport != target.Stdio {
		srv.LoginCommand = c.auth.loginCommand(t, c.settings())
	}
	if !ok {
		return nil
	}
	o, err := f.authOptions(choice, nil, srv.LoginCommand, false)
	if err != nil {
		return err
	}
	o.FollowRedirects = t.FollowRedirects
	o.Secrets = srv.Secrets
	ao, newTransport, url := &o, f.Auth.NewTransport, t.URL
	srv.Auth, srv.Browser = ao, choice.Browser
	// The options are read at each connect, so the workbench can put its
	// own agent in. rt carries t's TLS settings already: the requests to
	// the authorization server go through it too, the CA file read once,
	// when the session starts, as without OAuth.
	srv.Options.HTTPWrap = func(rt http.RoundTripper) http.RoundTripper {
		o := *ao
		o.Base = rt
		if _, ok := o.Agent.(grant.FetchAgent); ok {
			o.Agent = grant.FetchAgent{HTTP: &http.Client{Transport: rt}}
		}
		return newTransport(url, rt, o)
	}
	return nil
}

// authOptions completes what the flags chose with what every flow needs:
// the store, the timeout hold, base (the transport with the server's TLS
// settings; nil for the defaults), the login command, the agent and the
// observer. A store that cannot be had is an error for a login and a
// warning otherwise (tokens then live as long as the process).
func (f *factory) authOptions(c authChoice, base http.RoundTripper, loginCommand string, forLogin bool) (auth.Options, error) {
	o := c.Options
	st, err := f.Auth.Store()
	switch {
	case err != nil && forLogin:
		return o, fmt.Errorf("token store: %w", err)
	case err != nil:
		fmt.Fprintf(f.IO.Err, "toolbench: warning: %v; tokens are kept for this run only\n", err)
	}
	o.Store = st
	o.Hold, o.Base = client.HoldTimeout, base
	o.LoginCommand = loginCommand
	var agentShowsURL bool
	o.Agent, agentShowsURL = f.authAgent(c.Browser, o.Base, forLogin)
	o.Observe = authObserver(f.IO.Err, f.global.verbose, agentShowsURL)
	return o, nil
}

// authAgent is who takes the login to the authorization URL: toolbench
// itself with --browser fetch; the person, when stdin and stderr are a
// terminal or they ran `auth login`; else nobody, and a 401 fails with the
// login command. agentShowsURL says the agent prints the URL itself.
func (f *factory) authAgent(browser string, base http.RoundTripper, forLogin bool) (a grant.Agent, agentShowsURL bool) {
	switch {
	case browser == browserFetch:
		// No person needs the URL: toolbench follows it (-v still shows it).
		return grant.FetchAgent{HTTP: &http.Client{Transport: base}}, true
	case forLogin || f.IO.InTTY && f.IO.ErrTTY:
		return newCLIAgent(f.IO, browser, f.OpenURL), true
	}
	return nil, false
}

// authWiring is cliauth.Wiring: `toolbench auth` names, announces and
// logs in at a server as every command here does.
type authWiring struct{ f *factory }

var _ cliauth.Wiring = authWiring{}

// Parse reads the target words with the factory's parser.
func (w authWiring) Parse(words []string, s target.Settings) (target.Target, error) {
	return w.f.Targets.Parse(words, s)
}

// Announce gives t's warnings as every command does (announce).
func (w authWiring) Announce(t target.Target) {
	announce(w.f.IO, server{Target: t}, w.f.global.verbose)
}

// Observer is authObserver on stderr, with -v as given; no agent is there
// to show the URL.
func (w authWiring) Observer() step.Observer {
	return authObserver(w.f.IO.Err, w.f.global.verbose, false)
}

// LoginFlags adds authFlags without --auth, which a login has no use for.
func (w authWiring) LoginFlags(fs *pflag.FlagSet) cliauth.LoginFlags {
	l := &loginFlags{f: w.f}
	l.af.addFlags(fs, false)
	return l
}

// loginFlags are cliauth.LoginFlags on authFlags.
type loginFlags struct {
	f  *factory
	af authFlags
}

// Options chooses as connecting does (authFlags.choose), then completes
// the choice for a login (authOptions with forLogin).
func (l *loginFlags) Options(t target.Target, s target.Settings, base http.RoundTripper) (auth.Options, error) {
	choice, _, err := l.af.choose(t, l.f.lookupEnv())
	if err != nil {
		return auth.Options{}, err
	}
	return l.f.authOptions(choice, base, l.af.loginCommand(t, s), true)
}
