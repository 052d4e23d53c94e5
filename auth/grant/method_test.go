package grant

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"errors"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/auth/discover"
)

func TestChooseMethod(t *testing.T) {
	t.Parallel()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	key := &Key{Signer: k, Alg: "ES256"}
	all := []string{MethodNone, MethodPost, MethodBasic, MethodPrivateJWT}
	tests := []struct {
		name      string
		supported []string
		c         Client
		want      string // "" wants a NoMethodError
	}{
		{"key", all, Client{ID: "a", Key: key}, MethodPrivateJWT},
		{"secret prefers basic", all, Client{ID: "a", Secret: "s"}, MethodBasic},
		{"secret, post only", []string{MethodPost}, Client{ID: "a", Secret: "s"}, MethodPost},
		{"no secret", all, Client{ID: "a"}, MethodNone},
		{"absent list, secret: basic (RFC 8414)", nil, Client{ID: "a", Secret: "s"}, MethodBasic},
		{"absent list, public client", nil, Client{ID: "a"}, MethodNone},
		{"key not listed, secret is", []string{MethodBasic}, Client{ID: "a", Secret: "s", Key: key}, MethodBasic},
		{"only none listed, secret held", []string{MethodNone}, Client{ID: "a", Secret: "s"}, MethodNone},
		{"registered method kept", all, Client{ID: "a", Secret: "s", Method: MethodPost}, MethodPost},
		{"registered method without its secret", all, Client{ID: "a", Method: MethodPost}, ""},
		{"server wants a key", []string{MethodPrivateJWT}, Client{ID: "a", Secret: "s"}, ""},
		{"server wants a secret", []string{MethodBasic, MethodPost}, Client{ID: "a"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := ChooseMethod(discover.Server{TokenEndpointAuthMethodsSupported: tt.supported}, tt.c)
			if tt.want != "" {
				if err != nil || got != tt.want {
					t.Fatalf("got %q, %v; want %q", got, err, tt.want)
				}
				return
			}
			var nm *NoMethodError
			if !errors.As(err, &nm) || nm.Hint == "" || nm.Have == "" || len(nm.Supported) == 0 {
				t.Fatalf("got %q, %v; want a NoMethodError with what the server wants and a hint", got, err)
			}
			if !strings.Contains(err.Error(), nm.Supported[0]) {
				t.Errorf("error %q does not name what the server accepts", err)
			}
		})
	}
}
