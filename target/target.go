// Package target names one MCP server: a command to start over stdio or a
// URL to reach over HTTP, with what to pass it (environment, directory,
// headers). It also keeps the secrets such names carry (credentials in a
// URL's userinfo or query) out of every text toolbench writes.
package target

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// ErrBadTarget means the target itself is malformed; nothing was started.
var ErrBadTarget = errors.New("bad target")

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
	// Name is the server's name in a config file, when it came from one.
	Name string
}

// String renders the target the way a person would type it, with the
// URL's secrets redacted (see Redact): it is fit for any message.
func (t Target) String() string {
	if t.Transport == Stdio {
		return strings.Join(append([]string{t.Command}, t.Args...), " ")
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
			return fmt.Errorf("%w: no command to start", ErrBadTarget)
		}
	case SSE, StreamableHTTP, Auto:
		if !strings.HasPrefix(t.URL, "http://") && !strings.HasPrefix(t.URL, "https://") {
			return fmt.Errorf("%w: %q is not an http:// or https:// URL", ErrBadTarget, t.URL)
		}
	default:
		return fmt.Errorf("%w: unknown transport %q (want stdio, sse or http)", ErrBadTarget, t.Transport)
	}
	return nil
}
