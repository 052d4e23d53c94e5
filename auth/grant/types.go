// Package grant gets tokens from an authorization server's token endpoint:
// the authorization code grant with PKCE (S256) through a loopback
// redirect on 127.0.0.1, the client credentials grant, and refresh. Every
// token request carries the RFC 8707 resource parameter and authenticates
// the client the way the server supports (client_secret_basic,
// client_secret_post, none, private_key_jwt).
package grant

import (
	"context"
	"crypto"
	"time"
)

// Token endpoint authentication methods (RFC 7591 section 2).
const (
	MethodBasic      = "client_secret_basic"
	MethodPost       = "client_secret_post"
	MethodNone       = "none"
	MethodPrivateJWT = "private_key_jwt"
)

// Client is how toolbench identifies itself to an authorization server.
type Client struct {
	// ID is the client id: a registered one, or an HTTPS URL naming a
	// Client ID Metadata Document.
	ID string
	// Secret is the client secret; "" for a public client.
	Secret string
	// Method is the token endpoint authentication method to use; ""
	// means choose one with ChooseMethod.
	Method string
	// Key signs client assertions for private_key_jwt; nil otherwise.
	Key *Key
}

// Key is a private key that signs client assertions (RFC 7523).
type Key struct {
	// Signer is the private key.
	Signer crypto.Signer
	// Alg is the JWS algorithm it signs with ("RS256", "ES256").
	Alg string
	// ID is the key id put in the assertion's kid header, or "".
	ID string
}

// Token is what a token endpoint granted.
type Token struct {
	// AccessToken is the bearer token.
	AccessToken string
	// TokenType is the type the server named ("Bearer").
	TokenType string
	// RefreshToken redeems a new access token; "" when none was issued.
	RefreshToken string
	// Expiry is when the access token expires; zero when the server did
	// not say.
	Expiry time.Time
	// Scopes are the scopes granted: the response's scope when it has
	// one, else the scopes asked for.
	Scopes []string
}

// Agent takes the person (or, for test servers, toolbench itself) to the
// authorization URL. The redirect comes back to the loopback listener, or
// through Pasted.
type Agent interface {
	// Visit sends the person to authURL and returns once they have been
	// sent (a browser started, the URL shown) without waiting for them;
	// an agent that follows the URL itself may return after it has. An
	// error means the person could not be sent there.
	Visit(ctx context.Context, authURL string) error
	// Pasted delivers what a person pasted in place of the browser's
	// redirect: the whole redirect URL, or the bare code. It is nil when
	// nobody can paste.
	Pasted() <-chan string
}
