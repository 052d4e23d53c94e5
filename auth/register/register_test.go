package register_test

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/auth/discover"
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/register"
	"github.com/toolbench/toolbench/auth/step"
)

const (
	loopback = "http://127.0.0.1:43117/callback"
	docURL   = "https://client.example/toolbench/client.json"
)

// priorityCase is one row of TestPriority.
type priorityCase struct {
	name       string
	cimd       bool
	req        register.Request
	storedAt   string // "same" or "other" issuer for req.Stored, or none
	wantSource register.Source
	wantID     string // "" means the one the registration endpoint issued
	wantPosts  int
	wantStates []step.State
}

// TestPriority follows the specification's order: pre-registered, then a
// stored registration from the same server, then a metadata document where
// the server takes one, then dynamic registration.
func TestPriority(t *testing.T) {
	t.Parallel()
	static := &grant.Client{ID: "static-client", Secret: "static-secret-0123456789abcdef"}
	withDoc := register.Request{MetadataURL: docURL}
	dcr := []step.State{step.Started, step.Done}
	noted := []step.State{step.Info, step.Started, step.Done}
	for _, tc := range []priorityCase{
		{"pre-registered beats everything", true, register.Request{Static: static, MetadataURL: docURL}, "same",
			register.PreRegistered, "static-client", 0, []step.State{step.Skipped}},
		{"stored at the same issuer", true, withDoc, "same", register.Dynamic, "stored-client", 0, []step.State{step.Skipped}},
		{"stored at another issuer is never used", false, register.Request{}, "other", register.Dynamic, "", 1, noted},
		{"metadata document where the server takes one", true, withDoc, "", register.MetadataDocument, docURL, 0, []step.State{step.Done}},
		{"metadata document the server does not take", false, withDoc, "", register.Dynamic, "", 1, noted},
		{"server takes documents but none given", true, register.Request{}, "", register.Dynamic, "", 1, dcr},
		{"dynamic registration", false, register.Request{}, "", register.Dynamic, "", 1, dcr},
	} {
		t.Run(tc.name, tc.run)
	}
}

func (tc priorityCase) run(t *testing.T) {
	t.Parallel()
	as := newAuthServer(t, http.StatusCreated, `{"client_id":"dcr-client","token_endpoint_auth_method":"none"}`)
	srv := as.server()
	srv.ClientIDMetadataDocumentSupported = tc.cimd
	req := tc.req
	req.RedirectURI, req.HTTP = loopback, as.srv.Client()
	if tc.storedAt != "" {
		req.Stored = &register.Registration{Client: grant.Client{ID: "stored-client", Method: grant.MethodNone},
			Source: register.Dynamic, Issuer: srv.Issuer, RedirectURIs: []string{loopback}}
		if tc.storedAt == "other" {
			req.Stored.Issuer = "https://old-as.example"
		}
	}
	var ev events
	req.Observe = ev.observe
	got, err := register.Register(context.Background(), srv, req)
	if err != nil {
		t.Fatal(err)
	}
	wantID := tc.wantID
	if wantID == "" {
		wantID = "dcr-client"
	}
	if got.Source != tc.wantSource || got.Client.ID != wantID || got.Issuer != srv.Issuer {
		t.Errorf("got %s client %s at %s, want %s client %s at %s", got.Source, got.Client.ID, got.Issuer, tc.wantSource, wantID, srv.Issuer)
	}
	if n := as.posts(); n != tc.wantPosts {
		t.Errorf("%d registration requests, want %d", n, tc.wantPosts)
	}
	if s := ev.states(t); !slices.Equal(s, tc.wantStates) {
		t.Errorf("events %v, want %v", s, tc.wantStates)
	}
}

