package client_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"fmt"
	"math/big"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/target"
)

// tlsFixture serves the fixture over streamable HTTP with TLS, with the
// httptest certificate (for 127.0.0.1 and example.com), or with cert when
// one is given.
func tlsFixture(t *testing.T, cert *tls.Certificate) *httptest.Server {
	t.Helper()
	srv := httptest.NewUnstartedServer(server.NewStreamableHTTPServer(fixture.NewServer()))
	if cert != nil {
		srv.TLS = &tls.Config{Certificates: []tls.Certificate{*cert}}
	}
	srv.StartTLS()
	t.Cleanup(srv.Close)
	return srv
}

// writePEM writes certificates to a PEM file and returns its path.
func writePEM(t *testing.T, der ...[]byte) string {
	t.Helper()
	var b strings.Builder
	for _, d := range der {
		_ = pem.Encode(&b, &pem.Block{Type: "CERTIFICATE", Bytes: d})
	}
	path := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// selfSigned is a self-signed certificate for 127.0.0.1 that expires at
// notAfter.
func selfSigned(t *testing.T, notAfter time.Time) tls.Certificate {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "expired"},
		NotBefore: time.Now().Add(-48 * time.Hour), NotAfter: notAfter,
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
}

// TestUntrustedCertificate: a certificate toolbench does not trust is named
// as such, with why and what to pass; --ca-cert and --insecure connect.
func TestUntrustedCertificate(t *testing.T) {
	t.Parallel()
	srv := tlsFixture(t, nil)
	trusted := writePEM(t, srv.Certificate().Raw)
	// httptest signs every server with one certificate; another authority
	// must be made.
	other := writePEM(t, selfSigned(t, time.Now().Add(time.Hour)).Certificate[0])
	expired := selfSigned(t, time.Now().Add(-time.Hour))
	old := tlsFixture(t, &expired)
	localhost := fmt.Sprintf("https://localhost:%d/mcp", srv.Listener.Addr().(*net.TCPAddr).Port)
	tests := []struct {
		name string
		tgt  target.Target
		want []string
	}{
		{"unknown authority", target.Target{URL: srv.URL + "/mcp"},
			[]string{"the TLS certificate of 127.0.0.1:", "is not trusted: it is signed by an unknown authority", "--ca-cert FILE", "--insecure"}},
		{"other authority", target.Target{URL: srv.URL + "/mcp", CACertFile: other},
			[]string{"is not trusted: it is signed by an unknown authority", "the certificates in " + other + " do not include", "--insecure"}},
		{"expired", target.Target{URL: old.URL + "/mcp", CACertFile: writePEM(t, expired.Certificate[0])},
			[]string{"is not trusted: it has expired or is not valid yet", "--insecure"}},
		{"wrong host", target.Target{URL: localhost, CACertFile: trusted},
			[]string{"is not trusted: it was issued for another host than localhost", "--insecure"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.tgt.Transport = target.StreamableHTTP
			_, msg := connectFails(t, tt.tgt, client.Options{})
			checkWords(t, msg, tt.want, libraryWords)
		})
	}
}

// TestTrustedBySettings: --ca-cert trusts the server's authority besides the
// system's, and --insecure skips the checks with a warning on every
// connection.
func TestTrustedBySettings(t *testing.T) {
	t.Parallel()
	srv := tlsFixture(t, nil)
	ca := writePEM(t, srv.Certificate().Raw)
	for _, tgt := range []target.Target{
		{Transport: target.StreamableHTTP, URL: srv.URL + "/mcp", CACertFile: ca},
		{Transport: target.Auto, URL: srv.URL + "/mcp", Insecure: true},
	} {
		t.Run(map[bool]string{true: "insecure", false: "ca-cert"}[tgt.Insecure], func(t *testing.T) {
			t.Parallel()
			var mu sync.Mutex
			var warnings []string
			opts := client.Options{Timeout: 5 * time.Second, OnEvent: func(e client.Event) {
				if d, ok := e.(client.DiagnosticEvent); ok && d.Level == "WARN" {
					mu.Lock()
					warnings = append(warnings, d.Message)
					mu.Unlock()
				}
			}}
			for range 2 {
				s, err := client.Connect(context.Background(), tgt, opts)
				if err != nil {
					t.Fatalf("connect: %v", err)
				}
				if tools, err := s.ListTools(context.Background()); err != nil || len(tools) == 0 {
					t.Errorf("list tools: %d, %v", len(tools), err)
				}
				_ = s.Close()
			}
			mu.Lock()
			defer mu.Unlock()
			want := 0
			if tgt.Insecure {
				want = 2
			}
			if n := countOf(warnings, "TLS certificate checks are off (--insecure)"); n != want {
				t.Errorf("%d --insecure warnings for 2 connections, want %d: %q", n, want, warnings)
			}
		})
	}
}

// TestBadCACertFile: a CA file that cannot be read or holds no certificate
// stops the connection before anything is sent, naming the file.
func TestBadCACertFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	garbage := filepath.Join(dir, "garbage.pem")
	if err := os.WriteFile(garbage, []byte("not a certificate\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, file, want string }{
		{"missing", filepath.Join(dir, "missing.pem"), "cannot read the CA certificate file " + filepath.Join(dir, "missing.pem") + ": no such file or directory"},
		{"no certificate", garbage, "the CA certificate file " + garbage + " holds no PEM certificate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			url := httpAnswering(t, 200, "text/plain", "must not be asked")
			ce, msg := connectFails(t, target.Target{Transport: target.StreamableHTTP, URL: url, CACertFile: tt.file}, client.Options{})
			if ce.Phase != client.PhaseConnect {
				t.Errorf("phase = %q, want %q", ce.Phase, client.PhaseConnect)
			}
			checkWords(t, msg, []string{tt.want, "hint: --ca-cert takes a PEM file"}, nil)
		})
	}
}

// countOf counts the lines equal to s.
func countOf(lines []string, s string) int {
	n := 0
	for _, l := range lines {
		if l == s {
			n++
		}
	}
	return n
}
