package grant

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/target/secrets"
)

func ctx(t *testing.T) context.Context {
	t.Helper()
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return c
}

func TestRefresh(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, method, alg string
		rotate            bool
	}{
		{"rotating, basic", MethodBasic, "", true},
		{"not rotating, post", MethodPost, "", false},
		{"rotating, jwt", MethodPrivateJWT, "ES256", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			as := newTestAS(t, tt.method)
			as.rotate = tt.rotate
			var key *Key
			if tt.alg != "" {
				key = withKey(t, as, tt.alg)
			}
			ev := &events{}
			r := request(as, ev, key)
			first, err := login(t, r, FetchAgent{HTTP: as.srv.Client()})
			if err != nil {
				t.Fatal(err)
			}
			next, err := Refresh(ctx(t), r, first.RefreshToken)
			if err != nil {
				t.Fatalf("refresh: %v", err)
			}
			if next.AccessToken == first.AccessToken || next.AccessToken == "" {
				t.Errorf("access token not renewed")
			}
			rotated := next.RefreshToken != first.RefreshToken
			if rotated != tt.rotate || next.RefreshToken == "" {
				t.Errorf("refresh token rotated %v, want %v (kept: %v)", rotated, tt.rotate, next.RefreshToken != "")
			}
			reqs := as.tokenRequests()
			if last := reqs[len(reqs)-1]; last.Get("grant_type") != "refresh_token" || last.Get("resource") != testResource {
				t.Errorf("refresh request %v", last)
			}
			checkNoSecrets(t, ev, as, next)
			if tt.rotate {
				// The rotated-out token is now refused.
				_, err := Refresh(ctx(t), r, first.RefreshToken)
				wantRefused(t, err)
			}
		})
	}
}

func wantRefused(t *testing.T, err error) {
	t.Helper()
	var se *step.Error
	var te *TokenError
	if !errors.Is(err, ErrRefreshRefused) || !errors.As(err, &se) || se.Step != step.Refresh || !errors.As(err, &te) {
		t.Fatalf("err %v: want ErrRefreshRefused at the Refresh step with a TokenError", err)
	}
	if te.Status != 400 || te.Code != "invalid_grant" || te.Description != "refresh token revoked" {
		t.Errorf("token error %+v", *te)
	}
}

func TestRefreshRefusedIsNotOtherFailures(t *testing.T) {
	t.Parallel()
	as := newTestAS(t, MethodPost)
	r := request(as, &events{}, nil)
	r.Client.Secret = "wrong-" + as.secret
	_, err := Refresh(ctx(t), r, "ref-unknown-0123456789abcdef")
	var te *TokenError
	if errors.Is(err, ErrRefreshRefused) || !errors.As(err, &te) || te.Code != "invalid_client" || te.Status != 401 {
		t.Fatalf("err %v: want an invalid_client TokenError, not a refused refresh", err)
	}
	_, err = Refresh(ctx(t), request(as, &events{}, nil), "")
	if !errors.Is(err, ErrRefreshRefused) {
		t.Errorf("no refresh token: %v", err)
	}
}

func TestClientCredentials(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, method, alg string
		scope             string // the answer's scope
		want              string
	}{
		{"basic, asked scopes", MethodBasic, "", "", "mcp:read mcp:write"},
		{"post, granted scopes", MethodPost, "", "mcp:read", "mcp:read"},
		{"jwt ES256", MethodPrivateJWT, "ES256", "", "mcp:read mcp:write"},
		{"jwt RS256", MethodPrivateJWT, "RS256", "", "mcp:read mcp:write"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			as := newTestAS(t, tt.method)
			as.scope = tt.scope
			var key *Key
			if tt.alg != "" {
				key = withKey(t, as, tt.alg)
			}
			ev := &events{}
			r := request(as, ev, key)
			r.Scopes = []string{"mcp:read", "mcp:write"}
			r.Secrets = secrets.NewSet()
			tok, err := ClientCredentials(ctx(t), r)
			if err != nil {
				t.Fatalf("client credentials: %v", err)
			}
			if a := as.tokenRequests()[0].Get("client_assertion"); a != "" {
				if got, _ := r.Secrets.ScrubJSON([]byte(`"` + a + `"`)); string(got) != `"$CLIENT_ASSERTION"` {
					t.Errorf("the run did not learn the client assertion: %s", got)
				}
			}
			if got := strings.Join(tok.Scopes, " "); got != tt.want || tok.AccessToken == "" {
				t.Errorf("scopes %q, want %q", got, tt.want)
			}
			req := as.tokenRequests()[0]
			if req.Get("grant_type") != "client_credentials" || req.Get("scope") != "mcp:read mcp:write" {
				t.Errorf("request %v", req)
			}
			checkNoSecrets(t, ev, as, tok)
		})
	}
}

func TestAssertionAlgNotListed(t *testing.T) {
	t.Parallel()
	as := newTestAS(t, MethodPrivateJWT)
	key := withKey(t, as, "RS256")
	as.alg = "ES256" // the server lists only ES256
	_, err := ClientCredentials(ctx(t), request(as, &events{}, key))
	var nm *NoMethodError
	if !errors.As(err, &nm) || len(as.tokenRequests()) != 0 {
		t.Fatalf("err %v: want a NoMethodError before any request", err)
	}
}

func TestTokenRequestNeedsResource(t *testing.T) {
	t.Parallel()
	as := newTestAS(t, MethodNone)
	r := request(as, &events{}, nil)
	r.Resource = ""
	_, err := ClientCredentials(ctx(t), r)
	var se *step.Error
	if !errors.As(err, &se) || se.Step != step.Token || len(as.tokenRequests()) != 0 {
		t.Fatalf("err %v: want a Token step error before any request", err)
	}
}

func TestClientCredentialsNeedsCredentials(t *testing.T) {
	t.Parallel()
	as := newTestAS(t, MethodNone)
	_, err := ClientCredentials(ctx(t), request(as, &events{}, nil))
	var nm *NoMethodError
	var se *step.Error
	if !errors.As(err, &nm) || !errors.As(err, &se) || se.Hint == "" || len(as.tokenRequests()) != 0 {
		t.Fatalf("err %v: want a NoMethodError with a hint before any request", err)
	}
}

// TestClientCredentialsWithKeyFile runs the conformance suite's
// client-credentials-jwt shape end to end: a PKCS#8 P-256 key file, an AS
// that lists only private_key_jwt with ES256.
func TestClientCredentialsWithKeyFile(t *testing.T) {
	t.Parallel()
	as := newTestAS(t, MethodPrivateJWT)
	signer := must(ecdsa.GenerateKey(elliptic.P256(), rand.Reader))
	as.pub, as.alg = signer.Public(), "ES256"
	path := filepath.Join(t.TempDir(), "client.pem")
	if err := os.WriteFile(path, pemOf("PRIVATE KEY", must(x509.MarshalPKCS8PrivateKey(signer))), 0o600); err != nil {
		t.Fatal(err)
	}
	key, err := LoadKey(path)
	if err != nil {
		t.Fatal(err)
	}
	r := request(as, &events{}, key)
	r.Client.Secret = ""
	if _, err := ClientCredentials(ctx(t), r); err != nil {
		t.Fatalf("client credentials: %v", err)
	}
	if f := as.tokenRequests()[0]; f.Get("client_assertion_type") != AssertionType || f.Has("client_secret") {
		t.Errorf("request %v", f)
	}
}
