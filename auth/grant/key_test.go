package grant

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func pemOf(typ string, der []byte) []byte {
	return pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der})
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func TestLoadKey(t *testing.T) {
	t.Parallel()
	rsaKey := must(rsa.GenerateKey(rand.Reader, 2048))
	smallRSA := must(rsa.GenerateKey(rand.Reader, 1024))
	p256 := must(ecdsa.GenerateKey(elliptic.P256(), rand.Reader))
	p384 := must(ecdsa.GenerateKey(elliptic.P384(), rand.Reader))
	p521 := must(ecdsa.GenerateKey(elliptic.P521(), rand.Reader))
	_, edKey := must2(ed25519.GenerateKey(rand.Reader))
	pkcs8 := func(k any) []byte { return pemOf("PRIVATE KEY", must(x509.MarshalPKCS8PrivateKey(k))) }
	tests := []struct {
		name    string
		data    []byte
		alg     string // "" wants a KeyError
		problem string
	}{
		{"PKCS#8 RSA", pkcs8(rsaKey), "RS256", ""},
		{"PKCS#1 RSA", pemOf("RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(rsaKey)), "RS256", ""},
		{"PKCS#8 P-256", pkcs8(p256), "ES256", ""},
		{"SEC1 P-384 after EC PARAMETERS", append(pemOf("EC PARAMETERS", []byte{6, 5, 43, 129, 4, 0, 34}),
			pemOf("EC PRIVATE KEY", must(x509.MarshalECPrivateKey(p384)))...), "ES384", ""},
		{"SEC1 P-521", pemOf("EC PRIVATE KEY", must(x509.MarshalECPrivateKey(p521))), "ES512", ""},
		{"PKCS#8 Ed25519", pkcs8(edKey), "EdDSA", ""},
		{"small RSA", pkcs8(smallRSA), "", "1024 bits"},
		{"public key", pemOf("PUBLIC KEY", must(x509.MarshalPKIXPublicKey(&p256.PublicKey))), "", "not a private key"},
		{"encrypted", pemOf("ENCRYPTED PRIVATE KEY", []byte{1, 2, 3}), "", "encrypted"},
		{"not PEM", []byte("hello"), "", "no PEM block"},
		{"broken PKCS#8", pemOf("PRIVATE KEY", []byte{1, 2, 3}), "", "PKCS#8"},
		{"wrong block type", pemOf("EC PRIVATE KEY", x509.MarshalPKCS1PrivateKey(rsaKey)), "", "SEC1"},
	}
	dir := t.TempDir()
	for i, tt := range tests {
		path := filepath.Join(dir, string(rune('a'+i))+".pem")
		if err := os.WriteFile(path, tt.data, 0o600); err != nil {
			t.Fatal(err)
		}
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			k, err := LoadKey(path)
			if tt.alg != "" {
				if err != nil || k.Alg != tt.alg || k.Signer == nil {
					t.Fatalf("LoadKey: %+v, %v; want %s", k, err, tt.alg)
				}
				return
			}
			var ke *KeyError
			if !errors.As(err, &ke) || ke.Path != path || !strings.Contains(err.Error(), tt.problem) || !strings.Contains(err.Error(), path) {
				t.Fatalf("err %v: want a KeyError naming %s and %q", err, path, tt.problem)
			}
		})
	}
}

func TestLoadKeyMissingFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "absent.pem")
	_, err := LoadKey(path)
	if !errors.Is(err, os.ErrNotExist) || !strings.Contains(err.Error(), path) {
		t.Fatalf("err %v: want not-exist naming the file", err)
	}
}

func must2[A, B any](a A, b B, err error) (A, B) {
	if err != nil {
		panic(err)
	}
	return a, b
}
