package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/probe"
	"github.com/toolbench/toolbench/tool"
)

// probeOptions are what `toolbench probe` runs with, filled by its flags.
type probeOptions struct {
	reach

	tools            []string
	allowDestructive bool
	strict           bool
	json             bool
	maxCases         int
	// Asks answer what the server asks mid-call (--elicit, --sample).
	Asks   askPolicies
	policy policyFlags
}

// errProbeFailed ends a probe that found failures (or, with --strict,
// warnings); the report is already on stdout.
var errProbeFailed = errors.New("probe found problems")

func newCmdProbe(f *factory, runF func(*probeOptions) error) *cobra.Command {
	o := &probeOptions{reach: reach{IO: f.IO, Connect: f.Connect}}
	var conn connFlags
	cmd := targetCommand(&cobra.Command{
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

Only tools marked readOnlyHint: true are called unless --allow-destructive.
A server that crashes is started again and the probe goes on. --timeout
bounds each call. Exit status 1 when anything failed. What a server asks
mid-call is answered by --elicit (default decline) and --sample (default
reject); the report names the calls that asked.

--tool picks tools; it may follow a URL or a config name, and must come
before a server command (after one, it is refused as the server's).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			target, names := splitTrailingTools(args)
			o.tools = append(o.tools, names...)
			if err := o.check(); err != nil {
				return err
			}
			if err := conn.bind(f, &o.reach, target); err != nil {
				return err
			}
			return runWith(cmd.Context(), o, runF, probeRun)
		},
	})
	cmd.Example = exampleProbe
	conn.addFlags(cmd.Flags())
	fs := cmd.Flags()
	fs.StringArrayVar(&o.tools, "tool", nil, "probe only this tool `NAME` (repeatable)")
	fs.BoolVar(&o.allowDestructive, "allow-destructive", false, "also call tools not marked read-only")
	fs.BoolVar(&o.strict, "strict", false, "fail on warnings, such as a tool that accepts invalid input")
	fs.BoolVar(&o.json, "json", false, "print the whole report as JSON")
	o.policy.addFlags(fs, answer.Decline, answer.Reject)
	fs.IntVar(&o.maxCases, "max-cases", probe.DefaultMaxCases, "at most `N` invalid calls per tool (0: valid calls only)")
	return cmd
}

// check refuses flag values that mean nothing, before anything starts.
func (o *probeOptions) check() error {
	if err := o.policy.into(&o.Asks); err != nil {
		return err
	}
	if o.maxCases < 0 {
		return usagef("--max-cases must not be negative")
	}
	return nil
}

func probeRun(ctx context.Context, o *probeOptions) error {
	st := o.IO
	t, opts := o.Server.Target, o.Server.Options
	opts.Answer = o.Asks.answerer(st, o.Server, nil, nil)
	observer := &probe.Observer{}
	if prev := opts.OnEvent; prev != nil {
		opts.OnEvent = func(e client.Event) { prev(e); observer.Observe(e) }
	} else {
		opts.OnEvent = observer.Observe
	}
	live := o.reach
	live.Server.Options = opts
	s, tools, err := live.listTools(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	if tools, err = probeToolsNamed(tools, o.tools); err != nil {
		return err
	}
	maxCases := o.maxCases
	if maxCases == 0 {
		maxCases = -1 // probe.Options reads 0 as "the default"
	}
	r := probe.Run(ctx, s, tools, probe.Options{
		AllowDestructive: o.allowDestructive, Strict: o.strict, MaxCases: maxCases, Elicit: o.policy.elicit, Sample: o.policy.sample,
		Observer: observer, OnTool: o.progress(st),
		Reconnect: func(ctx context.Context) (probe.Session, error) {
			again, err := o.Connect(ctx, t, opts)
			if err != nil {
				return nil, err
			}
			return again, nil
		},
	})
	info := s.Info()
	r.Server, r.Transport = strings.TrimSpace(info.Name+" "+info.Version), string(s.Transport())
	return o.report(st, r)
}

// report prints the report and turns its outcome into the exit status.
func (o *probeOptions) report(st *streams, r *probe.Report) error {
	var err error
	if o.json {
		err = writeJSON(st.Out, r)
	} else {
		err = probe.WriteText(st.Out, r, textFor(st))
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

// progress says on stderr which tool is done, with -v: a probe of many
// tools runs for a while.
func (o *probeOptions) progress(st *streams) func(probe.Tool) {
	if !o.Verbose {
		return nil
	}
	return func(t probe.Tool) {
		fmt.Fprintf(st.Err, "toolbench: probe: %s %s (%s, %d ms)\n", textFor(st)(t.Name), t.Verdict,
			plural.Count(len(t.Valid)+len(t.Invalid), "call"), t.DurationMs)
	}
}

// probeToolsNamed keeps the named tools, in the order named; no names keeps all.
func probeToolsNamed(tools []tool.Tool, names []string) ([]tool.Tool, error) {
	if len(names) == 0 {
		return tools, nil
	}
	out := make([]tool.Tool, 0, len(names))
	seen := map[string]bool{}
	for _, n := range names {
		t, err := findTool(tools, n)
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
