// Package discover finds out how to authorize against a protected MCP
// server: it reads the server's WWW-Authenticate challenge, fetches its
// protected-resource metadata (RFC 9728) and its authorization server's
// metadata (RFC 8414, OpenID Connect discovery), checks that each names
// what it was asked for, and falls back the way 2025-03-26 servers need.
package discover

import "encoding/json"

// Challenge is one Bearer challenge of a WWW-Authenticate header (RFC 6750
// section 3, RFC 9728 section 5.1).
type Challenge struct {
	// Scheme is the auth scheme as sent ("Bearer").
	Scheme string
	// ResourceMetadata is the resource_metadata URL, or "".
	ResourceMetadata string
	// Scope holds the scopes the server asks for, in its order.
	Scope []string
	// Error and ErrorDescription are the error and error_description
	// parameters ("invalid_token", "insufficient_scope").
	Error            string
	ErrorDescription string
	// Params holds every auth-param of the challenge, names lowercased
	// (realm, error_uri and the ones above as sent).
	Params map[string]string
	// Token68 is the challenge's token68 when it has one instead of
	// parameters (RFC 7235 section 2.1); "" otherwise.
	Token68 string
	// Raw is the text of this challenge in the header value it was
	// parsed from.
	Raw string
}

// Resource is a protected resource's metadata (RFC 9728 section 2).
type Resource struct {
	// Resource is the resource identifier the metadata is for.
	Resource string `json:"resource"`
	// AuthorizationServers are the issuers that can issue tokens for it.
	AuthorizationServers []string `json:"authorization_servers,omitempty"`
	// ScopesSupported are the scopes it knows, the minimum for basic use.
	ScopesSupported []string `json:"scopes_supported,omitempty"`
	// BearerMethodsSupported are how it takes a token ("header").
	BearerMethodsSupported []string `json:"bearer_methods_supported,omitempty"`
	// ResourceName is its name for people.
	ResourceName string `json:"resource_name,omitempty"`
	// URL is where the document was fetched from (not a field of it).
	URL string `json:"-"`
	// Raw is the document as served.
	Raw json.RawMessage `json:"-"`
}

// Server is an authorization server's metadata (RFC 8414 section 2, and
// the OpenID Connect Discovery fields MCP uses).
type Server struct {
	Issuer                                     string   `json:"issuer"`
	AuthorizationEndpoint                      string   `json:"authorization_endpoint,omitempty"`
	TokenEndpoint                              string   `json:"token_endpoint,omitempty"`
	RegistrationEndpoint                       string   `json:"registration_endpoint,omitempty"`
	RevocationEndpoint                         string   `json:"revocation_endpoint,omitempty"`
	ScopesSupported                            []string `json:"scopes_supported,omitempty"`
	ResponseTypesSupported                     []string `json:"response_types_supported,omitempty"`
	GrantTypesSupported                        []string `json:"grant_types_supported,omitempty"`
	TokenEndpointAuthMethodsSupported          []string `json:"token_endpoint_auth_methods_supported,omitempty"`
	TokenEndpointAuthSigningAlgValuesSupported []string `json:"token_endpoint_auth_signing_alg_values_supported,omitempty"`
	CodeChallengeMethodsSupported              []string `json:"code_challenge_methods_supported,omitempty"`
	// ClientIDMetadataDocumentSupported says the server takes an HTTPS
	// URL as a client id (a Client ID Metadata Document).
	ClientIDMetadataDocumentSupported bool `json:"client_id_metadata_document_supported,omitempty"`
	// ISSParameterSupported says authorization responses carry iss
	// (RFC 9207 section 3).
	ISSParameterSupported bool `json:"authorization_response_iss_parameter_supported,omitempty"`

	// URL is where the document was fetched from; empty when the
	// endpoints are the 2025-03-26 defaults (Fallback).
	URL string `json:"-"`
	// Fallback says no metadata was found and the endpoints are the
	// 2025-03-26 defaults at the MCP server's origin (/authorize, /token,
	// /register).
	Fallback bool `json:"-"`
	// Raw is the document as served.
	Raw json.RawMessage `json:"-"`
}

// Result is what discovery found for one MCP server.
type Result struct {
	// Resource is the value of every resource parameter sent (RFC 8707):
	// the protected-resource metadata's resource exactly as served when
	// there is metadata (it passed the check that it covers the MCP
	// server, and it is the identifier the resource told its
	// authorization server about; the conformance suite requires it byte
	// for byte), else the MCP server's canonical URI (CanonicalResource).
	Resource string
	// Metadata is the protected-resource metadata; nil for a 2025-03-26
	// server that has none.
	Metadata *Resource
	// Server is the chosen authorization server's metadata.
	Server Server
	// Challenge is the challenge discovery started from, if any.
	Challenge *Challenge
}
