// Package probe exercises every tool of a live MCP server without a person:
// it calls each tool with a valid example made from its inputSchema, judges
// the result against the outputSchema, then sends deliberately invalid
// arguments and checks that the server answers them with a tool error
// (isError) rather than a protocol error, a timeout or a crash. It drives a
// session and returns a Report; it draws nothing.
package probe

import (
	"context"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
)

// Session is what the probe needs of a live connection. *client.Session
// implements it; the interface lives here, where it is consumed.
type Session interface {
	// CallToolWith calls a tool as client.Session.CallToolWith does: a
	// tool that requires a task is run as one and followed to its end.
	CallToolWith(ctx context.Context, name string, args []byte, opts client.CallOptions) (*client.CallResult, error)
	// Done is closed when the connection has ended.
	Done() <-chan struct{}
	// Err says why the connection ended, once Done is closed.
	Err() error
	// Close ends the session; it may be called more than once.
	Close() error
}

// taskOfferer is the optional part of a Session that can say whether its
// server accepts tasks for tool calls.
type taskOfferer interface {
	// AcceptsTasks reports whether the server advertises tasks for tool
	// calls (tasks.requests.tools.call, or the tasks extension).
	AcceptsTasks() bool
}

// stderrTailer is the optional part of a Session that can say what a
// crashed stdio server last wrote.
type stderrTailer interface {
	// StderrTail is the last n lines the server wrote to stderr.
	StderrTail(n int) []string
}

// Options configure a probe run.
type Options struct {
	// AllowDestructive calls tools that are not marked readOnlyHint: true.
	AllowDestructive bool
	// Strict makes accepting invalid input a failure instead of a warning.
	Strict bool
	// MaxCases bounds the invalid calls per tool; 0 means DefaultMaxCases
	// and a negative number none at all.
	MaxCases int
	// Elicit names the policy that answers elicitation, recorded in the
	// report; the answers themselves come from the session's Answerer.
	Elicit string
	// Sample names the policy that answers sampling, recorded likewise.
	Sample string
	// Reconnect opens a new session after the server went away (a crash),
	// so the remaining tools still get probed. Nil stops the probe at the
	// first crash.
	Reconnect func(ctx context.Context) (Session, error)
	// MaxReconnects bounds Reconnect; 0 means DefaultMaxReconnects.
	MaxReconnects int
	// Observer, when set, is the one fed the session's events; the probe
	// reads from it which server requests arrived during each call.
	Observer *Observer
	// OnTool, when set, is told about each tool as soon as it is done.
	OnTool func(Tool)
	// OnCall, when set, is told before each call which tool it is for
	// and what kind of call (a Case's Kind).
	OnCall func(tool, kind string)
	// CallTimeout bounds each call, progress or not; 0 leaves only the
	// session's timeout. A call cut short by it is a warning: the tool
	// was slow or stuck, and the probe did not wait to see which.
	CallTimeout time.Duration
}

// DefaultCallTimeout bounds each probe call unless told otherwise: long
// enough for a tool doing real work, short enough that a tool which
// waits by design (its default is thirty seconds, say) cannot hold up
// the run.
const DefaultCallTimeout = 5 * time.Second

// DefaultMaxReconnects bounds how often one run brings a crashing server
// back: a server that dies on every call must not make the probe loop.
const DefaultMaxReconnects = 3

// Run probes tools over s, in order, and reports what it found. It never
// fails as a whole: a crash, a timeout or an interrupt becomes part of the
// report. Sessions opened by Reconnect are closed before Run returns; s is
// the caller's to close.
func Run(ctx context.Context, s Session, tools []tool.Tool, opts Options) *Report {
	if opts.MaxCases == 0 {
		opts.MaxCases = DefaultMaxCases
	}
	if opts.MaxReconnects <= 0 {
		opts.MaxReconnects = DefaultMaxReconnects
	}
	r := &runner{opts: opts, session: s, report: NewReport(opts)}
	defer r.closeOwned()
	start := time.Now()
	for _, t := range tools {
		var tr Tool
		if r.stopped != "" {
			tr = Tool{Name: t.Name, Verdict: NotRun, Valid: []Case{}, Invalid: []Case{}, Notes: []string{r.stopped}}
		} else {
			tr = r.probeTool(ctx, t)
		}
		r.report.Tools = append(r.report.Tools, tr)
		if opts.OnTool != nil {
			opts.OnTool(tr)
		}
	}
	r.report.Stopped = r.stopped
	r.report.summarize(time.Since(start).Milliseconds())
	return r.report
}

// NewReport is the report of a run with opts before any tool is
// probed: the options it records, no tools. Run starts from it; a
// caller that prints as it goes writes its header from it.
func NewReport(opts Options) *Report {
	if opts.MaxCases == 0 {
		opts.MaxCases = DefaultMaxCases
	}
	r := &Report{Tools: []Tool{}}
	o := &r.Options
	o.AllowDestructive, o.Strict, o.MaxCases = opts.AllowDestructive, opts.Strict, max(opts.MaxCases, 0)
	o.Elicit, o.Sample, o.CallTimeoutMs = opts.Elicit, opts.Sample, opts.CallTimeout.Milliseconds()
	return r
}

// skipReason says why a tool is not called, or "" when it is. A tool
// that requires a task is called: the session runs it as one.
func skipReason(t tool.Tool, allowDestructive bool) string {
	switch {
	case allowDestructive:
		return ""
	case t.Annotations.ReadOnlyHint == nil || !*t.Annotations.ReadOnlyHint:
		// The spec reads a missing readOnlyHint as false: unmarked tools may
		// change the world, so an unattended probe leaves them alone.
		return MsgNotReadOnly
	}
	return ""
}
