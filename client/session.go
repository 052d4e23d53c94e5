// Package client holds one live session with one MCP server over stdio, SSE
// or streamable HTTP. It keeps what the server sent as raw JSON (the schemas
// toolbench shows and judges are the server's bytes, not mcp-go's structs)
// and reports notifications, stderr lines and frames as a stream of events.
// It imports no terminal library.
package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	mcpclient "github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/toolbench/toolbench/target"
)

// DefaultTimeout bounds each request when Options.Timeout is zero.
const DefaultTimeout = 60 * time.Second

// discoverProbeLimit caps mcp-go's server/discover probe. Servers from before
// protocol 2026-07-28 answer it with "method not found" at once; a few ignore
// it, and the wait for those must not eat the whole initialize budget.
const discoverProbeLimit = 5 * time.Second

// Options configures a session.
type Options struct {
	// Timeout bounds each request; progress notifications extend a call's.
	// It is an inactivity timeout: it counts from the last real change of
	// state (a progress value higher than any before, a task's new
	// status), not from a notification that repeats, or only changes its
	// message.
	Timeout time.Duration
	// MaxDuration bounds a request however it progresses: the ceiling up
	// to which progress extends its timeout; 0 means ten times Timeout.
	// Time spent answering the request's asks does not count.
	MaxDuration time.Duration
	// MaxAsks bounds the asks answered during one request; the one past it
	// ends the request with an *AskLimitError. 0 means DefaultMaxAsks.
	MaxAsks int
	// OnEvent receives notifications, stderr lines, frames and the end of
	// the connection. It runs on the reading goroutine and must not block.
	OnEvent func(Event)
	// ClientVersion is reported to the server in clientInfo.
	ClientVersion string
	// Logf, when set, receives diagnostics such as the transport chosen for
	// a bare URL.
	Logf func(format string, args ...any)
	// Listen asks for notifications outside of requests (a changed tool,
	// prompt or resource list) on streamable HTTP, where protocol
	// 2026-07-28 delivers them only on a subscriptions/listen stream.
	// Long-lived sessions want it; one-shot commands do not.
	Listen bool
	// Answer answers what the server asks of the client: elicitation,
	// sampling and roots. The session declares all three capabilities
	// whatever Answer is, so servers offer the tools that need them; nil
	// refuses every ask with ErrNoAnswer.
	Answer Answerer
	// Protocol chooses the protocol era: "" or "auto" decides per server
	// (and remembers it in Eras), "legacy" sends initialize at once,
	// "modern" speaks 2026-07-28 or fails, and an exact version asks for
	// that version.
	Protocol string
	// Eras remembers the era each server spoke, so a server that ignores
	// server/discover costs the probe only once; nil remembers nothing.
	Eras EraStore
	// LogLevel, when set, asks for the server's log messages at this level
	// and above: logging/setLevel on legacy servers, the per-request
	// _meta log level on 2026-07-28.
	LogLevel string
	// MaxRounds bounds the input rounds of one request on 2026-07-28
	// (input_required results answered and retried); 0 means
	// DefaultMaxRounds.
	MaxRounds int
	// HTTPWrap wraps the transport under an HTTP session's requests, so
	// the auth package can add tokens and authorize on a 401; nil sends
	// them as they are. Requests may wait in it while a person logs in:
	// it can pause their timeout with HoldTimeout.
	HTTPWrap func(http.RoundTripper) http.RoundTripper
}

// EraStore remembers which protocol era each server spoke, keyed by what
// names the server (its command line or URL). Implementations must be safe
// for concurrent use and keep no secret in the clear.
type EraStore interface {
	// Recall returns what was remembered for key.
	Recall(key string) (Era, bool)
	// Remember records era for key; a failure to write is not the
	// caller's concern.
	Remember(key string, era Era)
	// Forget drops what was remembered for key.
	Forget(key string)
}

