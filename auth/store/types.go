// Package store keeps OAuth clients and tokens between runs, per MCP
// server and authorization server, in one JSON file under the XDG state
// directory that only its owner can read (0600, its directory 0700). It is
// the only file toolbench writes secrets to.
package store

import "time"

// Entry is what toolbench holds for one MCP server at one authorization
// server: the client it registered or was given, and the tokens issued.
type Entry struct {
	// Resource is the MCP server's canonical URI (RFC 8707).
	Resource string `json:"resource"`
	// Issuer is the authorization server's issuer identifier.
	Issuer string `json:"issuer"`
	// TokenEndpoint and RevocationEndpoint are the authorization server's
	// endpoints, kept so a refresh or a logout needs no discovery (a
	// 2025-03-26 server may have no metadata to discover them from).
	TokenEndpoint      string `json:"token_endpoint,omitempty"`
	RevocationEndpoint string `json:"revocation_endpoint,omitempty"`
	// ResourceParam is the resource parameter the tokens were asked for.
	ResourceParam string `json:"resource_param,omitempty"`

	// ClientID, ClientSecret and ClientMethod are the client: its id, its
	// secret ("" for a public client) and its token endpoint method.
	ClientID     string `json:"client_id,omitempty"`
	ClientSecret string `json:"client_secret,omitempty"`
	ClientMethod string `json:"client_method,omitempty"`
	// ClientSource says where the client came from (see register.Source).
	ClientSource string `json:"client_source,omitempty"`
	// RedirectURI is the loopback redirect URI registered for the client.
	RedirectURI string `json:"redirect_uri,omitempty"`
	// ClientSecretExpires is when a dynamically registered secret
	// expires; zero when it does not.
	ClientSecretExpires time.Time `json:"client_secret_expires,omitzero"`

	// AccessToken, TokenType, RefreshToken and Expiry are the tokens.
	AccessToken  string    `json:"access_token,omitempty"`
	TokenType    string    `json:"token_type,omitempty"`
	RefreshToken string    `json:"refresh_token,omitempty"`
	Expiry       time.Time `json:"expiry,omitzero"`
	// Scopes are the scopes the tokens were granted (or asked) for.
	Scopes []string `json:"scopes,omitempty"`

	// Saved is when the entry was last written; Put sets it.
	Saved time.Time `json:"saved"`
}

// Store is the token file. Its methods may be called from several
// goroutines and several toolbench processes at once.
type Store struct {
	path string
	// max bounds the entries; 0 means MaxEntries.
	max int
}

// At is the store kept in the file at path.
func At(path string) *Store { return &Store{path: path} }

// Path is the file the store is kept in.
func (s *Store) Path() string { return s.path }
