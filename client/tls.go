package client

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/toolbench/toolbench/target"
)

// insecureWarning is the diagnostic every connection made with
// target.Insecure carries: nothing else says that the checks are off.
const insecureWarning = "TLS certificate checks are off (--insecure)"

// TLSConfig returns the TLS settings t asks for (see tlsConfig), for the
// requests toolbench makes beside the session's to the same server's
// realm: the OAuth authorization server's.
func TLSConfig(t target.Target) (*tls.Config, error) { return tlsConfig(t) }

// tlsConfig returns the TLS settings t asks for, or nil for the defaults: the
// certificates of t.CACertFile trusted besides the system's, or no
// verification at all with t.Insecure. A CA file that cannot be read or
// holds no certificate is a *ConnectError naming it.
func tlsConfig(t target.Target) (*tls.Config, error) {
	if t.CACertFile == "" && !t.Insecure {
		return nil, nil
	}
	cfg := &tls.Config{InsecureSkipVerify: t.Insecure}
	if t.CACertFile == "" {
		return cfg, nil
	}
	pem, err := os.ReadFile(t.CACertFile)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &ConnectError{Phase: PhaseConnect, Err: fmt.Errorf("cannot read the CA certificate file %s: %w", t.CACertFile, err),
			Hint: "--ca-cert takes a PEM file holding the certificates to trust"}
	}
	pool, err := x509.SystemCertPool()
	if err != nil {
		pool = x509.NewCertPool()
	}
	if !pool.AppendCertsFromPEM(pem) {
		return nil, &ConnectError{Phase: PhaseConnect, Err: fmt.Errorf("the CA certificate file %s holds no PEM certificate", t.CACertFile),
			Hint: "--ca-cert takes a PEM file: one or more -----BEGIN CERTIFICATE----- blocks"}
	}
	cfg.RootCAs = pool
	return cfg, nil
}

// explainTLS says what went wrong when err is a TLS failure: a server that
// speaks plain HTTP on an https:// URL, or a certificate toolbench does not
// trust. It returns nil for other errors.
func explainTLS(phase string, err error, t target.Target) *ConnectError {
	if errors.Is(err, http.ErrSchemeMismatch) {
		return &ConnectError{Phase: phase,
			Err:  fmt.Errorf("the server at %s speaks plain HTTP, not HTTPS", hostOf(t.URL)),
			Hint: "use an http:// URL: " + target.Redact("http://"+strings.TrimPrefix(t.URL, "https://"))}
	}
	why := untrustedBecause(err)
	if why == "" {
		return nil
	}
	hint := "if you trust this server, pass the certificate of the authority that signed it with --ca-cert FILE (PEM), " +
		"or skip the checks with --insecure"
	if t.CACertFile != "" {
		hint = "the certificates in " + t.CACertFile + " do not include the one that signed it; " +
			"pass the right one with --ca-cert FILE, or skip the checks with --insecure"
	}
	return &ConnectError{Phase: phase, Err: fmt.Errorf("the TLS certificate of %s is not trusted: %s", hostOf(t.URL), why), Hint: hint}
}

// untrustedBecause names, briefly, why a certificate was rejected, or
// returns "" when err is no certificate failure.
func untrustedBecause(err error) string {
	var unknown x509.UnknownAuthorityError
	var invalid x509.CertificateInvalidError
	var host x509.HostnameError
	var verify *tls.CertificateVerificationError
	switch {
	case errors.As(err, &unknown):
		return "it is signed by an unknown authority"
	case errors.As(err, &host):
		return "it was issued for another host than " + host.Host
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		return "it has expired or is not valid yet"
	case errors.As(err, &invalid):
		return "it is not valid for this server"
	case errors.As(err, &verify):
		return "its verification failed"
	}
	return ""
}

// hostOf returns the host and port of a URL for messages, which carry no
// userinfo; the whole URL, redacted, when it does not parse.
func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return target.Redact(raw)
	}
	return u.Host
}