// Era is the protocol era a server speaks and the version in effect.
type Era struct {
	// Name is "legacy" (2025-11-25 and older, with initialize) or
	// "modern" (2026-07-28 and later).
	Name string `json:"era"`
	// Version is the protocol version negotiated.
	Version string `json:"version"`
	// At is when the era was decided.
	At time.Time `json:"at"`
}

// ServerInfo is what the server said about itself when the session began.
type ServerInfo struct {
	Name            string
	Title           string
	Version         string
	ProtocolVersion string
	Instructions    string
	// Capabilities is the server's capabilities object as sent.
	Capabilities json.RawMessage
	// Raw is the whole initialize (or server/discover) result as sent.
	Raw json.RawMessage
	// Era is "legacy" or "modern".
	Era string
	// Decided says how the era was chosen, in words ("server/discover
	// answered with supportedVersions [2026-07-28]").
	Decided string
}

// Session is one live connection to one server. Its methods are safe for
// concurrent use.
type Session struct {
	target    target.Target
	transport target.Transport
	opts      Options
	mc        *mcpclient.Client
	tap       *tap
	proc      *process
	probe     *httpProbe
	frames    frameLog
	info      ServerInfo
	logger    *slog.Logger

	progressMu sync.Mutex
	progress   map[string]func(ProgressEvent)
	nextToken  int

	stopListen func()
	// subs is the subscriptions/listen stream (2026-07-28) and the
	// resources it subscribes; prompts the prompts last listed.
	subs    listenState
	prompts promptCache

	// calls are the calls in progress, for the asks that arrive during them.
	calls callTable
	// tasks are the tasks the session knows (tasks.go).
	tasks taskBook
	// rawAsks are server requests as sent, for serveRequest.
	rawAsks rawRequests
	// answerWait overrides streamableAnswerWait in tests.
	answerWait time.Duration

	// life is the session's own context: it ends with the session, not
	// with the context Connect was given (see start).
	life    context.Context
	endLife context.CancelFunc

	closeOnce sync.Once
	endOnce   sync.Once
	done      chan struct{}
	err       error

	// deep holds the requests waiting for an answer that may come nested
	// too deep to decode (stdio).
	deep deepWaits
}

func newSession(ctx context.Context, t target.Target, kind target.Transport, opts Options) *Session {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	s := &Session{target: t, transport: kind, opts: opts,
		progress: map[string]func(ProgressEvent){}, done: make(chan struct{})}
	s.life, s.endLife = context.WithCancel(context.WithoutCancel(ctx))
	s.logger = slog.New(diagnosticHandler{emit: s.emit})
	return s
}

// Info returns what the server said about itself.
func (s *Session) Info() ServerInfo { return s.info }

// Target returns the target the session was opened with.
func (s *Session) Target() target.Target { return s.target }

// Transport returns the transport in use; for a bare URL, the one that worked.
func (s *Session) Transport() target.Transport { return s.transport }

// Timeout returns the per-request timeout in effect.
func (s *Session) Timeout() time.Duration { return s.opts.Timeout }

// Done is closed when the connection ends, by Close or otherwise.
func (s *Session) Done() <-chan struct{} { return s.done }

// Err says why the connection ended: nil while it lives and after Close.
func (s *Session) Err() error {
	select {
	case <-s.done:
		return s.err
	default:
		return nil
	}
}

// Frames returns the most recent frames, oldest first, and how many frames
// the session has seen in all (the log is a bounded ring).
func (s *Session) Frames() ([]Frame, int) { return s.frames.snapshot() }

// StderrTail returns the last n lines a stdio server wrote to stderr.
func (s *Session) StderrTail(n int) []string {
	if s.proc == nil {
		return nil
	}
	return s.proc.stderr.last(n)
}

