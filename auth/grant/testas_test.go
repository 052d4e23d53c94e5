package grant

import (
	"crypto"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/toolbench/toolbench/auth/discover"
)

// testResource is the MCP server every test token is for.
const testResource = "https://mcp.example.test/mcp"

// secret makes a long, distinctive secret a later test can grep for.
func secret(prefix string) string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return prefix + "-" + hex.EncodeToString(b)
}

// testAS is a small, strict authorization server: it refuses every
// request that breaks a rule toolbench must follow (PKCE S256, resource on
// both requests, the client's one authentication method, a valid
// assertion) with an OAuth error, and logs what it was sent.
type testAS struct {
	t   *testing.T
	srv *httptest.Server

	clientID, secret string
	method           string
	pub              crypto.PublicKey
	alg              string
	// iss is what the redirect's iss says: "correct", "wrong",
	// "normalized" (a trailing slash) or "omit"; issAdvertised is the
	// metadata flag.
	iss           string
	issAdvertised bool
	// deny makes the authorization endpoint answer this error.
	deny string
	// wrongState makes it send back another state; person makes it
	// answer a login page instead of redirecting.
	wrongState, person bool
	// rotate issues a new refresh token on refresh; scope is the scope the
	// token endpoint answers ("" leaves it out).
	rotate bool
	scope  string

	mu       sync.Mutex
	codes    map[string]url.Values // code -> the authorization request
	refresh  map[string]bool       // refresh tokens still valid
	jtis     map[string]bool
	authReqs []url.Values
	tokReqs  []url.Values
}

func newTestAS(t *testing.T, method string) *testAS {
	t.Helper()
	as := &testAS{t: t, method: method, clientID: "tb client:" + secret("id"), iss: "correct",
		issAdvertised: true, rotate: true,
		codes: map[string]url.Values{}, refresh: map[string]bool{}, jtis: map[string]bool{}}
	if method == MethodBasic || method == MethodPost {
		// Characters RFC 6749 section 2.3.1 makes form-encode in Basic.
		as.secret = secret("sec+ret/ü:&")
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /authorize", as.authorize)
	mux.HandleFunc("POST /token", as.token)
	as.srv = httptest.NewServer(mux)
	t.Cleanup(as.srv.Close)
	return as
}

// server is the metadata discovery would have found.
func (as *testAS) server() discover.Server {
	s := discover.Server{
		Issuer:                            as.srv.URL,
		AuthorizationEndpoint:             as.srv.URL + "/authorize",
		TokenEndpoint:                     as.srv.URL + "/token",
		TokenEndpointAuthMethodsSupported: []string{as.method},
		CodeChallengeMethodsSupported:     []string{"S256"},
		ISSParameterSupported:             as.issAdvertised,
	}
	if as.alg != "" {
		s.TokenEndpointAuthSigningAlgValuesSupported = []string{as.alg}
	}
	return s
}

func (as *testAS) issue() string { return secret("tok") }

func (as *testAS) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	as.mu.Lock()
	as.authReqs = append(as.authReqs, q)
	as.mu.Unlock()
	switch {
	case q.Get("response_type") != "code", q.Get("client_id") != as.clientID,
		q.Get("code_challenge_method") != "S256", len(q.Get("code_challenge")) != 43,
		q.Get("state") == "", q.Get("resource") != testResource,
		!strings.HasPrefix(q.Get("redirect_uri"), "http://127.0.0.1:"):
		http.Error(w, "bad authorization request", http.StatusBadRequest)
		return
	}
	if as.person {
		_, _ = io.WriteString(w, "log in first")
		return
	}
	back := url.Values{"state": {q.Get("state")}}
	if as.wrongState {
		back.Set("state", "not-"+q.Get("state"))
	}
	if as.deny != "" {
		back.Set("error", as.deny)
		back.Set("error_description", "the person said no")
	} else {
		code := secret("code")
		as.mu.Lock()
		as.codes[code] = q
		as.mu.Unlock()
		back.Set("code", code)
	}
	switch as.iss {
	case "correct":
		back.Set("iss", as.srv.URL)
	case "wrong":
		back.Set("iss", "https://evil.example.test")
	case "normalized":
		back.Set("iss", as.srv.URL+"/")
	}
	http.Redirect(w, r, q.Get("redirect_uri")+"?"+back.Encode(), http.StatusFound)
}

// oauthError answers as RFC 6749 section 5.2 says.
func oauthError(w http.ResponseWriter, status int, code, desc string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"error": code, "error_description": desc})
}

func (as *testAS) token(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		oauthError(w, 400, "invalid_request", err.Error())
		return
	}
	f := r.PostForm
	as.mu.Lock()
	as.tokReqs = append(as.tokReqs, f)
	as.mu.Unlock()
	if f.Get("resource") != testResource {
		oauthError(w, 400, "invalid_target", "resource is "+f.Get("resource"))
		return
	}
	if err := as.authenticate(r); err != nil {
		oauthError(w, 401, "invalid_client", err.Error())
		return
	}
	var refresh string
	switch f.Get("grant_type") {
	case "authorization_code":
		if err := as.redeem(f); err != nil {
			oauthError(w, 400, "invalid_grant", err.Error())
			return
		}
		refresh = as.newRefresh()
	case "refresh_token":
		as.mu.Lock()
		ok := as.refresh[f.Get("refresh_token")]
		if ok && as.rotate {
			delete(as.refresh, f.Get("refresh_token"))
		}
		as.mu.Unlock()
		if !ok {
			oauthError(w, 400, "invalid_grant", "refresh token revoked")
			return
		}
		if as.rotate {
			refresh = as.newRefresh()
		}
	case "client_credentials":
	default:
		oauthError(w, 400, "unsupported_grant_type", f.Get("grant_type"))
		return
	}
	body := map[string]any{"access_token": as.issue(), "token_type": "bearer", "expires_in": 3600}
	if refresh != "" {
		body["refresh_token"] = refresh
	}
	if as.scope != "" {
		body["scope"] = as.scope
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(body)
}

