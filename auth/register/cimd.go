package register

import (
	"net/url"
	"strings"
)

// MetadataURLError says why a URL cannot be a Client ID Metadata
// Document's client id.
type MetadataURLError struct {
	// URL is the URL as given.
	URL string
	// Reason is the rule it breaks.
	Reason string
}

// Error names the URL and the rule.
func (e *MetadataURLError) Error() string {
	return "client metadata URL " + e.URL + ": " + e.Reason
}

// checkMetadataURL applies the client_id rules of the Client ID Metadata
// Document draft (section 3): https, a host, a path, no dot segments, no
// fragment, no credentials. A query is allowed there but discouraged, and
// servers compare ids byte for byte, so the URL is used exactly as given.
func checkMetadataURL(raw string) error {
	u, err := url.Parse(raw)
	if err != nil {
		return &MetadataURLError{URL: raw, Reason: "not a URL (" + err.Error() + ")"}
	}
	bad := func(reason string) error { return &MetadataURLError{URL: raw, Reason: reason} }
	switch {
	case u.Scheme != "https":
		return bad("the scheme must be https")
	case u.Host == "":
		return bad("it has no host")
	case u.User != nil:
		return bad("it must not hold a user name or password")
	case u.Fragment != "" || strings.Contains(raw, "#"):
		return bad("it must not have a fragment")
	case u.Path == "" || u.Path == "/":
		return bad("it needs a path naming the document, such as /client.json")
	}
	for _, seg := range strings.Split(u.EscapedPath(), "/") {
		if seg == "." || seg == ".." {
			return bad("its path must not hold . or .. segments")
		}
	}
	return nil
}
