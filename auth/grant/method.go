package grant

import (
	"slices"
	"strings"

	"github.com/toolbench/toolbench/auth/discover"
)

// NoMethodError says the token endpoint takes no authentication method
// the client has the credentials for.
type NoMethodError struct {
	// Supported are the methods the server accepts.
	Supported []string
	// Have describes what toolbench holds ("a client id and a secret").
	Have string
	// Hint says what to pass.
	Hint string
}

// Error names what the server wants and what toolbench has.
func (e *NoMethodError) Error() string {
	return "the token endpoint accepts " + strings.Join(e.Supported, ", ") + " but toolbench has " + e.Have
}

// ChooseMethod picks how c authenticates at s's token endpoint. A method
// already set on c (as dynamic registration returns one) is kept when c
// holds what it needs. Otherwise a key means private_key_jwt, a secret
// client_secret_basic or else client_secret_post, and none last, each
// only where the server lists it.
func ChooseMethod(s discover.Server, c Client) (string, error) {
	supported := s.TokenEndpointAuthMethodsSupported
	if len(supported) == 0 {
		// RFC 8414 section 2: an absent list means client_secret_basic. A
		// public client has no secret to send that way, and OAuth 2.1
		// section 2.4 lets it identify itself by client_id alone, so the
		// default cannot apply to it.
		supported = []string{MethodBasic}
		if c.Secret == "" && c.Key == nil {
			return MethodNone, nil
		}
	}
	if c.Method != "" {
		if fits(c, c.Method) {
			return c.Method, nil
		}
		return "", &NoMethodError{Supported: []string{c.Method}, Have: have(c),
			Hint: "the client was registered for " + c.Method + "; pass the credential it needs or register again"}
	}
	for _, m := range []string{MethodPrivateJWT, MethodBasic, MethodPost, MethodNone} {
		if fits(c, m) && slices.Contains(supported, m) {
			return m, nil
		}
	}
	return "", &NoMethodError{Supported: supported, Have: have(c), Hint: hintFor(supported)}
}

// fits says c holds what method m sends.
func fits(c Client, m string) bool {
	switch m {
	case MethodPrivateJWT:
		return c.Key != nil
	case MethodBasic, MethodPost:
		return c.Secret != ""
	case MethodNone:
		// Sending only the client id works for any client the server
		// treats as public, so it is the last resort for every client.
		return true
	}
	return false
}

func have(c Client) string {
	switch {
	case c.Key != nil && c.Secret != "":
		return "a client id, a secret and a key"
	case c.Key != nil:
		return "a client id and a key"
	case c.Secret != "":
		return "a client id and a secret"
	}
	return "only a client id"
}

func hintFor(supported []string) string {
	switch {
	case slices.Contains(supported, MethodPrivateJWT):
		return "pass --client-key FILE with the client's private key"
	case slices.Contains(supported, MethodBasic), slices.Contains(supported, MethodPost):
		return "pass --client-secret with the client's secret"
	}
	return "register a client that uses one of the methods the server lists"
}
