package mock

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/internal/stdio"
)

// Transport names how the mock is served.
type Transport string

// Transports the mock serves on.
const (
	Stdio          Transport = "stdio"
	SSE            Transport = "sse"
	StreamableHTTP Transport = "http"
)

// DefaultAddr binds a free port on loopback.
const DefaultAddr = "127.0.0.1:0"

// Errors of CheckAddr, for callers that treat them as usage errors.
var (
	// ErrNotLoopback means an HTTP address would accept connections from
	// other machines and the caller did not say that is wanted.
	ErrNotLoopback = errors.New("not a loopback address")
	// ErrBadAddr means the address is not HOST:PORT.
	ErrBadAddr = errors.New("bad address")
)

// ServeStdio serves on in and out until in ends or ctx is done, and
// returns once every request it read has been answered: a script that pipes
// its requests in and closes stdin still gets every reply. Only JSON-RPC
// goes to out. A cancelled ctx ends it without error, as a signal does.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	err := stdio.Serve(ctx, s.mcp, in, out)
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// Endpoint is the mock serving over HTTP.
type Endpoint struct {
	// URL is where clients connect: .../sse for SSE, .../mcp for
	// streamable HTTP.
	URL  string
	http *http.Server
	sse  *server.SSEServer
	done chan error
}

// CheckAddr refuses an address that is not on loopback unless listenAny:
// a mock answers anyone, and a QA tool should not open a port to the
// network by accident.
func CheckAddr(addr string, listenAny bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%w %q: want HOST:PORT, such as 127.0.0.1:8080", ErrBadAddr, addr)
	}
	if listenAny || host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	what := host
	if host == "" {
		what = "every interface"
	}
	return fmt.Errorf("%w: %s would listen on %s, reachable from other machines; use 127.0.0.1:PORT, or --listen-any if that is what you want",
		ErrNotLoopback, addr, what)
}

// Listen starts serving over SSE or streamable HTTP on addr (see
// CheckAddr) and returns once the port is bound.
func (s *Server) Listen(t Transport, addr string, listenAny bool) (*Endpoint, error) {
	if err := CheckAddr(addr, listenAny); err != nil {
		return nil, err
	}
	e := &Endpoint{done: make(chan error, 1)}
	var handler http.Handler
	var path string
	switch t {
	case SSE:
		e.sse = server.NewSSEServer(s.mcp)
		handler, path = e.sse, "/sse"
	case StreamableHTTP:
		mux := http.NewServeMux()
		mux.Handle("/mcp", server.NewStreamableHTTPServer(s.mcp, server.WithEndpointPath("/mcp")))
		handler, path = mux, "/mcp"
	default:
		return nil, fmt.Errorf("transport %q is not served over HTTP", t)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	e.URL = "http://" + ln.Addr().String() + path
	e.http = &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	go func() { e.done <- e.http.Serve(ln) }()
	return e, nil
}

// Done delivers the error that stopped the server (http.ErrServerClosed
// after Close).
func (e *Endpoint) Done() <-chan error { return e.done }

// Close stops the server, ending open streams: an SSE or streamable HTTP
// stream would otherwise keep a graceful shutdown waiting forever.
func (e *Endpoint) Close(ctx context.Context) error {
	if e.sse != nil {
		e.sse.CloseSessions()
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if err := e.http.Shutdown(ctx); err != nil {
		return e.http.Close()
	}
	return nil
}