func (as *testAS) newRefresh() string {
	rt := secret("ref")
	as.mu.Lock()
	as.refresh[rt] = true
	as.mu.Unlock()
	return rt
}

// redeem checks the code, its redirect URI and PKCE (RFC 7636 section
// 4.6: BASE64URL(SHA256(verifier)) equals the challenge).
func (as *testAS) redeem(f url.Values) error {
	as.mu.Lock()
	auth, ok := as.codes[f.Get("code")]
	delete(as.codes, f.Get("code"))
	as.mu.Unlock()
	if !ok {
		return fmt.Errorf("unknown code")
	}
	if f.Get("redirect_uri") != auth.Get("redirect_uri") {
		return fmt.Errorf("redirect_uri differs")
	}
	sum := sha256.Sum256([]byte(f.Get("code_verifier")))
	if base64.RawURLEncoding.EncodeToString(sum[:]) != auth.Get("code_challenge") {
		return fmt.Errorf("code_verifier does not match the S256 challenge")
	}
	return nil
}

// authenticate accepts exactly the one method the server lists.
func (as *testAS) authenticate(r *http.Request) error {
	f := r.PostForm
	header := r.Header.Get("Authorization")
	if as.method != MethodBasic && header != "" {
		return fmt.Errorf("an Authorization header under %s", as.method)
	}
	if as.method != MethodPost && f.Has("client_secret") {
		return fmt.Errorf("client_secret in the body under %s", as.method)
	}
	switch as.method {
	case MethodBasic:
		return as.basic(header)
	case MethodPost:
		if f.Get("client_id") != as.clientID || f.Get("client_secret") != as.secret {
			return fmt.Errorf("wrong client_id or client_secret")
		}
	case MethodNone:
		if f.Get("client_id") != as.clientID {
			return fmt.Errorf("wrong client_id")
		}
	case MethodPrivateJWT:
		return as.assertion(f)
	}
	return nil
}

// basic decodes client_secret_basic as RFC 6749 section 2.3.1 says: the
// id and the secret are form-encoded, then joined with a colon.
func (as *testAS) basic(header string) error {
	raw, ok := strings.CutPrefix(header, "Basic ")
	if !ok {
		return fmt.Errorf("no Basic Authorization header")
	}
	dec, err := base64.StdEncoding.DecodeString(raw)
	if err != nil {
		return fmt.Errorf("basic: %v", err)
	}
	encID, encSecret, ok := strings.Cut(string(dec), ":")
	if !ok {
		return fmt.Errorf("basic: no colon")
	}
	id, err1 := url.QueryUnescape(encID)
	sec, err2 := url.QueryUnescape(encSecret)
	if err1 != nil || err2 != nil || id != as.clientID || sec != as.secret {
		return fmt.Errorf("basic: wrong id or secret")
	}
	return nil
}

// assertion verifies the RFC 7523 client assertion with the public key:
// alg, iss = sub = client id, aud the issuer as one string, a fresh jti,
// and a short life.
func (as *testAS) assertion(f url.Values) error {
	if f.Get("client_assertion_type") != AssertionType {
		return fmt.Errorf("client_assertion_type is %q", f.Get("client_assertion_type"))
	}
	claims := jwt.MapClaims{}
	_, err := jwt.ParseWithClaims(f.Get("client_assertion"), claims,
		func(*jwt.Token) (any, error) { return as.pub, nil },
		jwt.WithValidMethods([]string{as.alg}), jwt.WithIssuer(as.clientID),
		jwt.WithSubject(as.clientID), jwt.WithAudience(as.srv.URL),
		jwt.WithExpirationRequired(), jwt.WithIssuedAt())
	if err != nil {
		return fmt.Errorf("assertion: %v", err)
	}
	if _, one := claims["aud"].(string); !one {
		return fmt.Errorf("assertion: aud is not a single string")
	}
	exp, _ := claims.GetExpirationTime()
	iat, _ := claims.GetIssuedAt()
	if iat == nil || exp.Sub(iat.Time) > 5*time.Minute {
		return fmt.Errorf("assertion: no iat or a life over 5 minutes")
	}
	jti, _ := claims["jti"].(string)
	as.mu.Lock()
	defer as.mu.Unlock()
	if jti == "" || as.jtis[jti] {
		return fmt.Errorf("assertion: jti missing or replayed")
	}
	as.jtis[jti] = true
	return nil
}

// tokenRequests is a copy of the token requests' forms so far.
func (as *testAS) tokenRequests() []url.Values {
	as.mu.Lock()
	defer as.mu.Unlock()
	return append([]url.Values(nil), as.tokReqs...)
}

// authRequests is a copy of the authorization requests' queries so far.
func (as *testAS) authRequests() []url.Values {
	as.mu.Lock()
	defer as.mu.Unlock()
	return append([]url.Values(nil), as.authReqs...)
}
