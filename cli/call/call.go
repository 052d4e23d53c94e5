// Package call is calling tools from the command line: one call (call),
// every tool probed with valid and invalid input (probe), and saved calls
// run as tests (test). Each judges what comes back against the tool's
// schemas; cli/root turns the outcomes into words and exit codes.
package call

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/tool"
)

// CallOptions are what `toolbench call` runs with, filled by its flags.
type CallOptions struct {
	reach.Live
	// Tool is the tool to call.
	Tool string
	// Base is the --args or --args-file object, checked to be one; nil
	// when neither was given.
	Base []byte
	// ArgPairs are the --arg key=value pairs, typed once the schema is known.
	ArgPairs []string
	// NoValidate sends arguments that break the inputSchema (--no-validate).
	NoValidate bool
	// JSON prints the result exactly as sent, with the verdict and the
	// asks (--json).
	JSON bool
	// Task forces the call to run as a task (--task).
	Task bool
	// Memory is the history and presets (--no-history, --preset,
	// --save-preset).
	Memory callMemory

	args, argsFile string
}

// NewCmdCall is `toolbench call`. store opens the history it appends to
// and reads presets from; runF, when a test gives one, gets the parsed
// options instead of the command running.
func NewCmdCall(f *reach.Factory, store func() (*history.Store, error), runF func(*CallOptions) error) *cobra.Command {
	opts := &CallOptions{Live: reach.Live{IO: f.IO, Connect: f.Connect}, Memory: callMemory{Store: store}}
	var conn reach.ConnFlags
	cmd := reach.TargetCommand(&cobra.Command{
		Use:   "call TOOL [flags] TARGET",
		Short: "Call a tool and judge its result",
		Long: `Call TOOL with arguments from --args, --args-file or repeated --arg, after
checking them against the tool's inputSchema (--no-validate sends them anyway).
Prints every content block, structuredContent, and whether it matches the
tool's outputSchema. Ctrl-C cancels the call and tells the server so.

A server may ask for input mid-call. --elicit and --sample say how to answer;
without them the call stops at the first such request, says what was asked
and exits 1. Roots are always given: --root, or the current directory.

A tool whose taskSupport is "required" runs as a task by itself: toolbench
polls it until it ends and prints its result. --task runs a tool whose
taskSupport is "optional" as a task too; -v shows the task's status as it
changes. Ctrl-C then sends tasks/cancel.`,
		RunE: reach.ToolCommand("call", func(cmd *cobra.Command, tool string, target []string) error {
			base, err := opts.readArgs()
			if err != nil {
				return err
			}
			if err := opts.Memory.check(); err != nil {
				return err
			}
			if err := conn.Bind(f, &opts.Live, target); err != nil {
				return err
			}
			opts.Tool, opts.Base = tool, base
			return reach.RunWith(cmd.Context(), opts, runF, callRun)
		}),
	})
	cmd.Example = exampleCall
	conn.AddFlags(cmd.Flags())
	fs := cmd.Flags()
	fs.StringVar(&opts.args, "args", "", "arguments as a JSON `object`")
	fs.StringVar(&opts.argsFile, "args-file", "", "read the arguments object from `FILE` (- for stdin)")
	fs.StringArrayVar(&opts.ArgPairs, "arg", nil, "set one argument, `key=value`, typed by the inputSchema (repeatable)")
	fs.BoolVar(&opts.NoValidate, "no-validate", false, "send arguments even when they break the inputSchema")
	fs.BoolVar(&opts.JSON, "json", false, "print the result exactly as sent, with the output verdict and what the server asked, as JSON")
	fs.BoolVar(&opts.Task, "task", false, "run the call as a task, also where the tool's taskSupport is optional")
	conn.AddAskPolicies(fs, "", "")
	opts.Memory.addFlags(fs)
	return cmd
}

// callRun makes the call: the session, the tool and its arguments settled
// (prepare), the call and its URL retry, then the outcome (conclude).
func callRun(ctx context.Context, o *CallOptions) error {
	st := o.IO
	progress := output.NewProgressLine(st, o.Verbose)
	if progress.Live() {
		// Before the session starts, so that every writer to stderr,
		// those -v and --log-level set up included, goes through it.
		st.Err = progress
	}
	defer progress.End()
	log := &answer.Log{}
	var calling atomic.Pointer[string]
	live := o.Live
	live.Server.Options.Answer = o.Asks.Answerer(st, o.Server, func() string {
		if name := calling.Load(); name != nil {
			return *name
		}
		return ""
	}, log)
	urlDone := newURLCompletions()
	urlDone.chain(&live.Server.Options)
	base, err := o.Memory.base(o.Server, o.Tool, o.Base)
	if err != nil {
		return err
	}
	s, plan, err := o.prepare(ctx, &live, base)
	if err != nil {
		return err
	}
	defer s.Close()
	tool, payload := plan.tool, plan.payload
	calling.Store(&tool.Name)
	sent := sentCall{Info: s.Info(), Tool: tool.Name, Arguments: payload, Started: time.Now()}
	res, err := s.CallToolWith(ctx, tool.Name, payload, o.clientOptions(st, progress))
	if err != nil {
		res, err = o.retryAfterURLs(ctx, st, s, urlDone, err, func() (*client.CallResult, error) {
			return s.CallToolWith(ctx, tool.Name, payload, o.clientOptions(st, progress))
		})
	}
	progress.End()
	if gone := plan.recheck(ctx, s, res, err); gone != nil {
		return gone
	}
	if err == nil {
		// A call that ended without its answer (cancelled, say) keeps the
		// server until the end: it must have time to read the
		// notifications/cancelled just sent before its stdin closes.
		defer reach.Release(s)()
	}
	sent.Result, sent.Err = res, err
	return o.conclude(st, plan.tool, sent, log)
}

