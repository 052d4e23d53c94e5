package discover

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/toolbench/toolbench/auth/step"
)

// site is a test server answering a fixed set of paths ("{mcp}" and "{as}"
// in bodies become the two servers' URLs) and logging every request.
type site struct {
	name   string
	routes map[string]string
	srv    *httptest.Server
	log    *reqLog
}

type reqLog struct {
	mu  sync.Mutex
	all []string
}

func (l *reqLog) add(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.all = append(l.all, s)
}

func (l *reqLog) list() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.all...)
}

// pair starts an MCP server and an authorization server on 127.0.0.1.
func pair(t *testing.T, mcp, as map[string]string) (mcpURL, asURL string, log *reqLog) {
	t.Helper()
	log = &reqLog{}
	var m, a *site
	expand := func(s string) string {
		return strings.NewReplacer("{mcp}", m.srv.URL, "{as}", a.srv.URL).Replace(s)
	}
	serve := func(s *site) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			log.add(s.name + " " + r.URL.Path)
			body, ok := s.routes[r.URL.Path]
			if !ok {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, expand(body))
		})
	}
	m = &site{name: "mcp", routes: mcp, log: log}
	a = &site{name: "as", routes: as, log: log}
	m.srv = httptest.NewServer(serve(m))
	a.srv = httptest.NewServer(serve(a))
	t.Cleanup(m.srv.Close)
	t.Cleanup(a.srv.Close)
	return m.srv.URL, a.srv.URL, log
}

// eventLog renders events as "step state" lines, Info events with their
// summary (a rejected document's reason cut to "not used").
type eventLog struct {
	mu  sync.Mutex
	all []string
}

func (e *eventLog) observe(ev step.Event) {
	e.mu.Lock()
	defer e.mu.Unlock()
	line := string(ev.Step) + " " + string(ev.State)
	if ev.State == step.Info {
		s := ev.Summary
		if strings.HasPrefix(s, "not used") {
			s = "not used"
		}
		line += " " + s
	}
	e.all = append(e.all, line)
}

func (e *eventLog) list() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.all...)
}

const (
	prmPath   = `{"resource":"{mcp}/mcp","authorization_servers":["{as}"]}`
	prmRoot   = `{"resource":"{mcp}","authorization_servers":["{as}"]}`
	prmTenant = `{"resource":"{mcp}/mcp","authorization_servers":["{as}/tenant1"]}`
	asRoot    = `{"issuer":"{as}","authorization_endpoint":"{as}/authorize","token_endpoint":"{as}/token","code_challenge_methods_supported":["S256"]}`
	asTenant  = `{"issuer":"{as}/tenant1","authorization_endpoint":"{as}/tenant1/authorize","token_endpoint":"{as}/tenant1/token","code_challenge_methods_supported":["S256"]}`
)

// Event lines the tests expect.
const (
	rmStart  = "resource metadata started"
	rmDone   = "resource metadata done"
	rmFail   = "resource metadata failed"
	rmSkip   = "resource metadata skipped"
	smStart  = "authorization server metadata started"
	smDone   = "authorization server metadata done"
	smFail   = "authorization server metadata failed"
	rmInfo   = "resource metadata info "
	smInfo   = "authorization server metadata info "
	notUsedR = rmInfo + "not used"
	notUsedS = smInfo + "not used"
)

// The well-known paths the tests expect.
const (
	wkPath = "/.well-known/oauth-protected-resource/mcp"
	wkRoot = "/.well-known/oauth-protected-resource"
	oauth  = "/.well-known/oauth-authorization-server"
	oidc   = "/.well-known/openid-configuration"
)

// discoverCase is one discovery variant: what the two servers serve
// and what Discover must request, emit and return.
type discoverCase struct {
	name       string
	mcp, as    map[string]string
	challenge  string // resource_metadata, "{mcp}" expanded
	wantReqs   []string
	wantEvents []string // "GET {mcp}…: 404" expanded in Info lines
	wantIssuer string
	wantRes    string // Result.Resource; "" means "{mcp}/mcp"
	wantErr    string // in the error's text
	wantHint   string // in the step.Error's hint
	fallback   bool
}

