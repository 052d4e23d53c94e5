package register_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/auth/register"
	"github.com/toolbench/toolbench/auth/step"
)

// TestRegistrationRequest checks the client metadata sent: a native
// application with the loopback redirect, for the grants asked.
func TestRegistrationRequest(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		req    register.Request
		answer string
		want   map[string]any
		absent []string
	}{
		{"person's client", register.Request{RedirectURI: loopback, Scopes: []string{"mcp:basic", "offline_access"}},
			`{"client_id":"c"}`,
			map[string]any{
				"client_name": "toolbench", "application_type": "native", "token_endpoint_auth_method": "none",
				"redirect_uris": []any{loopback}, "grant_types": []any{"authorization_code", "refresh_token"},
				"response_types": []any{"code"}, "scope": "mcp:basic offline_access",
			}, nil},
		{"machine client", register.Request{GrantTypes: []string{register.GrantClientCredentials}, ClientName: "toolbench ci"},
			`{"client_id":"c","client_secret":"s-0123456789abcdef"}`,
			map[string]any{
				"client_name": "toolbench ci", "application_type": "native", "token_endpoint_auth_method": "client_secret_basic",
				"grant_types": []any{"client_credentials"},
			}, []string{"redirect_uris", "response_types", "scope"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			as := newAuthServer(t, http.StatusCreated, tt.answer)
			req := tt.req
			req.HTTP = as.srv.Client()
			if _, err := register.Register(context.Background(), as.server(), req); err != nil {
				t.Fatal(err)
			}
			got := as.last(t)
			for k, v := range tt.want {
				if fmt.Sprint(got[k]) != fmt.Sprint(v) {
					t.Errorf("%s = %v, want %v", k, got[k], v)
				}
			}
			for _, k := range tt.absent {
				if _, ok := got[k]; ok {
					t.Errorf("%s sent: %v", k, got[k])
				}
			}
			if ct := as.headers[0].Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type %q", ct)
			}
		})
	}
}

// TestRegistrationMethod: none unless the server takes only others, then
// a secret method it takes; never one toolbench cannot do.
func TestRegistrationMethod(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		supported []string
		grants    []string
		want      string // "" means refused before any request
	}{
		{"server says nothing", nil, nil, grant.MethodNone},
		{"server takes none among others", []string{"client_secret_basic", "none"}, nil, grant.MethodNone},
		{"basic only", []string{"client_secret_basic"}, nil, grant.MethodBasic},
		{"post only", []string{"client_secret_post"}, nil, grant.MethodPost},
		{"post and jwt", []string{"private_key_jwt", "client_secret_post"}, nil, grant.MethodPost},
		{"jwt only", []string{"private_key_jwt"}, nil, ""},
		{"machine client on a silent server", nil, []string{register.GrantClientCredentials}, grant.MethodBasic},
		{"machine client where none is offered", []string{"none", "client_secret_post"}, []string{register.GrantClientCredentials}, grant.MethodPost},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			// The answer names no method, so the one asked for is kept.
			as := newAuthServer(t, http.StatusCreated, `{"client_id":"c","client_secret":"sec-0123456789abcdef01"}`)
			srv := as.server()
			srv.TokenEndpointAuthMethodsSupported = tt.supported
			got, err := register.Register(context.Background(), srv, register.Request{RedirectURI: loopback, GrantTypes: tt.grants, HTTP: as.srv.Client()})
			if tt.want == "" {
				var me *register.MethodError
				if !errors.As(err, &me) || as.posts() != 0 {
					t.Fatalf("err = %v after %d requests, want a MethodError and none", err, as.posts())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if sent := as.last(t)["token_endpoint_auth_method"]; sent != tt.want || got.Client.Method != tt.want {
				t.Errorf("sent %v, got %s; want %s", sent, got.Client.Method, tt.want)
			}
		})
	}
}