// TestNoWayToRegister: without a client, a registration endpoint or a
// document the server takes, the error says exactly what to pass.
func TestNoWayToRegister(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		cimd     bool
		wantHint []string
		notHint  []string
	}{
		{"plain server", false, []string{"https://as.example", "--client-id", "--client-secret", "--client-key"}, []string{"--client-metadata-url"}},
		{"server that takes documents", true, []string{"--client-id", "--client-metadata-url"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := discover.Server{Issuer: "https://as.example", ClientIDMetadataDocumentSupported: tt.cimd}
			var ev events
			_, err := register.Register(context.Background(), srv, register.Request{RedirectURI: loopback, Observe: ev.observe})
			var se *step.Error
			if !errors.As(err, &se) || se.Step != step.Registration || !errors.Is(err, register.ErrNoWay) {
				t.Fatalf("err = %v, want a registration step.Error wrapping ErrNoWay", err)
			}
			for _, w := range tt.wantHint {
				if !strings.Contains(se.Hint, w) {
					t.Errorf("hint %q lacks %q", se.Hint, w)
				}
			}
			for _, w := range tt.notHint {
				if strings.Contains(se.Hint, w) {
					t.Errorf("hint %q names %q, which this server does not take", se.Hint, w)
				}
			}
			if s := ev.states(t); !slices.Equal(s, []step.State{step.Failed}) {
				t.Errorf("events %v, want one Failed", s)
			}
		})
	}
}

// TestPreRegisteredIssuerChange: a pre-registered client the store saw at
// another authorization server is refused, not sent to the new one.
func TestPreRegisteredIssuerChange(t *testing.T) {
	t.Parallel()
	static := grant.Client{ID: "static-client", Secret: "static-secret-0123456789abcdef"}
	srv := discover.Server{Issuer: "https://new-as.example"}
	tests := []struct {
		name    string
		stored  *register.Registration
		wantErr bool
	}{
		{"nothing stored", nil, false},
		{"stored at the same issuer", &register.Registration{Client: static, Source: register.PreRegistered, Issuer: srv.Issuer}, false},
		{"stored at another issuer", &register.Registration{Client: static, Source: register.PreRegistered, Issuer: "https://old-as.example"}, true},
		{"another client stored at another issuer", &register.Registration{Client: grant.Client{ID: "dcr"}, Source: register.Dynamic, Issuer: "https://old-as.example"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := static
			got, err := register.Register(context.Background(), srv, register.Request{Static: &c, Stored: tt.stored, RedirectURI: loopback})
			var ice *register.IssuerChangedError
			if tt.wantErr {
				var se *step.Error
				if !errors.As(err, &ice) || ice.Was != "https://old-as.example" || ice.Now != srv.Issuer || !errors.As(err, &se) || !strings.Contains(se.Hint, srv.Issuer) {
					t.Fatalf("err = %v, want an IssuerChangedError naming both issuers", err)
				}
				return
			}
			if err != nil || got.Client != static || got.Source != register.PreRegistered {
				t.Fatalf("got %+v, %v; want the static client", got, err)
			}
		})
	}
}

// TestStoredNotReused: a stored registration from this server is still
// replaced when it cannot serve this flow.
func TestStoredNotReused(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		change  func(*register.Registration)
		metaURL string
	}{
		{"other redirect URI", func(r *register.Registration) { r.RedirectURIs = []string{"http://127.0.0.1:1/callback"} }, ""},
		{"secret expired", func(r *register.Registration) { r.SecretExpires = now.Add(-time.Second) }, ""},
		{"metadata document no longer named", func(r *register.Registration) {
			r.Source, r.Client.ID = register.MetadataDocument, "https://client.example/old.json"
		}, docURL},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			as := newAuthServer(t, http.StatusCreated, `{"client_id":"fresh"}`)
			srv := as.server()
			st := &register.Registration{Client: grant.Client{ID: "stored", Method: grant.MethodNone}, Source: register.Dynamic, Issuer: srv.Issuer, RedirectURIs: []string{loopback}}
			tt.change(st)
			got, err := register.Register(context.Background(), srv, register.Request{
				Stored: st, RedirectURI: loopback, MetadataURL: tt.metaURL, HTTP: as.srv.Client(),
				Now: func() time.Time { return now },
			})
			if err != nil || got.Client.ID != "fresh" {
				t.Fatalf("got %q, %v; want a fresh registration", got.Client.ID, err)
			}
		})
	}
}

