package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	mcpclient "github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/toolbench/toolbench/target"
)

// Connect starts or reaches the server t names and initializes a session.
// Failures are *ConnectError values that say what the server did and what to
// try next. When ctx ends before the session is ready, the error wraps
// ErrCancelled and a stdio server's process group has been terminated.
func Connect(ctx context.Context, t target.Target, opts Options) (*Session, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	if opts.LogLevel != "" {
		if err := checkLogLevel(opts.LogLevel); err != nil {
			return nil, err
		}
	}
	if t.Insecure && t.Transport != target.Stdio && opts.OnEvent != nil {
		opts.OnEvent(DiagnosticEvent{At: time.Now(), Level: "WARN", Message: insecureWarning})
	}
	if err := CheckProtocol(opts.Protocol); err != nil {
		return nil, err
	}
	if t.Transport != target.Auto {
		return connectEra(ctx, t, t.Transport, opts)
	}
	url := target.Redact(t.URL)
	s, err := connectEra(ctx, t, target.StreamableHTTP, opts)
	if err == nil {
		s.logf("connected to %s over streamable HTTP", url)
		return s, nil
	}
	var ce *ConnectError
	if !errors.As(err, &ce) || !ce.tryOtherTransport {
		return nil, err
	}
	s, sseErr := connectEra(ctx, t, target.SSE, opts)
	if sseErr == nil {
		s.logf("streamable HTTP failed (%v); connected to %s over SSE", ce.Err, url)
		return s, nil
	}
	ce.Also = sseErr
	return nil, ce
}

// connect makes one attempt at a session over kind, going about the
// protocol era as plan says.
func connect(ctx context.Context, t target.Target, kind target.Transport, opts Options, plan eraPlan) (*Session, error) {
	if err := ctx.Err(); err != nil {
		return nil, cancelledError(PhaseStart, ctx)
	}
	s := newSession(ctx, t, kind, opts)
	inner, err := s.openTransport()
	if err != nil {
		s.endLife()
		return nil, err
	}
	s.tap = newTap(inner, s.recordFrame)
	s.tap.deep = &s.deep
	s.tap.serve = s.serveRequest
	if kind == target.StreamableHTTP {
		s.tap.serve = s.serveStreamable
	}
	s.tap.typedTools = func() bool {
		return s.transport == target.StreamableHTTP && mcp.IsModernProtocol(s.mc.ProtocolVersion())
	}
	s.tap.era = s.eraRules(plan)
	if kind == target.Stdio && plan.firstContact {
		// Over HTTP a silent probe is rare (a server that does not know the
		// method answers 4xx), and a second request would open a session.
		s.tap.early = newEarlyInit(s.opts.ClientVersion)
	}
	s.mc = mcpclient.NewClient(wrapTransport(s.tap), append(s.clientOptions(), plan.options()...)...)
	if err := s.start(ctx); err != nil {
		s.abandon()
		return nil, err
	}
	s.mc.OnNotification(s.handleNotification)
	if err := s.initialize(ctx, plan); err != nil {
		s.abandon()
		return nil, err
	}
	s.watch()
	s.listen()
	s.applyLogLevel(ctx)
	return s, nil
}

// start starts the transport on the session's own context, which lives
// until Close: mcp-go ties the SSE event stream (and, on stdio, the
// handling of server requests) to the context Start gets, and a caller's
// context that ends (Ctrl-C during a call) must cancel the call, not cut the
// stream. ctx still bounds the start itself.
func (s *Session) start(ctx context.Context) error {
	stop := context.AfterFunc(ctx, s.endLife)
	err := s.mc.Start(s.life)
	if !stop() {
		err = ctx.Err()
	}
	if err != nil {
		return s.explain(PhaseConnect, ctx, err)
	}
	return nil
}

// cancelledError says that connecting stopped in phase because ctx ended,
// with the reason the canceller gave when it gave one ("interrupt signal
// received").
func cancelledError(phase string, ctx context.Context) error {
	if cause := context.Cause(ctx); cause != nil && cause != context.Canceled {
		return fmt.Errorf("%s: %w (%v)", phase, ErrCancelled, cause)
	}
	return fmt.Errorf("%s: %w", phase, ErrCancelled)
}

// listen opens the subscriptions/listen stream when asked and needed: on
// stdio, SSE and older protocol revisions notifications arrive unasked. It
// asks for every list change (tools, prompts, resources); Subscribe
// replaces the stream with one that also names resources.
func (s *Session) listen() {
	s.stopListen = s.subs.stopStream
	if !s.wantsListen() {
		return
	}
	s.openListen(listFilter())
}

func (s *Session) clientOptions() []mcpclient.ClientOption {
	// toolbench answers server requests itself (serveRequest) and drives
	// input rounds itself (roundTrip): mcp-go stops after one round, and its
	// handlers are never asked, so the capabilities are declared outright.
	// The era plan adds the discover bound.
	return []mcpclient.ClientOption{mcpclient.WithClientCapabilities(clientCapabilities()), mcpclient.WithMaxInputRoundTrips(1)}
}

