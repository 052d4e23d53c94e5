package register

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/toolbench/toolbench/auth/discover"
)

// maxDescription bounds the server's error_description kept in an error.
const maxDescription = 300

// RefusedError is a registration endpoint's refusal: its status and the
// error and error_description of its answer (RFC 7591 section 3.2.2).
type RefusedError struct {
	// Status is the HTTP status.
	Status int
	// Code is the error code ("invalid_redirect_uri",
	// "invalid_client_metadata"), or "" when the answer had none.
	Code string
	// Description is the server's error_description, cut short, or "".
	Description string
}

// Error names the status, the code and the server's words.
func (e *RefusedError) Error() string {
	s := "the registration endpoint refused (HTTP " + strconv.Itoa(e.Status)
	if e.Code != "" {
		s += " " + e.Code
	}
	s += ")"
	if e.Description != "" {
		s += ": " + e.Description
	}
	return s
}

// refusal reads a non-2xx answer.
func refusal(status int, answer []byte) *RefusedError {
	var body struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	_ = json.Unmarshal(answer, &body) // a body that is not the RFC's shape still leaves the status
	r := []rune(body.Description)
	if len(r) > maxDescription {
		body.Description = string(r[:maxDescription]) + "…"
	}
	return &RefusedError{Status: status, Code: body.Error, Description: body.Description}
}

// refusedHint says what a person can do about a refusal.
func refusedHint(e *RefusedError, srv discover.Server, req Request) string {
	byHand := "register a client at " + srv.Issuer + " by hand and pass --client-id (and --client-secret or --client-key)"
	if srv.ClientIDMetadataDocumentSupported {
		byHand += ", or pass --client-metadata-url: this server takes client metadata documents"
	}
	switch {
	case e.Code == "invalid_redirect_uri":
		return "the server does not accept the loopback redirect URI " + req.RedirectURI + " for a native client: " + byHand + ", allowing that redirect URI (fix its port with --redirect-port)"
	case e.Code == "invalid_client_metadata":
		return "the server refused the client metadata toolbench sent (see the request): " + byHand
	case e.Status == http.StatusUnauthorized || e.Status == http.StatusForbidden:
		return "the server takes registrations only with an initial access token, which toolbench does not send: " + byHand
	case e.Status >= 500:
		return "the authorization server failed; try again later, or " + byHand
	}
	return byHand
}
