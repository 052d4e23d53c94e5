package auth_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/grant"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/oauth"
	"github.com/toolbench/toolbench/target"
)

// BenchmarkListTools compares a tools/list through the auth transport
// (token held, nothing to do but add it) with the same request carrying
// the same token as a plain -H header: the transport's cost per request.
func BenchmarkListTools(b *testing.B) {
	srv := oauth.Start(b)
	token := srv.MintToken(srv.Resource(), oauth.ScopeRead)
	for _, tc := range []struct {
		name string
		tgt  target.Target
		wrap func(http.RoundTripper) http.RoundTripper
	}{
		{"header", target.Target{Transport: target.StreamableHTTP, URL: srv.URL(),
			Header: http.Header{"Authorization": {"Bearer " + token}}}, nil},
		{"auth transport", target.Target{Transport: target.StreamableHTTP, URL: srv.URL()},
			func(rt http.RoundTripper) http.RoundTripper {
				return auth.NewTransport(srv.URL(), rt, auth.Options{Agent: grant.FetchAgent{}})
			}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			s, err := client.Connect(context.Background(), tc.tgt, client.Options{Timeout: testTimeout, HTTPWrap: tc.wrap})
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := s.ListTools(context.Background()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLogin is a whole first connection to a protected server:
// the 401, both metadata documents, dynamic registration, the
// authorization with its redirect, the code exchange and initialize.
func BenchmarkLogin(b *testing.B) {
	srv := oauth.Start(b)
	b.ReportAllocs()
	for b.Loop() {
		wrap := func(rt http.RoundTripper) http.RoundTripper {
			return auth.NewTransport(srv.URL(), rt, auth.Options{Agent: grant.FetchAgent{}})
		}
		s, err := client.Connect(context.Background(), target.Target{Transport: target.StreamableHTTP, URL: srv.URL()},
			client.Options{Timeout: testTimeout, HTTPWrap: wrap})
		if err != nil {
			b.Fatal(err)
		}
		_ = s.Close()
	}
}