// openTransport starts the stdio server or prepares the HTTP client.
func (s *Session) openTransport() (transport.Interface, error) {
	if s.transport != target.Stdio {
		probe, err := newHTTPProbe(s.target, s.transport, func(msg string) {
			s.emit(DiagnosticEvent{At: time.Now(), Level: "INFO", Message: msg})
		}, s.opts.HTTPWrap)
		if err != nil {
			return nil, err
		}
		probe.redirects = s.redirectPolicy()
		s.probe = probe
		if s.transport == target.SSE {
			probe.divert = s.divertSSE
		} else {
			probe.watch = s.rawAsks.note
		}
		return newHTTPTransport(s.target, s.transport, s.probe, s.logger, s.opts.Timeout)
	}
	p, err := startProcess(s.target, s.emit)
	if err != nil {
		return nil, err
	}
	s.proc = p
	p.stdout.onRequest = s.rawAsks.note
	p.stdout.onDeep = func(id json.RawMessage, excerpt string) {
		s.deep.fail(id, &ResponseTooDeepError{Excerpt: excerpt})
	}
	io := transport.NewIO(p.stdout, p.stdin, nil)
	transport.WithCommandLogger(s.logger)(io)
	return io, nil
}

// abandon tears down a session that never became usable.
func (s *Session) abandon() {
	s.closeOnce.Do(func() {
		if s.proc != nil {
			s.proc.stop()
		}
		_ = s.mc.Close()
		s.endLife()
		s.endOnce.Do(func() { close(s.done) })
	})
}

func (s *Session) initialize(ctx context.Context, plan eraPlan) error {
	ctx, cancel := s.withTimeout(ctx)
	defer cancel()
	bound := plan.probe
	if bound <= 0 {
		bound = s.opts.Timeout
	}
	ctx = context.WithValue(ctx, probeBoundKey{}, bound)
	ctx, c := withCapture(ctx, string(mcp.MethodInitialize), string(mcp.MethodServerDiscover))
	req := mcp.InitializeRequest{}
	req.Params.ClientInfo = mcp.Implementation{Name: "toolbench", Version: s.opts.ClientVersion}
	res, err := s.mc.Initialize(ctx, req)
	if err != nil {
		if rule := eraRuleError(err); rule != nil {
			err = rule
		} else if _, rpcErr := c.reply(); rpcErr != nil && isModernCode(rpcErr.Code) {
			// Keep the data (supported versions, the missing capability)
			// for the surfaces to put into words.
			err = rpcErrorFrom(string(mcp.MethodInitialize), rpcErr)
		}
		return s.explain(PhaseInitialize, ctx, err)
	}
	raw, _ := c.reply()
	var fields struct {
		Capabilities json.RawMessage `json:"capabilities"`
	}
	_ = json.Unmarshal(raw, &fields)
	s.info = ServerInfo{
		Name: res.ServerInfo.Name, Title: res.ServerInfo.Title, Version: res.ServerInfo.Version,
		ProtocolVersion: s.mc.ProtocolVersion(), Instructions: res.Instructions,
		Capabilities: fields.Capabilities, Raw: raw,
	}
	return nil
}

// watch ends the session when the server goes away on its own.
func (s *Session) watch() {
	if s.proc != nil {
		go func() {
			<-s.proc.exited
			if !s.proc.stopped() {
				s.end(s.proc.exitError())
			}
		}()
		return
	}
	s.mc.OnConnectionLost(func(err error) {
		if errors.Is(err, io.EOF) {
			// A clean end of the SSE stream; mcp-go does not reconnect.
			err = fmt.Errorf("the server ended the event stream (%w)", err)
		}
		s.end(fmt.Errorf("the connection to %s was lost: %w", target.Redact(s.target.URL), redactErr(err)))
	})
}

// explain turns a failure to start or initialize into a ConnectError that
// carries the evidence: exit status, stderr, stdout noise, HTTP answers. A
// failure because ctx was cancelled is no fault of the server's: it wraps
// ErrCancelled instead.
func (s *Session) explain(phase string, ctx context.Context, err error) error {
	timedOut := errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded)
	if ctx.Err() != nil && !timedOut {
		return cancelledError(phase, ctx)
	}
	if s.proc == nil {
		ce := s.explainHTTP(ctx, phase, err)
		ce.tryOtherTransport = s.transport == target.StreamableHTTP && worthTryingSSE(err, s.probe)
		if timedOut {
			ce.Err = fmt.Errorf("no answer to %s within %s", phase, s.opts.Timeout)
		}
		return ce
	}
	ce := &ConnectError{Phase: phase, Err: err}
	// EOF on stdout comes a moment before the exit status does.
	if s.proc.waitExit(200 * time.Millisecond) {
		ce.Err = fmt.Errorf("the server exited before answering %s (%s)", phase, s.proc.exitStatus())
		s.proc.stdout.waitDrained(lastWordsWait)
	} else if timedOut {
		ce.Err = fmt.Errorf("no answer to %s within %s", phase, s.opts.Timeout)
		ce.Hint = "is this an MCP server? it must read JSON-RPC from stdin and answer on stdout; raise --timeout if it is slow to start"
	} else if errors.Is(err, transport.ErrTransportClosed) {
		ce.Err = fmt.Errorf("the server closed its stdout without answering %s", phase)
	}
	ce.Evidence = Evidence{Noise: s.proc.stdout.firstNoise(), Dropped: s.proc.stdout.firstBad(), Stderr: s.proc.stderrTail(10)}
	return ce
}
