// Package probe exercises every tool of a live MCP server without a person:
// it calls each tool with a valid example made from its inputSchema, judges
// the result against the outputSchema, then sends deliberately invalid
// arguments and checks that the server answers them with a tool error
// (isError) rather than a protocol error, a timeout or a crash. It drives a
// session and returns a Report; it draws nothing.
package probe

import (
	"context"
	"encoding/json"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/tool"
)

// Session is what the probe needs of a live connection. *client.Session
// implements it; the interface lives here, where it is consumed.
type Session interface {
	CallTool(ctx context.Context, name string, args []byte, onProgress func(client.ProgressEvent)) (*client.CallResult, error)
	Done() <-chan struct{}
	Err() error
	Close() error
}

// stderrTailer is the optional part of a Session that can say what a
// crashed stdio server last wrote.
type stderrTailer interface {
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
}

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
	r := &runner{opts: opts, session: s, report: &Report{Tools: []Tool{}}}
	defer r.closeOwned()
	o := &r.report.Options
	o.AllowDestructive, o.Strict, o.MaxCases = opts.AllowDestructive, opts.Strict, max(opts.MaxCases, 0)
	o.Elicit, o.Sample = opts.Elicit, opts.Sample
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

// skipReason says why a tool is not called, or "" when it is.
func skipReason(t tool.Tool, allowDestructive bool) string {
	var exec struct {
		Execution struct {
			TaskSupport string `json:"taskSupport"`
		} `json:"execution"`
	}
	_ = json.Unmarshal(t.Raw, &exec)
	switch {
	case exec.Execution.TaskSupport == "required":
		return MsgTaskRequired
	case allowDestructive:
		return ""
	case t.Annotations.ReadOnlyHint == nil || !*t.Annotations.ReadOnlyHint:
		// The spec reads a missing readOnlyHint as false: unmarked tools may
		// change the world, so an unattended probe leaves them alone.
		return MsgNotReadOnly
	}
	return ""
}
