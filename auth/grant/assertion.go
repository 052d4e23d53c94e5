package grant

import (
	"crypto/rand"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/toolbench/toolbench/auth/discover"
)

// AssertionType is the client_assertion_type of a JWT client assertion
// (RFC 7523 section 2.2).
const AssertionType = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"

// assertionLife is how long a client assertion is valid: one request's
// worth, with room for the server's clock to differ a little.
const assertionLife = 2 * time.Minute

// signAssertion signs a fresh client assertion for c at s (RFC 7523
// section 3): iss and sub are the client id, jti is random so the server
// can refuse a replay, and aud is the issuer identifier as one string,
// as RFC 7523bis requires against audience confusion (the conformance
// suite checks exactly this); the token endpoint stands in only when the
// server published no issuer.
func signAssertion(s discover.Server, c Client, now time.Time) (string, error) {
	if c.Key == nil {
		return "", fmt.Errorf("sign client assertion: no client key")
	}
	if algs := s.TokenEndpointAuthSigningAlgValuesSupported; len(algs) > 0 && !slices.Contains(algs, c.Key.Alg) {
		return "", &NoMethodError{
			Supported: []string{MethodPrivateJWT + " signed with " + strings.Join(algs, " or ")},
			Have:      "a key that signs with " + c.Key.Alg,
			Hint:      "pass a --client-key whose algorithm the server lists",
		}
	}
	method := jwt.GetSigningMethod(c.Key.Alg)
	if method == nil {
		return "", fmt.Errorf("sign client assertion: no signer for alg %q", c.Key.Alg)
	}
	aud := s.Issuer
	if aud == "" {
		aud = s.TokenEndpoint
	}
	tok := jwt.NewWithClaims(method, jwt.MapClaims{
		"iss": c.ID,
		"sub": c.ID,
		"aud": aud,
		"jti": rand.Text(),
		"iat": now.Unix(),
		"exp": now.Add(assertionLife).Unix(),
	})
	if c.Key.ID != "" {
		tok.Header["kid"] = c.Key.ID
	}
	signed, err := tok.SignedString(c.Key.Signer)
	if err != nil {
		return "", fmt.Errorf("sign client assertion with %s: %w", c.Key.Alg, err)
	}
	return signed, nil
}
