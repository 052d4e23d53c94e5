// Package auth authorizes toolbench at protected MCP servers (OAuth 2.1 as
// the MCP specification's authorization pages lay it out): on a 401 it
// discovers the authorization server, registers or picks a client, gets a
// token by the authorization code grant with PKCE or by client
// credentials, keeps it in the token store, refreshes it, steps up its
// scopes on a 403 insufficient_scope, and retries the request. Every step
// is reported as a step.Event with its HTTP exchange, secrets masked.
package auth

import (
	"context"
	"net/http"
	"time"

	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/auth/store"
	"github.com/toolbench/toolbench/redirect"
	"github.com/toolbench/toolbench/target/secrets"
)

// Mode says when toolbench may start an authorization flow.
type Mode string

// The modes.
const (
	// Auto logs in on a 401 when Options.Agent can reach a person (or
	// follows the URL itself), and otherwise fails with the login command.
	Auto Mode = "auto"
	// StoredOnly uses stored tokens and refreshes them, and never logs in:
	// for CI, where nobody can answer a browser.
	StoredOnly Mode = "stored-only"
	// Off sends no token and starts no flow: a 401 is an error as it is.
	Off Mode = "off"
)

// Grant is the OAuth grant that gets the first token.
type Grant string

// The grants.
const (
	// AuthorizationCode is the authorization code grant with PKCE, for a
	// person at a browser.
	AuthorizationCode Grant = "authorization_code"
	// ClientCredentials is the client credentials grant, for machine
	// clients (a secret or a private key, no person).
	ClientCredentials Grant = "client_credentials"
)

// DefaultMaxStepUps bounds the re-authorizations one request may cause by
// answering 403 insufficient_scope.
const DefaultMaxStepUps = 2

// DefaultLoginTimeout bounds a whole login, the person's time included.
const DefaultLoginTimeout = 5 * time.Minute

// Options say how toolbench authorizes at one MCP server.
type Options struct {
	// Mode is Auto, StoredOnly or Off; "" means Auto.
	Mode Mode
	// Grant is AuthorizationCode or ClientCredentials; "" chooses: client
	// credentials when the authorization server offers that grant and not
	// the authorization code one, and a secret or key is given; else the
	// authorization code grant.
	Grant Grant

	// ClientID, ClientSecret and ClientKeyFile are a pre-registered
	// client: its id, its secret, and a PEM private key for
	// private_key_jwt. All empty means register one.
	ClientID      string
	ClientSecret  string
	ClientKeyFile string
	// ClientMetadataURL is an HTTPS URL of a Client ID Metadata Document
	// to use as the client id where the server takes one.
	ClientMetadataURL string
	// RedirectPort is the loopback redirect's port; 0 picks a free one.
	RedirectPort int
	// Scopes replace the scopes toolbench would choose (the challenge's,
	// else the metadata's); empty means choose.
	Scopes []string
	// NoRefreshToken leaves out offline_access, for servers where a
	// refresh token is not wanted.
	NoRefreshToken bool

	// Agent takes the person to the authorization URL; nil means nobody
	// can be reached, so a login fails with *LoginRequiredError.
	Agent grant.Agent
	// Store keeps clients and tokens; nil keeps them in memory only.
	Store *store.Store
	// Observe is told every step of every flow; nil ignores them.
	Observe step.Observer
	// Hold pauses the timeout of the request whose context it is given
	// while a person logs in, until the function it returns is called;
	// nil pauses nothing.
	Hold func(ctx context.Context) (release func())
	// Base carries the requests to the authorization server (the same TLS
	// settings as the MCP server's); nil means http.DefaultTransport.
	Base http.RoundTripper
	// FollowRedirects follows a redirect of the discovery and
	// registration requests to another origin, without credentials
	// (--follow-redirects); without it such a redirect is refused. A
	// token or revocation request never follows one: its body is a
	// credential. See package redirect.
	FollowRedirects bool
	// MaxStepUps bounds step-up re-authorizations per request; 0 means
	// DefaultMaxStepUps.
	MaxStepUps int
	// LoginTimeout bounds one login; 0 means DefaultLoginTimeout.
	LoginTimeout time.Duration
	// LoginCommand is the command a person runs to log in, named in
	// *LoginRequiredError ("toolbench auth login https://…").
	LoginCommand string
	// Secrets, when set, learns every secret the flow holds as it comes
	// to hold it (the client secret given, the stored or issued access
	// and refresh tokens, a registered client's secret), so that what the
	// run writes is scrubbed of them even when a server echoes one.
	Secrets *secrets.Set
}

func (o Options) mode() Mode {
	if o.Mode == "" {
		return Auto
	}
	return o.Mode
}

func (o Options) maxStepUps() int {
	if o.MaxStepUps <= 0 {
		return DefaultMaxStepUps
	}
	return o.MaxStepUps
}

func (o Options) loginTimeout() time.Duration {
	if o.LoginTimeout <= 0 {
		return DefaultLoginTimeout
	}
	return o.LoginTimeout
}

// redirects is the redirect policy of step n's requests to the
// authorization server; bodyCredentials marks requests whose body is a
// credential. Each redirect followed is an Info event of n.
func (o Options) redirects(n step.Name, bodyCredentials bool) redirect.Policy {
	return redirect.Policy{Follow: o.FollowRedirects, BodyCredentials: bodyCredentials, Report: func(h redirect.Hop) {
		o.Observe.Emit(step.Event{Step: n, State: step.Info, Summary: h.String()})
	}}
}

func (o Options) base() http.RoundTripper {
	if o.Base == nil {
		return http.DefaultTransport
	}
	return o.Base
}

// hold pauses the timeout of the request ctx belongs to, if o can.
func (o Options) hold(ctx context.Context) (release func()) {
	if o.Hold == nil {
		return func() {}
	}
	return o.Hold(ctx)
}
