// Package target names one MCP server: a command to start over stdio or a
// URL to reach over HTTP, with what to pass it (environment, directory,
// headers). It also keeps the secrets such names carry (credentials in a
// URL's userinfo or query) out of every text toolbench writes.
package target

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/toolbench/toolbench/config"
	"github.com/toolbench/toolbench/target/secrets"
)

// ErrBadTarget means the target itself is malformed, or the words, flags
// or config file naming it are; nothing was started. Every error of this
// package's parsing and validation matches it.
var ErrBadTarget = errors.New("bad target")

// badTarget is a mistake in naming a server. It matches ErrBadTarget and
// reads as its own message, without a prefix.
type badTarget struct{ err error }

func (e *badTarget) Error() string        { return e.err.Error() }
func (e *badTarget) Unwrap() error        { return e.err }
func (e *badTarget) Is(target error) bool { return target == ErrBadTarget }

// badf is a badTarget made like fmt.Errorf; %w keeps the wrapped error's
// type reachable with errors.As.
func badf(format string, args ...any) error {
	return &badTarget{fmt.Errorf(format, args...)}
}

// Transport names how toolbench reaches a server.
type Transport string

// The transports toolbench speaks. Auto tries streamable HTTP first and falls
// back to SSE, because a bare URL does not say which one the server serves.
const (
	Stdio          Transport = "stdio"
	SSE            Transport = "sse"
	StreamableHTTP Transport = "http"
	Auto           Transport = "auto"
)

// Target names one server: a command to start over stdio, or a URL.
type Target struct {
	// Transport is Stdio, SSE, StreamableHTTP or Auto (URL targets only).
	Transport Transport
	// Command and Args start a stdio server.
	Command string
	Args    []string
	// Env is what a stdio server gets beyond the short default list of
	// variables (HOME, PATH, TERM...): a "KEY=VAL" entry sets KEY, a bare
	// "KEY" passes toolbench's own value of KEY through. Servers are not
	// vetted, so nothing else of toolbench's environment reaches them.
	Env []string
	// InheritEnv passes toolbench's whole environment to a stdio server,
	// under Env, for those who want it.
	InheritEnv bool
	// Dir is the working directory of a stdio server; empty means ours.
	Dir string
	// URL is the endpoint of an SSE or streamable HTTP server.
	URL string
	// Header is sent with every HTTP request.
	Header http.Header
	// CACertFile names a PEM file of certificates to trust, besides the
	// system's, for an https:// server.
	CACertFile string
	// Insecure skips verifying an https:// server's certificate.
	Insecure bool
	// FollowRedirects follows a redirect to another origin (scheme, host
	// or port), without credentials; without it such a redirect is
	// refused (see package redirect).
	FollowRedirects bool
	// Auth is the OAuth settings of the config definition it came from;
	// nil when it has none. The command's flags override them.
	Auth *config.Auth
	// Name is the server's name in a config file, when it came from one.
	Name string
	// Source is the config file that defined Name, and Shadows the files
	// further down the search path whose definitions of Name it hid.
	Source  string
	Shadows []string
}

// String renders the target the way a person would type it, with the
// URL's secrets and a stdio server's credential flags (--api-key X)
// redacted (see Redact): it is fit for any message and for -v.
func (t Target) String() string {
	if t.Transport == Stdio {
		args := secrets.RewriteArgs(t.Args, func(string, string) string { return secrets.Redacted })
		return strings.Join(append([]string{t.Command}, args...), " ")
	}
	if t.Transport == Auto {
		return Redact(t.URL)
	}
	return string(t.Transport) + " " + Redact(t.URL)
}

// Validate reports a target that cannot be connected to, before anything starts.
func (t Target) Validate() error {
	switch t.Transport {
	case Stdio:
		if t.Command == "" {
			return badf("no command to start")
		}
	case SSE, StreamableHTTP, Auto:
		return checkURL(t.URL)
	default:
		return badf("unknown transport %q (want stdio, sse or http)", t.Transport)
	}
	return nil
}

// checkURL refuses a URL toolbench cannot reach a server at: another
// scheme than http or https, or no host. The URL is quoted redacted, since
// it may carry credentials.
func checkURL(raw string) error {
	if !strings.Contains(raw, "://") {
		return badf("%q is not an http:// or https:// URL", Redact(raw))
	}
	u, err := url.Parse(raw)
	if err != nil {
		return badf("%q is not a URL: %v", Redact(raw), urlProblem(err))
	}
	scheme := strings.ToLower(u.Scheme)
	switch {
	case scheme != "http" && scheme != "https":
		return badf("%q: toolbench reaches servers over http:// or https://, not %s://", Redact(raw), u.Scheme)
	case u.Hostname() == "":
		return badf("%q has no host; write it as %s://HOST[:PORT]/PATH", Redact(raw), scheme)
	}
	return nil
}

// urlProblem is what url.Parse found wrong, without the URL it quotes.
func urlProblem(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}
