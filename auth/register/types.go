// Package register gets a client id from an authorization server in the
// order the MCP specification prefers: a pre-registered client, a Client
// ID Metadata Document when the server takes one, then Dynamic Client
// Registration (RFC 7591) as a native application with a loopback
// redirect URI; otherwise it says what the person must do.
package register

import (
	"time"

	"github.com/toolbench/toolbench/auth/grant"
)

// Source says where a client id came from.
type Source string

// The sources of a client id.
const (
	// PreRegistered is a client id (and secret or key) the person gave.
	PreRegistered Source = "pre-registered"
	// MetadataDocument is an HTTPS URL naming a Client ID Metadata Document.
	MetadataDocument Source = "client metadata document"
	// Dynamic is a client registered by RFC 7591.
	Dynamic Source = "dynamic registration"
)

// Registration is a client id and how to authenticate with it, bound to
// the authorization server that issued it.
type Registration struct {
	// Client is the id, secret or key, and token endpoint method.
	Client grant.Client
	// Source says where it came from.
	Source Source
	// Issuer is the authorization server it is valid at.
	Issuer string
	// RedirectURIs are the redirect URIs registered with it.
	RedirectURIs []string
	// SecretExpires is when a dynamically registered secret expires; zero
	// when it does not.
	SecretExpires time.Time
}
