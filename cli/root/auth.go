package root

import (
	"errors"
	"net/http"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/target"
)

// newCmdAuth is `toolbench auth`: logging in at an OAuth-protected server
// ahead of time, and seeing and forgetting what is stored.
func newCmdAuth(f *factory) *cobra.Command {
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
	cmd.AddCommand(newCmdAuthLogin(f, nil), newCmdAuthStatus(f, nil), newCmdAuthLogout(f, nil))
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
	fs.BoolVar(&a.follow, "follow-redirects", false, followRedirectsHelp)
	fs.StringVar(&a.config, "config", "", "look server names up in this `file` first (mcpServers JSON)")
}

// followRedirectsHelp is --follow-redirects, for every command that has it.
const followRedirectsHelp = "follow a redirect to another origin (scheme, host or port), sending it no credential (-H headers, cookies, the OAuth token, URL secrets); without it such a redirect is refused"

// settings are the flags as target.Parse takes them.
func (a *authTargetFlags) settings() target.Settings {
	return target.Settings{CACertFile: a.caCert, Insecure: a.insecure, FollowRedirects: a.follow, ConfigFile: a.config}
}

// parse reads the HTTP server the arguments of an auth command name.
func (a *authTargetFlags) parse(f *factory, verb string, args []string) (target.Target, error) {
	t, err := f.Targets.Parse(args, a.settings())
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

func toStatusJSON(s auth.Status) statusJSON {
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

// loginError is a login that failed: it exits 3 like any failure to
// authorize, whatever its cause.
type loginError struct{ err error }

func (e *loginError) Error() string { return e.err.Error() }
func (e *loginError) Unwrap() error { return e.err }

// asLoginError wraps a login's failure, leaving usage errors as they are.
func asLoginError(err error) error {
	var ue usage.Error
	if err == nil || errors.As(err, &ue) {
		return err
	}
	return &loginError{err}
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
