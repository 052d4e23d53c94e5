package client

import (
	"fmt"
	"html"
	"net/http"
	"regexp"
	"strings"
)

// HTTPError is an HTTP answer that carries no MCP message: an HTML page, an
// error status whose body is not JSON-RPC, or JSON that is not a JSON-RPC
// response. A request that gets one fails with it, wrapped.
type HTTPError struct {
	// Method is the request's HTTP method.
	Method string
	// URL is where the request went, with its secrets redacted.
	URL string
	// Status is the answer's HTTP status code.
	Status int
	// ContentType is the answer's media type, without parameters.
	ContentType string
	// Excerpt is an HTML page's title, or the start of the body on one line.
	Excerpt string
	// NotJSONRPC marks a JSON answer to a request that is not a JSON-RPC
	// response (no id, not an object, not JSON at all).
	NotJSONRPC bool
}

func newHTTPError(a *httpAnswer) *HTTPError {
	e := &HTTPError{Method: a.Method, URL: a.URL, Status: a.Status, ContentType: a.ContentType}
	if e.isHTML() {
		e.Excerpt = htmlSummary(a.Body)
	} else {
		e.Excerpt = truncate(oneLine(a.Body), 200)
	}
	return e
}

// Error says what the server answered, on one line.
func (e *HTTPError) Error() string {
	switch {
	case e.NotJSONRPC && e.Excerpt == "":
		return fmt.Sprintf("%s %s answered with an empty JSON body (HTTP %d), not a JSON-RPC response", e.Method, e.URL, e.Status)
	case e.NotJSONRPC:
		return fmt.Sprintf("%s %s answered with JSON that is not a JSON-RPC response (HTTP %d): %q", e.Method, e.URL, e.Status, e.Excerpt)
	case e.isHTML():
		return fmt.Sprintf("%s %s answered with an HTML page (HTTP %d), not MCP: %q", e.Method, e.URL, e.Status, e.Excerpt)
	case e.Excerpt == "":
		return fmt.Sprintf("%s %s failed with HTTP %d %s and an empty body", e.Method, e.URL, e.Status, http.StatusText(e.Status))
	}
	return fmt.Sprintf("%s %s failed with HTTP %d %s: %q", e.Method, e.URL, e.Status, http.StatusText(e.Status), e.Excerpt)
}

func (e *HTTPError) isHTML() bool { return e.ContentType == "text/html" }

func (e *HTTPError) evidence() Evidence { return Evidence{} }

// hint says what to try.
func (e *HTTPError) hint() string {
	switch {
	case e.NotJSONRPC:
		return "the URL may not be the server's MCP endpoint (a JSON API answers like this); " +
			"check the path: MCP endpoints are usually at /mcp"
	case e.isHTML():
		return "this looks like a web page, a login page or a proxy's error page, not the server's MCP endpoint; " +
			"check the URL, and pass credentials with -H if a proxy wants them"
	case e.Status >= 500:
		return "the server, or a proxy in front of it, failed; its logs should say why"
	}
	return ""
}

var (
	htmlTitle = regexp.MustCompile(`(?is)<title[^>]*>(.*?)</title>`)
	htmlTag   = regexp.MustCompile(`(?s)<[^>]*>`)
)

// htmlSummary names an HTML page by its title, or else by its first words:
// the markup itself tells a person nothing.
func htmlSummary(page string) string {
	if m := htmlTitle.FindStringSubmatch(page); m != nil {
		if t := oneLine(html.UnescapeString(m[1])); t != "" {
			return truncate(t, 120)
		}
	}
	return truncate(oneLine(html.UnescapeString(htmlTag.ReplaceAllString(page, " "))), 120)
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