// conclude judges the result against the tool as it is known after the
// call (the cache may have been refreshed), remembers the call, and turns
// what happened into the command's outcome.
func (o *CallOptions) conclude(st *iostreams.Streams, tool tool.Tool, sent sentCall, log *answer.Log) error {
	res, err := sent.Result, sent.Err
	var verdict check.OutputVerdict
	if res != nil {
		verdict = check.Result(tool.OutputSchema, res.StructuredContent, res.IsError, res.Texts())
		sent.Verdict = &verdict
	}
	notes := []host.Finding{}
	if res != nil {
		notes = output.HostNotes(tool, res.Raw, sent.Info.Name)
	}
	saveErr := o.Memory.remember(st, o.Server, sent)
	o.tellAsks(st, log.Records())
	if log.Unanswered() != nil {
		return withSaveErr(o.unanswered(st, res, err, log), saveErr)
	}
	if err != nil {
		if werr := o.reportURLRequired(st, err, log.Records()); werr != nil {
			err = errors.Join(err, werr)
		}
		return withSaveErr(err, saveErr)
	}
	return withSaveErr(o.report(st, res, verdict, notes, log), saveErr)
}

// report prints the result, its verdict and the host rules it breaks
// (notes), and turns the verdict into the command's outcome: the host
// notes inform, they do not set the exit status.
func (o *CallOptions) report(st *iostreams.Streams, res *client.CallResult, verdict check.OutputVerdict, notes []host.Finding, log *answer.Log) error {
	var err error
	if o.JSON {
		out := map[string]any{"result": res.Raw, "outputValidation": verdict, "hosts": notes,
			"durationMs": res.Duration.Milliseconds(), "asks": log.Records()}
		if res.Task != nil {
			out["task"] = res.Task.Raw
		}
		err = iostreams.WriteJSON(st.Out, out)
	} else {
		output.PrintCallResult(st, res, verdict, notes)
	}
	switch {
	case err != nil:
		return err
	case res.IsError:
		return output.ErrToolReportedError
	case !verdict.Valid:
		return output.ErrOutputInvalid
	}
	return nil
}

// unanswered ends a call during which the server asked for something no
// policy answers: whatever the server then did, the call could not do what
// it was for, and the error says which flag would answer. With --json the
// asks are still printed, so CI sees what was asked.
func (o *CallOptions) unanswered(st *iostreams.Streams, res *client.CallResult, callErr error, log *answer.Log) error {
	err := callErr
	var already *client.UnansweredError
	if !errors.As(err, &already) {
		// Its words name the tool already.
		err = log.Unanswered()
	}
	if o.JSON {
		var raw json.RawMessage
		if res != nil {
			raw = res.Raw
		}
		if werr := iostreams.WriteJSON(st.Out, map[string]any{"result": raw, "asks": log.Records()}); werr != nil {
			return errors.Join(err, werr)
		}
	}
	return err
}

// tellAsks says on stderr, with -v, what the server asked and how each was
// answered.
func (o *CallOptions) tellAsks(st *iostreams.Streams, recs []answer.Record) {
	if !o.Verbose {
		return
	}
	for _, r := range recs {
		fmt.Fprintf(st.Err, "toolbench: the server asked for %s; answered: %s\n", r.Kind, r.Answer)
	}
}

// ArgumentsError is arguments that break the tool's inputSchema; they
// were not sent. cli/root's explainer lists the violations, one a line.
type ArgumentsError struct {
	// Tool is the tool the arguments were for.
	Tool string
	// Violations are each break of the inputSchema, where it is.
	Violations []schemaform.Violation
}

// Error counts the violations; the explainer says each.
func (e *ArgumentsError) Error() string {
	return fmt.Sprintf("the arguments do not match the inputSchema of %q (%s)", e.Tool, plural.Count(len(e.Violations), "violation"))
}

// validate checks the arguments against the inputSchema unless told not to.
// A schema that cannot be compiled is a warning, not a reason to refuse.
func (o *CallOptions) validate(st *iostreams.Streams, tool tool.Tool, payload []byte) error {
	if o.NoValidate {
		return nil
	}
	v, err := schemaform.NewValidator(tool.InputSchema)
	if err != nil {
		fmt.Fprintf(st.Err, "toolbench: warning: cannot check the arguments: the inputSchema of %q is unusable (%v); sending them unchecked\n", tool.Name, err)
		return nil
	}
	violations, err := v.Validate(payload)
	if err != nil {
		return usage.Error{Err: fmt.Errorf("arguments: %w", err)}
	}
	if len(violations) == 0 {
		return nil
	}
	return &ArgumentsError{Tool: tool.Name, Violations: violations}
}