// discoverCases are the variants of the MCP discovery page and the
// conformance suite's discovery scenarios.
var discoverCases = []discoverCase{
	{name: "challenge URL (metadata-var3)", challenge: "{mcp}/custom/metadata/location.json",
		mcp: map[string]string{"/custom/metadata/location.json": prmTenant}, as: map[string]string{"/tenant1" + oidc: asTenant},
		wantReqs:   []string{"mcp /custom/metadata/location.json", "as " + oauth + "/tenant1", "as " + oidc + "/tenant1", "as /tenant1" + oidc},
		wantEvents: []string{rmStart, rmInfo + "GET {mcp}/custom/metadata/location.json: 200", rmDone, smStart, smInfo + "GET {as}" + oauth + "/tenant1: 404", smInfo + "GET {as}" + oidc + "/tenant1: 404", smInfo + "GET {as}/tenant1" + oidc + ": 200", smDone},
		wantIssuer: "{as}/tenant1"},
	{name: "path well-known (metadata-default)", mcp: map[string]string{wkPath: prmPath}, as: map[string]string{oauth: asRoot},
		wantReqs:   []string{"mcp " + wkPath, "as " + oauth},
		wantEvents: []string{rmStart, rmInfo + "GET {mcp}" + wkPath + ": 200", rmDone, smStart, smInfo + "GET {as}" + oauth + ": 200", smDone},
		wantIssuer: "{as}"},
	{name: "root well-known, path-inserted RFC 8414 (metadata-var2)", mcp: map[string]string{wkRoot: `{"resource":"{mcp}","authorization_servers":["{as}/tenant1"]}`}, as: map[string]string{oauth + "/tenant1": asTenant},
		wantReqs:   []string{"mcp " + wkPath, "mcp " + wkRoot, "as " + oauth + "/tenant1"},
		wantEvents: []string{rmStart, rmInfo + "GET {mcp}" + wkPath + ": 404", rmInfo + "GET {mcp}" + wkRoot + ": 200", rmDone, smStart, smInfo + "GET {as}" + oauth + "/tenant1: 200", smDone},
		wantIssuer: "{as}/tenant1", wantRes: "{mcp}"},
	{name: "metadata's resource sent verbatim", mcp: map[string]string{wkPath: `{"resource":"{mcp}/mcp/","authorization_servers":["{as}"]}`}, as: map[string]string{oauth: asRoot},
		wantReqs: []string{"mcp " + wkPath, "as " + oauth}, wantIssuer: "{as}", wantRes: "{mcp}/mcp/"},
	{name: "OIDC path-inserted", mcp: map[string]string{wkPath: prmTenant}, as: map[string]string{oidc + "/tenant1": asTenant},
		wantReqs:   []string{"mcp " + wkPath, "as " + oauth + "/tenant1", "as " + oidc + "/tenant1"},
		wantIssuer: "{as}/tenant1"},
	{name: "OIDC without a path (metadata-var1)", mcp: map[string]string{wkPath: prmPath}, as: map[string]string{oidc: asRoot},
		wantReqs:   []string{"mcp " + wkPath, "as " + oauth, "as " + oidc},
		wantIssuer: "{as}"},
	{name: "challenge URL missing falls to well-known", challenge: "{mcp}/gone", mcp: map[string]string{wkRoot: prmRoot}, as: map[string]string{oauth: asRoot},
		wantReqs:   []string{"mcp /gone", "mcp " + wkPath, "mcp " + wkRoot, "as " + oauth},
		wantIssuer: "{as}", wantRes: "{mcp}"},
	{name: "issuer mismatch rejected (metadata-issuer-mismatch)", mcp: map[string]string{wkPath: prmPath},
		as:         map[string]string{oauth: `{"issuer":"https://attacker.example.com","token_endpoint":"{as}/mismatched-as/token","code_challenge_methods_supported":["S256"]}`},
		wantReqs:   []string{"mcp " + wkPath, "as " + oauth, "as " + oidc},
		wantEvents: []string{rmStart, rmInfo + "GET {mcp}" + wkPath + ": 200", rmDone, smStart, smInfo + "GET {as}" + oauth + ": 200", notUsedS, smInfo + "GET {as}" + oidc + ": 404", smFail},
		wantErr:    `is for issuer "https://attacker.example.com"`, wantHint: `says its issuer is "https://attacker.example.com"`},
	{name: "issuer differing only by a trailing slash rejected", mcp: map[string]string{wkPath: prmPath},
		as:       map[string]string{oauth: strings.Replace(asRoot, `"issuer":"{as}"`, `"issuer":"{as}/"`, 1)},
		wantReqs: []string{"mcp " + wkPath, "as " + oauth, "as " + oidc}, wantErr: "is for issuer"},
	{name: "resource mismatch rejected (resource-mismatch)", mcp: map[string]string{wkPath: `{"resource":"https://evil.example.com/mcp","authorization_servers":["{as}"]}`}, as: map[string]string{oauth: asRoot},
		wantReqs:   []string{"mcp " + wkPath, "mcp " + wkRoot},
		wantEvents: []string{rmStart, rmInfo + "GET {mcp}" + wkPath + ": 200", notUsedR, rmInfo + "GET {mcp}" + wkRoot + ": 404", rmFail},
		wantErr:    `is for resource "https://evil.example.com/mcp"`, wantHint: `names resource "https://evil.example.com/mcp" but toolbench connected to "{mcp}/mcp"`},
	{name: "sibling path is a mismatch", mcp: map[string]string{wkPath: `{"resource":"{mcp}/mc","authorization_servers":["{as}"]}`},
		wantReqs: []string{"mcp " + wkPath, "mcp " + wkRoot}, wantErr: "is for resource"},
	{name: "no authorization servers", mcp: map[string]string{wkPath: `{"resource":"{mcp}/mcp"}`},
		wantReqs: []string{"mcp " + wkPath, "mcp " + wkRoot}, wantErr: "lists no authorization server", wantHint: "at least one authorization server"},
	{name: "no PKCE refused", mcp: map[string]string{wkPath: prmPath}, as: map[string]string{oauth: `{"issuer":"{as}","token_endpoint":"{as}/token"}`},
		wantReqs:   []string{"mcp " + wkPath, "as " + oauth},
		wantEvents: []string{rmStart, rmInfo + "GET {mcp}" + wkPath + ": 200", rmDone, smStart, smInfo + "GET {as}" + oauth + ": 200", smFail},
		wantErr:    "does not support PKCE", wantHint: `add "S256"`},
	{name: "plain PKCE only refused", mcp: map[string]string{wkPath: prmPath}, as: map[string]string{oauth: `{"issuer":"{as}","token_endpoint":"{as}/token","code_challenge_methods_supported":["plain"]}`},
		wantReqs: []string{"mcp " + wkPath, "as " + oauth}, wantErr: "not S256"},
	{name: "insecure endpoint refused", mcp: map[string]string{wkPath: prmPath}, as: map[string]string{oauth: `{"issuer":"{as}","token_endpoint":"http://as.example.com/token","code_challenge_methods_supported":["S256"]}`},
		wantReqs: []string{"mcp " + wkPath, "as " + oauth}, wantErr: "not https", wantHint: "only over https"},
	{name: "AS metadata missing", mcp: map[string]string{wkPath: prmPath},
		wantReqs: []string{"mcp " + wkPath, "as " + oauth, "as " + oidc}, wantErr: "no metadata found", wantHint: "publishes no metadata"},
	{name: "2025-03-26 metadata at the origin", mcp: map[string]string{oauth: `{"issuer":"{mcp}","authorization_endpoint":"{mcp}/oauth/authorize","token_endpoint":"{mcp}/oauth/token","code_challenge_methods_supported":["S256"]}`},
		wantReqs:   []string{"mcp " + wkPath, "mcp " + wkRoot, "mcp " + oauth},
		wantEvents: []string{rmStart, rmInfo + "GET {mcp}" + wkPath + ": 404", rmInfo + "GET {mcp}" + wkRoot + ": 404", rmSkip, smStart, smInfo + "GET {mcp}" + oauth + ": 200", smDone},
		wantIssuer: "{mcp}"},
	{name: "2025-03-26 default endpoints",
		wantReqs:   []string{"mcp " + wkPath, "mcp " + wkRoot, "mcp " + oauth},
		wantEvents: []string{rmStart, rmInfo + "GET {mcp}" + wkPath + ": 404", rmInfo + "GET {mcp}" + wkRoot + ": 404", rmSkip, smStart, smInfo + "GET {mcp}" + oauth + ": 404", smDone},
		wantIssuer: "{mcp}", fallback: true},
	{name: "insecure challenge URL refused", challenge: "http://example.com/meta",
		wantReqs: nil, wantEvents: []string{rmStart, rmFail}, wantErr: "not https", wantHint: "only over https"},
	{name: "oversized document", mcp: map[string]string{wkPath: `{"resource":"{mcp}/mcp","pad":"` + strings.Repeat("x", MaxDocument) + `"}`},
		wantReqs: []string{"mcp " + wkPath}, wantErr: "larger than"},
}