// TestRegistrationAnswer reads what the server issued, and refuses an
// answer that cannot be used.
func TestRegistrationAnswer(t *testing.T) {
	t.Parallel()
	expires := time.Date(2027, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		name    string
		status  int
		answer  string
		want    register.Registration
		wantErr string
	}{
		{"public client", http.StatusCreated, `{"client_id":"c1","token_endpoint_auth_method":"none"}`,
			register.Registration{Client: grant.Client{ID: "c1", Method: "none"}, RedirectURIs: []string{loopback}}, ""},
		{"secret that expires, method changed by the server", http.StatusOK,
			fmt.Sprintf(`{"client_id":"c2","client_secret":"sec-0123456789abcdef01","client_secret_expires_at":%d,"token_endpoint_auth_method":"client_secret_post","redirect_uris":["%s","http://localhost:43117/callback"]}`, expires.Unix(), loopback),
			register.Registration{Client: grant.Client{ID: "c2", Secret: "sec-0123456789abcdef01", Method: "client_secret_post"}, SecretExpires: expires, RedirectURIs: []string{loopback, "http://localhost:43117/callback"}}, ""},
		{"secret that never expires", http.StatusCreated, `{"client_id":"c3","client_secret":"sec-0123456789abcdef01","client_secret_expires_at":0,"token_endpoint_auth_method":"client_secret_basic"}`,
			register.Registration{Client: grant.Client{ID: "c3", Secret: "sec-0123456789abcdef01", Method: "client_secret_basic"}, RedirectURIs: []string{loopback}}, ""},
		{"no client_id", http.StatusCreated, `{"client_secret":"x"}`, register.Registration{}, "no client_id"},
		{"secret method without a secret", http.StatusCreated, `{"client_id":"c","token_endpoint_auth_method":"client_secret_basic"}`, register.Registration{}, "no client_secret"},
		{"method toolbench cannot use", http.StatusCreated, `{"client_id":"c","token_endpoint_auth_method":"tls_client_auth"}`, register.Registration{}, "tls_client_auth"},
		{"not JSON", http.StatusCreated, `<html>ok</html>`, register.Registration{}, "not a JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			as := newAuthServer(t, tt.status, tt.answer)
			srv := as.server()
			got, err := register.Register(context.Background(), srv, register.Request{RedirectURI: loopback, HTTP: as.srv.Client()})
			if tt.wantErr != "" {
				var se *step.Error
				if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.wantErr) || se.Exchange == nil || se.Hint == "" {
					t.Fatalf("err = %v, want a step.Error with its exchange about %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			tt.want.Source, tt.want.Issuer = register.Dynamic, srv.Issuer
			if got.Client != tt.want.Client || got.Source != tt.want.Source || got.Issuer != tt.want.Issuer ||
				!got.SecretExpires.Equal(tt.want.SecretExpires) || !slices.Equal(got.RedirectURIs, tt.want.RedirectURIs) {
				t.Fatalf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

// TestRegistrationRefused: the server's error and error_description
// become the error's fields, and the hint fits the refusal.
func TestRegistrationRefused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		status   int
		answer   string
		wantCode string
		wantHint string
	}{
		{"redirect URI refused", 400, `{"error":"invalid_redirect_uri","error_description":"loopback not allowed"}`, "invalid_redirect_uri", loopback},
		{"metadata refused", 400, `{"error":"invalid_client_metadata","error_description":"application_type"}`, "invalid_client_metadata", "client metadata"},
		{"initial access token wanted", 401, `{"error":"invalid_token"}`, "invalid_token", "initial access token"},
		{"server failed", 503, `upstream down`, "", "try again later"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			as := newAuthServer(t, tt.status, tt.answer)
			var ev events
			_, err := register.Register(context.Background(), as.server(), register.Request{RedirectURI: loopback, HTTP: as.srv.Client(), Observe: ev.observe})
			var re *register.RefusedError
			var se *step.Error
			if !errors.As(err, &re) || !errors.As(err, &se) {
				t.Fatalf("err = %v, want a RefusedError in a step.Error", err)
			}
			if re.Status != tt.status || re.Code != tt.wantCode || !strings.Contains(se.Hint, tt.wantHint) || !strings.Contains(se.Hint, "--client-id") {
				t.Errorf("refusal %+v hint %q; want status %d code %q hint with %q", re, se.Hint, tt.status, tt.wantCode, tt.wantHint)
			}
			if se.Exchange == nil || se.Exchange.Status != tt.status || se.Exchange.ResponseBody != tt.answer {
				t.Errorf("exchange %+v", se.Exchange)
			}
			if as.posts() != 1 {
				t.Errorf("%d requests, want 1 (no retry)", as.posts())
			}
			if s := ev.states(t); !slices.Equal(s, []step.State{step.Started, step.Failed}) {
				t.Errorf("events %v", s)
			}
		})
	}
}

// TestRegistrationExchangeMasked: the secrets of the answer reach the
// Registration whole and every event only masked.
func TestRegistrationExchangeMasked(t *testing.T) {
	t.Parallel()
	sec, rat := secret(t, "sec-"), secret(t, "rat-")
	answer, _ := json.Marshal(map[string]any{"client_id": "c", "client_secret": sec, "registration_access_token": rat,
		"token_endpoint_auth_method": "client_secret_basic"})
	as := newAuthServer(t, http.StatusCreated, string(answer))
	var ev events
	got, err := register.Register(context.Background(), as.server(), register.Request{RedirectURI: loopback, HTTP: as.srv.Client(), Observe: ev.observe})
	if err != nil || got.Client.Secret != sec {
		t.Fatalf("got %q, %v; want the secret whole", got.Client.Secret, err)
	}
	var done *step.Event
	for i, e := range ev.list {
		shown := fmt.Sprintf("%+v %+v", e, e.Exchange)
		if strings.Contains(shown, sec) || strings.Contains(shown, rat) {
			t.Errorf("event %d shows a secret: %s", i, shown)
		}
		if e.State == step.Done {
			done = &ev.list[i]
		}
	}
	if done == nil || done.Exchange == nil {
		t.Fatal("no Done event with the exchange")
	}
	for _, s := range []string{sec, rat} {
		if !strings.Contains(done.Exchange.ResponseBody, step.Mask(s)) {
			t.Errorf("response body %s lacks %s", done.Exchange.ResponseBody, step.Mask(s))
		}
	}
	if done.Exchange.Status != http.StatusCreated || !strings.Contains(done.Exchange.RequestBody, `"application_type":"native"`) {
		t.Errorf("exchange %+v", done.Exchange)
	}
}

// TestRegistrationUnreachable: no answer is a failed step with the
// transport error in its exchange.
func TestRegistrationUnreachable(t *testing.T) {
	t.Parallel()
	as := newAuthServer(t, http.StatusCreated, `{}`)
	srv, client := as.server(), as.srv.Client()
	as.srv.Close()
	_, err := register.Register(context.Background(), srv, register.Request{RedirectURI: loopback, HTTP: client})
	var se *step.Error
	if !errors.As(err, &se) || se.Step != step.Registration || se.Exchange == nil || se.Exchange.Err == "" || !strings.Contains(se.Hint, srv.RegistrationEndpoint) {
		t.Fatalf("err = %v (%+v), want a registration step.Error with the transport error", err, se)
	}
}