func TestMetadataDocumentClient(t *testing.T) {
	t.Parallel()
	key := &grant.Key{Alg: "ES256", ID: "k1"}
	tests := []struct {
		name       string
		key        *grant.Key
		wantMethod string
	}{
		{"public", nil, grant.MethodNone},
		{"with a key", key, grant.MethodPrivateJWT},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := discover.Server{Issuer: "https://as.example", ClientIDMetadataDocumentSupported: true}
			got, err := register.Register(context.Background(), srv, register.Request{MetadataURL: docURL, Key: tt.key, RedirectURI: loopback})
			if err != nil {
				t.Fatal(err)
			}
			if got.Client.ID != docURL || got.Client.Method != tt.wantMethod || got.Client.Key != tt.key || got.Client.Secret != "" {
				t.Fatalf("client %+v, want id %s method %s", got.Client, docURL, tt.wantMethod)
			}
			if !slices.Equal(got.RedirectURIs, []string{loopback}) {
				t.Errorf("redirect URIs %v", got.RedirectURIs)
			}
		})
	}
}

func TestMetadataURLChecked(t *testing.T) {
	t.Parallel()
	tests := []struct {
		url    string
		reason string // "" means valid
	}{
		{docURL, ""},
		{"https://client.example/c.json?v=2", ""},
		{"http://client.example/c.json", "https"},
		{"https://client.example", "path"},
		{"https://client.example/", "path"},
		{"https://client.example/c.json#frag", "fragment"},
		{"https://me:pw@client.example/c.json", "user name"},
		{"https://client.example/a/../c.json", ". or .."},
		{"https:///c.json", "host"},
		{"https://client.example/%zz", "not a URL"},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			t.Parallel()
			srv := discover.Server{Issuer: "https://as.example", ClientIDMetadataDocumentSupported: true}
			_, err := register.Register(context.Background(), srv, register.Request{MetadataURL: tt.url, RedirectURI: loopback})
			if tt.reason == "" {
				if err != nil {
					t.Fatalf("valid URL refused: %v", err)
				}
				return
			}
			var me *register.MetadataURLError
			var se *step.Error
			if !errors.As(err, &me) || !strings.Contains(me.Reason, tt.reason) || me.URL != tt.url || !errors.As(err, &se) || !strings.Contains(se.Hint, "--client-metadata-url") {
				t.Fatalf("err = %v, want a MetadataURLError about %q", err, tt.reason)
			}
		})
	}
}

// TestStoredMetadataDocumentReused: a stored document client is kept when
// no other URL is given, and gets the key given this time, which the
// store does not keep.
func TestStoredMetadataDocumentReused(t *testing.T) {
	t.Parallel()
	key := &grant.Key{Alg: "ES256"}
	tests := []struct {
		name    string
		metaURL string
		key     *grant.Key
	}{
		{"no URL given", "", nil},
		{"the same URL given", docURL, nil},
		{"with a key", docURL, key},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := discover.Server{Issuer: "https://as.example", ClientIDMetadataDocumentSupported: true}
			st := &register.Registration{Client: grant.Client{ID: docURL, Method: grant.MethodNone}, Source: register.MetadataDocument, Issuer: srv.Issuer, RedirectURIs: []string{loopback}}
			if tt.key != nil {
				st.Client.Method = grant.MethodPrivateJWT
			}
			got, err := register.Register(context.Background(), srv, register.Request{Stored: st, MetadataURL: tt.metaURL, Key: tt.key, RedirectURI: loopback})
			if err != nil || got.Client.ID != docURL || got.Client.Key != tt.key || got.Client.Method != st.Client.Method {
				t.Fatalf("got %+v, %v; want the stored document client", got.Client, err)
			}
		})
	}
}
