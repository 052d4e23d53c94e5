// Package auth is `toolbench auth`: logging in at an OAuth-protected
// server ahead of time, and seeing and forgetting what is stored.
package auth

import (
	"errors"
	"net/http"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	oauth "github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/target"
)

// Wiring is what the commands need of cli/root, which shares it with
// every command that reaches a server: naming the server, warning about
// it, showing a flow's steps, and the OAuth flags.
type Wiring interface {
	// Parse reads TARGET words as every command does, with s the flags
	// that say where to find a named server and how to trust it.
	Parse(words []string, s target.Settings) (target.Target, error)
	// Announce writes the warnings every command gives before it reaches
	// t (--insecure, a shadowed name), and with -v where it goes.
	Announce(t target.Target)
	// Observer shows a flow's steps on stderr, each one with -v.
	Observer() step.Observer
	// LoginFlags adds to fs the OAuth flags of every command that reaches
	// an HTTP server, --auth left out, and gives what reads them.
	LoginFlags(fs *pflag.FlagSet) LoginFlags
}

// LoginFlags are the OAuth flags of a login, once parsed.
type LoginFlags interface {
	// Options checks the flags against t, merges them over t's config
	// entry and completes them for a login a person asked for: the store,
	// an agent, base for the authorization server's requests (nil for the
	// defaults) and the command that repeats the login (s being the flags
	// t was named with). Its errors are usage errors where the flags are
	// wrong.
	Options(t target.Target, s target.Settings, base http.RoundTripper) (oauth.Options, error)
}

// NewCmdAuth is `toolbench auth` and its commands, writing to io, reaching
// servers through w and the flows through api, which is read when a
// command is made.
func NewCmdAuth(io *iostreams.Streams, w Wiring, api *reach.AuthAPI) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "auth",
		Short: "Log in at OAuth-protected servers, see and forget stored tokens",
		Long: `Log in at an MCP server that wants OAuth, see what toolbench stores, and
forget it. Every command that reaches an HTTP server logs in by itself on a
401 when a person is at the terminal (--auth auto); 'auth login' does it
ahead of time, for CI runs with --auth stored-only. Tokens are kept in one
file only its owner can read, under the XDG state directory; they are never
printed, only their last four characters.`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usage.Errorf("unknown command %q of toolbench auth; want login, status or logout (see 'toolbench auth --help')", args[0])
			}
			return cmd.Help()
		},
	}
	cmd.Example = exampleAuth
	cmd.AddCommand(NewCmdLogin(io, w, api, nil), NewCmdStatus(io, w, api, nil), NewCmdLogout(io, w, api, nil))
	return cmd
}

// authArgs takes from min to max arguments (a TARGET is one word, or two
// as in `http URL`), refusing others as a usage error.
func authArgs(min, max int, synopsis string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) < min || len(args) > max {
			return usage.Errorf("want %s, got %s", synopsis, plural.Count(len(args), "argument"))
		}
		return nil
	}
}

// authTargetFlags are the flags of `toolbench auth` commands that name
// the server: where to find a named one and how to trust its certificate.
type authTargetFlags struct {
	caCert   string
	insecure bool
	follow   bool
	config   string
}

func (a *authTargetFlags) addFlags(fs *pflag.FlagSet) {
	fs.StringVar(&a.caCert, "ca-cert", "", "trust the certificates in this PEM `file` too, for an https:// server and its authorization server")
	fs.BoolVar(&a.insecure, "insecure", false, "do not check the certificates of an https:// server and its authorization server (warns every time)")
	fs.BoolVar(&a.follow, "follow-redirects", false, reach.FollowRedirectsHelp)
	fs.StringVar(&a.config, "config", "", "look server names up in this `file` first (mcpServers JSON)")
}

// settings are the flags as target.Parse takes them.
func (a *authTargetFlags) settings() target.Settings {
	return target.Settings{CACertFile: a.caCert, Insecure: a.insecure, FollowRedirects: a.follow, ConfigFile: a.config}
}

// parse reads the HTTP server the arguments of an auth command name.
func (a *authTargetFlags) parse(w Wiring, verb string, args []string) (target.Target, error) {
	t, err := w.Parse(args, a.settings())
	if err != nil {
		return t, err
	}
	if t.Transport == target.Stdio {
		return t, usage.Errorf("auth %s takes an HTTP server (a URL, or the name of one in your config files); %q is started over stdio, which has no OAuth", verb, t.Command)
	}
	return t, nil
}

// statusJSON is one stored entry as --json prints it: no secret, the
// access token masked.
type statusJSON struct {
	Resource     string     `json:"resource"`
	Issuer       string     `json:"issuer"`
	ClientID     string     `json:"clientId"`
	ClientSource string     `json:"clientSource"`
	AccessToken  string     `json:"accessToken,omitempty"`
	Expiry       *time.Time `json:"expiry,omitempty"`
	Refreshable  bool       `json:"refreshable"`
	Scopes       []string   `json:"scopes"`
	Saved        *time.Time `json:"saved,omitempty"`
}

func toStatusJSON(s oauth.Status) statusJSON {
	scopes := s.Scopes
	if scopes == nil {
		scopes = []string{}
	}
	return statusJSON{Resource: s.Resource, Issuer: s.Issuer, ClientID: s.ClientID, ClientSource: s.ClientSource,
		AccessToken: s.AccessToken, Expiry: timeOrNil(s.Expiry), Refreshable: s.Refreshable, Scopes: scopes, Saved: timeOrNil(s.Saved)}
}

func timeOrNil(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

// LoginError is a login or logout that failed: cli/root's exit map gives
// it the exit code of any failure to authorize, whatever its cause.
type LoginError struct {
	// Err is the failure, which says what was being done.
	Err error
}

// Error reads as the failure.
func (e *LoginError) Error() string { return e.Err.Error() }

// Unwrap returns the failure.
func (e *LoginError) Unwrap() error { return e.Err }

// asLoginError wraps a login's failure, leaving usage errors as they are.
func asLoginError(err error) error {
	var ue usage.Error
	if err == nil || errors.As(err, &ue) {
		return err
	}
	return &LoginError{err}
}

// authBase carries the requests to the authorization server with the TLS
// settings of t (--ca-cert, --insecure); nil means the defaults.
func authBase(t target.Target) (http.RoundTripper, error) {
	cfg, err := client.TLSConfig(t)
	if err != nil || cfg == nil {
		return nil, err
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.TLSClientConfig = cfg
	return tr, nil
}