func TestDiscover(t *testing.T) {
	t.Parallel()
	for _, tt := range discoverCases {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			mcpURL, asURL, log := pair(t, tt.mcp, tt.as)
			x := strings.NewReplacer("{mcp}", mcpURL, "{as}", asURL).Replace
			var ev eventLog
			c := &Client{Observe: ev.observe}
			var ch *Challenge
			if tt.challenge != "" {
				ch = &Challenge{Scheme: "Bearer", ResourceMetadata: x(tt.challenge)}
			}
			res, err := c.Discover(context.Background(), mcpURL+"/mcp", ch)
			if got := log.list(); strings.Join(got, "\n") != strings.Join(tt.wantReqs, "\n") {
				t.Errorf("requests:\n got %q\nwant %q", got, tt.wantReqs)
			}
			if tt.wantEvents != nil {
				want := make([]string, len(tt.wantEvents))
				for i, e := range tt.wantEvents {
					want[i] = x(e)
				}
				if got := ev.list(); strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("events:\n got %q\nwant %q", got, want)
				}
			}
			checkOutcome(t, res, err, x(tt.wantIssuer), x(tt.wantErr), x(tt.wantHint), tt.fallback)
			wantRes := x(tt.wantRes)
			if wantRes == "" {
				wantRes = mcpURL + "/mcp"
			}
			if err == nil && res.Resource != wantRes {
				t.Errorf("Resource = %q, want %q", res.Resource, wantRes)
			}
		})
	}
}