// Close ends the session. A stdio server gets its stdin closed, a short
// grace, then SIGTERM and SIGKILL to its process group: some servers never
// exit on EOF and toolbench must not wait on them.
func (s *Session) Close() error {
	var err error
	s.closeOnce.Do(func() {
		if s.stopListen != nil {
			s.stopListen()
		}
		if s.proc != nil {
			s.proc.stop()
		}
		if cerr := s.mc.Close(); cerr != nil && s.proc == nil {
			err = fmt.Errorf("close: %w", redactErr(cerr))
		}
		s.endLife()
		s.end(nil)
	})
	return err
}

// Kill ends a stdio server's whole process group with SIGKILL at once,
// without the polite steps of Close: it is for a process about to exit
// that cannot wait for them (a second Ctrl-C), so that a server ignoring
// SIGTERM and the end of its stdin is not left behind. It does nothing to
// an HTTP session. Close must still be called.
func (s *Session) Kill() {
	if s.proc != nil {
		signalGroup(s.proc.cmd, true)
	}
}

// end marks the connection over, once, and tells the event handler.
func (s *Session) end(err error) {
	s.endOnce.Do(func() {
		s.err = err
		s.emit(ClosedEvent{At: time.Now(), Err: err})
		close(s.done)
	})
}

func (s *Session) emit(e Event) {
	if s.opts.OnEvent != nil {
		s.opts.OnEvent(e)
	}
}

func (s *Session) recordFrame(f Frame) {
	s.frames.add(f)
	s.emit(FrameEvent{Frame: f})
}

func (s *Session) logf(format string, args ...any) {
	if s.opts.Logf != nil {
		s.opts.Logf(format, args...)
	}
}

// requestError names what failed and turns context endings into the
// package's sentinels.
func (s *Session) requestError(what string, ctx context.Context, err error) error {
	if errors.Is(err, transport.ErrTransportClosed) {
		// Stdout ends a moment before the exit status is known, and the
		// session then waits up to lastWordsWait for the server's stderr;
		// give it that long so the error can say how the server ended. A
		// server that closed stdout but lives on costs the whole wait.
		select {
		case <-s.done:
		case <-time.After(lastWordsWait + time.Second):
		}
	}
	select {
	case <-s.done:
		if s.err != nil {
			return fmt.Errorf("%s: %w: %w", what, ErrClosed, s.err)
		}
		return fmt.Errorf("%s: %w", what, ErrClosed)
	default:
	}
	if errors.Is(err, transport.ErrTransportClosed) {
		return fmt.Errorf("%s: %w", what, ErrClosed)
	}
	if ctx.Err() != nil {
		if context.Cause(ctx) == ErrMaxDuration {
			return fmt.Errorf("%s: %w: still running after %s", what, ErrMaxDuration, s.maxDuration())
		}
		if cause := context.Cause(ctx); cause == ErrTimeout || ctx.Err() == context.DeadlineExceeded {
			return fmt.Errorf("%s: %w: no answer within %s", what, ErrTimeout, s.opts.Timeout)
		}
		return fmt.Errorf("%s: %w", what, ErrCancelled)
	}
	if rule := eraRuleError(err); rule != nil {
		return fmt.Errorf("%s: %w", what, rule)
	}
	if s.probe != nil {
		if lost := s.probe.sessionLost(err); lost != nil {
			return &RequestError{What: what, Err: lost, Hint: lost.hint()}
		}
		if herr := explainRequestHTTP(what, ctx, err, s.target.URL); herr != nil {
			return herr
		}
	}
	return fmt.Errorf("%s: %w", what, redactErr(err))
}

// cancelOnEnd cancels a request with ErrClosed if the connection ends while
// it waits: mcp-go's SSE transport reports a dropped event stream but leaves
// requests waiting for answers that can no longer come. The returned
// function stops watching.
func (s *Session) cancelOnEnd(cancel context.CancelCauseFunc) func() {
	stop := make(chan struct{})
	go func() {
		select {
		case <-s.done:
			cancel(ErrClosed)
		case <-stop:
		}
	}()
	return func() { close(stop) }
}
