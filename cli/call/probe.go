package call

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/probe"
	"github.com/toolbench/toolbench/tool"
)

// ProbeOptions are what `toolbench probe` runs with, filled by its flags.
type ProbeOptions struct {
	reach.Live

	// Tools are the tools to probe (--tool), in the order named; none
	// means all.
	Tools []string
	// AllowDestructive also calls tools not marked read-only.
	AllowDestructive bool
	// Strict fails on warnings.
	Strict bool
	// JSON prints the whole report as JSON.
	JSON bool
	// MaxCases bounds the invalid calls per tool (0: valid calls only).
	MaxCases int
	// CallTimeout bounds each of the probe's calls (--call-timeout); 0
	// leaves only --timeout.
	CallTimeout time.Duration

	callTimeoutArg string
}

// errProbeFailed ends a probe that found failures (or, with --strict,
// warnings); the report is already on stdout.
var errProbeFailed = errors.New("probe found problems")

// NewCmdProbe is `toolbench probe`. runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdProbe(f *reach.Factory, runF func(*ProbeOptions) error) *cobra.Command {
	o := &ProbeOptions{Live: reach.Live{IO: f.IO, Connect: f.Connect}}
	var conn reach.ConnFlags
	cmd := reach.TargetCommand(&cobra.Command{
		Use:   "probe [flags] TARGET [--tool NAME ...]",
		Short: "Call every tool with valid and invalid input and judge the answers",
		Long: `Exercise every tool without a person. Each tool is called with a valid
example made from its inputSchema (the minimal one, then the full one if the
server answers isError), and the result is judged against its outputSchema.
Then it gets invalid arguments made by changing one value of the valid ones:
a required field missing, a wrong type, a value outside an enum, a number
outside its range, a string breaking minLength, maxLength or pattern. The
server should answer those with isError; a JSON-RPC error, a timeout or a
crash fails, and accepting them is a warning (a failure with --strict).

Only tools marked readOnlyHint: true are called unless --allow-destructive;
a tool that requires a task is run as one. A server that crashes is started
again and the probe goes on. --call-timeout (default 5s) bounds each call,
progress or not: a call cut short by it is a warning (slow or stuck), while
a server silent past --timeout fails. Each tool's block is printed as soon
as the tool is done; on a terminal a line on stderr says which call runs.
Exit status 1 when anything failed. What a server asks mid-call is answered
by --elicit (default decline), --sample (default reject) and --root; the
report names the calls that asked.

--tool picks tools; it may follow a URL or a config name, and must come
before a server command (after one, it is refused as the server's).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			target, names := splitTrailingTools(args)
			o.Tools = append(o.Tools, names...)
			if err := o.check(); err != nil {
				return err
			}
			if err := conn.Bind(f, &o.Live, target); err != nil {
				return err
			}
			return reach.RunWith(cmd.Context(), o, runF, probeRun)
		},
	})
	cmd.Example = exampleProbe
	conn.AddFlags(cmd.Flags())
	fs := cmd.Flags()
	fs.StringArrayVar(&o.Tools, "tool", nil, "probe only this tool `NAME` (repeatable)")
	fs.BoolVar(&o.AllowDestructive, "allow-destructive", false, "also call tools not marked read-only")
	fs.BoolVar(&o.Strict, "strict", false, "fail on warnings, such as a tool that accepts invalid input")
	fs.BoolVar(&o.JSON, "json", false, "print the whole report as JSON")
	conn.AddAskPolicies(fs, answer.Decline, answer.Reject)
	fs.IntVar(&o.MaxCases, "max-cases", probe.DefaultMaxCases, "at most `N` invalid calls per tool (0: valid calls only)")
	fs.StringVar(&o.callTimeoutArg, "call-timeout", probe.DefaultCallTimeout.String(),
		"bound each probe call, progress or not (`DURATION` such as 5s; a bare number means seconds; 0: only --timeout)")
	return cmd
}

// check refuses flag values that mean nothing, before anything starts.
func (o *ProbeOptions) check() error {
	if o.MaxCases < 0 {
		return usage.Errorf("--max-cases must not be negative")
	}
	d, err := parseCallTimeout(o.callTimeoutArg)
	o.CallTimeout = d
	return err
}

// parseCallTimeout reads --call-timeout: a duration or a number of
// seconds, 0 for no bound of the probe's own.
func parseCallTimeout(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if f, ferr := strconv.ParseFloat(s, 64); ferr == nil {
		d, err = time.Duration(f*float64(time.Second)), nil
	}
	if err != nil || d < 0 {
		return 0, usage.Errorf("--call-timeout %q: want a duration such as 5s or 1m, a number of seconds, or 0 for none", s)
	}
	return d, nil
}

func probeRun(ctx context.Context, o *ProbeOptions) error {
	st := o.IO
	progress := output.NewProgressLine(st, false)
	if progress.Live() {
		// Before the session starts, so that every writer to stderr goes
		// through it and erases the live line first.
		st.Err = progress
	}
	defer progress.End()
	t, opts := o.Server.Target, o.Server.Options
	opts.Answer = o.Asks.Answerer(st, o.Server, nil, nil)
	observer := &probe.Observer{}
	if prev := opts.OnEvent; prev != nil {
		opts.OnEvent = func(e client.Event) { prev(e); observer.Observe(e) }
	} else {
		opts.OnEvent = observer.Observe
	}
	live := o.Live
	live.Server.Options = opts
	s, tools, err := live.Tools(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	if tools, err = probeToolsNamed(tools, o.Tools); err != nil {
		return err
	}
	maxCases := o.MaxCases
	if maxCases == 0 {
		maxCases = -1 // probe.Options reads 0 as "the default"
	}
	elicit, sample := o.Asks.Names()
	popts := probe.Options{
		AllowDestructive: o.AllowDestructive, Strict: o.Strict, MaxCases: maxCases, Elicit: elicit, Sample: sample,
		Observer: observer, CallTimeout: o.CallTimeout,
		Reconnect: func(ctx context.Context) (probe.Session, error) {
			again, err := o.Connect(ctx, t, opts)
			if err != nil {
				return nil, err
			}
			return again, nil
		},
	}
	head := probe.NewReport(popts)
	info := s.Info()
	head.Server, head.Transport = strings.TrimSpace(info.Name+" "+info.Version), string(s.Transport())
	var text *probe.TextWriter
	if !o.JSON {
		text = probe.NewTextWriter(st.Out, iostreams.TextFor(st))
		text.Header(head)
	}
	notes := newProbeNotes(tools, info.Name)
	popts.OnCall, popts.OnTool = o.watch(st, progress, text, len(tools), notes)
	r := probe.Run(ctx, s, tools, popts)
	r.Server, r.Transport = head.Server, head.Transport
	return o.report(st, r, text, notes)
}

// report ends the report (the JSON, or the text's last lines: its tools
// are printed already) and turns its outcome into the exit status.
func (o *ProbeOptions) report(st *iostreams.Streams, r *probe.Report, text *probe.TextWriter, notes *probeNotes) error {
	var err error
	if text != nil {
		err = text.End(r)
	} else {
		err = iostreams.WriteJSON(st.Out, probeJSON{Report: r, Hosts: notes.all(r)})
	}
	switch {
	case err != nil:
		return err
	case r.Stopped == "interrupted":
		return fmt.Errorf("probe: %w", client.ErrCancelled)
	case r.Failed():
		return fmt.Errorf("%w: %s", errProbeFailed, probe.SummaryLine(r))
	}
	return nil
}

// watch follows the run: before each call the live line on a terminal
// says which; when a tool is done its block is printed at once (text is
// nil for --json) and, with -v, a line on stderr says so.
func (o *ProbeOptions) watch(st *iostreams.Streams, progress *output.ProgressLine, text *probe.TextWriter, total int, notes *probeNotes) (func(string, string), func(probe.Tool)) {
	safe, done := iostreams.TextFor(st), 0
	onCall := func(tool, kind string) {
		progress.Status(fmt.Sprintf("toolbench: probe: %d of %s done; calling %s (%s)", done, plural.Count(total, "tool"), termsafe.Line(tool), kind))
	}
	onTool := func(t probe.Tool) {
		done++
		progress.Hide()
		if text != nil {
			text.Tool(t)
			output.WriteHostNotes(st.Out, notes.of(t), safe)
		}
		if o.Verbose {
			fmt.Fprintf(st.Err, "toolbench: probe: %s %s (%s, %d ms)\n", safe(t.Name), t.Verdict,
				plural.Count(len(t.Valid)+len(t.Invalid), "call"), t.DurationMs)
		}
	}
	return onCall, onTool
}

// probeToolsNamed keeps the named tools, in the order named; no names keeps all.
func probeToolsNamed(tools []tool.Tool, names []string) ([]tool.Tool, error) {
	if len(names) == 0 {
		return tools, nil
	}
	out := make([]tool.Tool, 0, len(names))
	seen := map[string]bool{}
	for _, n := range names {
		t, err := reach.FindTool(tools, n)
		if err != nil {
			return nil, err
		}
		if !seen[n] {
			seen[n] = true
			out = append(out, t)
		}
	}
	return out, nil
}

// splitTrailingTools takes `--tool NAME` (or --tool=NAME) pairs off the end
// of the target, as in `toolbench probe URL --tool echo`. Only a target that
// cannot carry flags of its own gives them up: a URL, `sse URL`, `http URL`
// or a single word; a server command with arguments keeps its flags.
func splitTrailingTools(args []string) (target, names []string) {
	rest := args
	for {
		n := len(rest)
		switch {
		case n >= 2 && rest[n-2] == "--tool":
			names = append([]string{rest[n-1]}, names...)
			rest = rest[:n-2]
		case n >= 1 && strings.HasPrefix(rest[n-1], "--tool="):
			names = append([]string{strings.TrimPrefix(rest[n-1], "--tool=")}, names...)
			rest = rest[:n-1]
		default:
			simple := len(rest) == 1 || (len(rest) == 2 && (rest[0] == "sse" || rest[0] == "http"))
			if names == nil || !simple {
				return args, nil
			}
			return rest, names
		}
	}
}
