package reach

import (
	"context"
	"fmt"
	"net/http"

	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/store"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
)

// AuthAPI is the auth package as the commands use it: the product's
// functions, which tests replace to see the options a command builds
// without running a flow. Every command that reaches a server uses
// NewTransport and the store; `toolbench auth` the rest.
type AuthAPI struct {
	// NewTransport is auth.NewTransport.
	NewTransport func(serverURL string, base http.RoundTripper, o auth.Options) http.RoundTripper
	// Login is auth.Login.
	Login func(ctx context.Context, serverURL string, o auth.Options) (auth.Status, error)
	// StatusOf is auth.StatusOf.
	StatusOf func(st *store.Store, serverURL string) ([]auth.Status, error)
	// Logout is auth.Logout.
	Logout func(ctx context.Context, st *store.Store, serverURL string, o auth.Options) (int, error)
	// Store is the token store.
	Store func() (*store.Store, error)
}

// ProductAuth is the auth package itself, with the store under the XDG
// state directory.
func ProductAuth() AuthAPI {
	return AuthAPI{NewTransport: auth.NewTransport, Login: auth.Login, StatusOf: auth.StatusOf, Logout: auth.Logout, Store: store.Default}
}

// applyAuth gives srv the OAuth flow its flags choose: for an HTTP server
// with --auth other than off, a transport under the session's requests
// that adds the token and logs in on a 401. It records the login command
// either way, for the words of a refusal.
func (c *ConnFlags) applyAuth(f *Factory, srv *Server) error {
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
func (f *Factory) authOptions(c authChoice, base http.RoundTripper, loginCommand string, forLogin bool) (auth.Options, error) {
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
	o.Observe = AuthObserver(f.IO.Err, f.Verbose, agentShowsURL)
	return o, nil
}

// authAgent is who takes the login to the authorization URL: toolbench
// itself with --browser fetch; the person, when stdin and stderr are a
// terminal or they ran `auth login`; else nobody, and a 401 fails with the
// login command. agentShowsURL says the agent prints the URL itself.
func (f *Factory) authAgent(browser string, base http.RoundTripper, forLogin bool) (a grant.Agent, agentShowsURL bool) {
	switch {
	case browser == browserFetch:
		// No person needs the URL: toolbench follows it (-v still shows it).
		return grant.FetchAgent{HTTP: &http.Client{Transport: base}}, true
	case forLogin || f.IO.InTTY && f.IO.ErrTTY:
		return newCLIAgent(f.IO, browser, f.OpenURL), true
	}
	return nil, false
}

// LoginFlags are the OAuth flags of a login a person asks for (`toolbench
// auth login`), which has no use for --auth.
type LoginFlags struct {
	f  *Factory
	af authFlags
}

// NewLoginFlags adds the OAuth flags but --auth to fs.
func NewLoginFlags(f *Factory, fs *pflag.FlagSet) *LoginFlags {
	l := &LoginFlags{f: f}
	l.af.addFlags(fs, false)
	return l
}

// Options chooses as connecting does (authFlags.choose), then completes
// the choice for a login: the store, an agent, base for the authorization
// server's requests (nil for the defaults) and the command that repeats
// the login (s being the flags t was named with).
func (l *LoginFlags) Options(t target.Target, s target.Settings, base http.RoundTripper) (auth.Options, error) {
	choice, _, err := l.af.choose(t, l.f.lookupEnv())
	if err != nil {
		return auth.Options{}, err
	}
	return l.f.authOptions(choice, base, l.af.loginCommand(t, s), true)
}
