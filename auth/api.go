package auth

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/toolbench/toolbench/auth/store"
)

// errUnbuilt marks the parts of the API still being written this round.
var errUnbuilt = errors.New("auth: not built yet")

// NewTransport returns the round tripper for the requests to the MCP
// server at serverURL: it adds the stored token, refreshes it before it
// expires and on a 401, logs in on a 401 when o allows (else the request
// fails with *LoginRequiredError), steps up on a 403 insufficient_scope at
// most o.MaxStepUps times, and sends the request again. One login runs at
// a time; the requests that meet a 401 meanwhile wait for it.
func NewTransport(serverURL string, base http.RoundTripper, o Options) http.RoundTripper {
	return base
}

// Login authorizes at the MCP server at serverURL now, whatever is stored:
// it asks the server for its challenge, runs the whole flow and stores the
// token. It is `toolbench auth login`.
func Login(ctx context.Context, serverURL string, o Options) (Status, error) {
	return Status{}, errUnbuilt
}

// Status is what is stored for one MCP server at one authorization
// server, with no secret in it.
type Status struct {
	// Resource is the MCP server's canonical URI; Issuer its
	// authorization server.
	Resource string
	Issuer   string
	// ClientID and ClientSource are the client and where it came from.
	ClientID     string
	ClientSource string
	// AccessToken is the access token masked (step.Mask), "" when none.
	AccessToken string
	// Expiry is when it expires; zero when unknown.
	Expiry time.Time
	// Refreshable says a refresh token is held.
	Refreshable bool
	// Scopes are the scopes granted.
	Scopes []string
	// Saved is when the entry was last written.
	Saved time.Time
}

// StatusOf lists what st holds for the MCP server at serverURL, or for
// every server when serverURL is "".
func StatusOf(st *store.Store, serverURL string) ([]Status, error) {
	return nil, errUnbuilt
}

// Logout forgets what st holds for the MCP server at serverURL, revoking
// the tokens where the authorization server offers revocation, and says
// how many entries it removed.
func Logout(ctx context.Context, st *store.Store, serverURL string, o Options) (int, error) {
	return 0, errUnbuilt
}

// LoginRequiredError says the server wants a login that toolbench may not
// start here: nobody can answer a browser (no terminal, --auth
// stored-only), or a stored token was refused and cannot be refreshed.
type LoginRequiredError struct {
	// Resource is the MCP server's canonical URI.
	Resource string
	// Command is what to run to log in ("toolbench auth login …").
	Command string
	// Reason says why no login was started.
	Reason string
}

// Error reads as the reason and the command.
func (e *LoginRequiredError) Error() string {
	return "the server needs a login (" + e.Reason + "): run " + e.Command
}