// checkOutcome checks Discover's result or its *step.Error.
func checkOutcome(t *testing.T, res Result, err error, issuer, wantErr, wantHint string, fallback bool) {
	t.Helper()
	if wantErr == "" {
		if err != nil {
			t.Fatalf("Discover: %v", err)
		}
		if res.Server.Issuer != issuer || res.Server.Fallback != fallback {
			t.Errorf("server %+v, want issuer %q fallback %v", res.Server, issuer, fallback)
		}
		if fallback && res.Server.AuthorizationEndpoint != issuer+"/authorize" {
			t.Errorf("fallback endpoints %+v", res.Server)
		}
		return
	}
	var se *step.Error
	if !errors.As(err, &se) {
		t.Fatalf("error %v (%T), want a *step.Error", err, err)
	}
	if !strings.Contains(err.Error(), wantErr) || !strings.Contains(se.Hint, wantHint) {
		t.Errorf("error %q hint %q; want %q and %q", err, se.Hint, wantErr, wantHint)
	}
	if se.Exchange == nil && !strings.Contains(wantErr, "https") {
		t.Errorf("step.Error carries no exchange")
	}
}

// TestDiscoverKeepsServerURLSecrets checks that a key in the MCP URL's
// query or userinfo reaches neither a metadata request nor an event.
func TestDiscoverKeepsServerURLSecrets(t *testing.T) {
	t.Parallel()
	var queries reqLog
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		queries.add(r.URL.RawQuery + r.Header.Get("Authorization"))
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	const key = "key-4d1f9a7c0b2e8d6f3a5c1e9b"
	serverURL := strings.Replace(srv.URL, "://", "://me:"+key+"@", 1) + "/mcp?api_key=" + key
	var seen reqLog
	observe := func(ev step.Event) {
		seen.add(ev.Summary)
		if ev.Exchange != nil {
			seen.add(ev.Exchange.URL + ev.Exchange.Err)
		}
	}
	res, err := (&Client{Observe: observe}).Discover(t.Context(), serverURL, nil)
	if err != nil || !res.Server.Fallback || res.Resource != srv.URL+"/mcp" {
		t.Fatalf("Discover = %+v, %v", res, err)
	}
	for _, s := range append(queries.list(), seen.list()...) {
		if strings.Contains(s, key) {
			t.Errorf("the key leaks into %q", s)
		}
	}
	if got := seen.list()[0]; got != "for "+srv.URL+"/mcp" {
		t.Errorf("first summary %q", got)
	}
}
