package auth_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/internal/fixture/oauth"
)

// No event of any step, and no error, holds a token, code, verifier,
// secret or assertion the flow used: they are what the surfaces show and
// what -v prints.
func TestEventsHoldNoSecret(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		opts []oauth.Option
		set  func(*auth.Options, *oauth.Server)
	}{
		{"dynamic registration", nil, nil},
		{"secret client", []oauth.Option{oauth.NoDCR()},
			func(o *auth.Options, s *oauth.Server) {
				o.ClientID, o.ClientSecret = s.SecretClient().ID, s.SecretClient().Secret
			}},
		{"key client", []oauth.Option{oauth.NoDCR(), oauth.AuthMethods("private_key_jwt")},
			func(o *auth.Options, s *oauth.Server) {
				o.ClientID, o.ClientKeyFile = s.KeyClient().ID, s.KeyClient().KeyFile
			}},
		{"refused iss", []oauth.Option{oauth.ISSInRedirect(oauth.ISSWrong)}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := oauth.Start(t, tc.opts...)
			b := newBench(t, srv)
			if tc.set != nil {
				tc.set(&b.opts, srv)
			}
			var said []string
			if s, err := b.connect(); err != nil {
				said = append(said, err.Error())
			} else {
				_, err := b.call(s, "write") // a step-up too
				said = append(said, fmt.Sprint(err))
			}
			for _, ev := range b.ev.list() {
				said = append(said, fmt.Sprintf("%+v", ev))
				if ev.Exchange != nil {
					said = append(said, fmt.Sprintf("%+v", *ev.Exchange))
				}
			}
			all := strings.Join(said, "\n")
			if len(srv.Secrets()) < 3 {
				t.Fatalf("the fixture names %d secrets; a flow uses at least a code, a verifier and a token", len(srv.Secrets()))
			}
			for _, secret := range srv.Secrets() {
				if len(secret) >= 8 && strings.Contains(all, secret) {
					t.Fatalf("a secret the flow used (…%s) is in what it reported", secret[len(secret)-4:])
				}
			}
		})
	}
}
