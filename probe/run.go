package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/tool"
)

// runner holds the state of one Run.
type runner struct {
	opts    Options
	session Session
	owned   []Session // opened by Reconnect, closed at the end
	report  *Report
	stopped string
	// notes collects what happened to the connection during the current
	// tool, for its report.
	notes []string
}

// example is one valid argument object to try.
type example struct {
	kind string
	args json.RawMessage
}

// examples makes the valid arguments to try from the inputSchema: the
// minimal example, then the full one when it differs, each kept only when
// it satisfies the schema. full is the full example when it is valid, for
// the mutation generator to borrow optional values from.
func examples(schema json.RawMessage) (valid []example, full json.RawMessage, notes []string) {
	form, err := schemaform.Compile(schema)
	if err != nil {
		return nil, nil, []string{fmt.Sprintf("the inputSchema cannot be read: %v", err)}
	}
	v, err := schemaform.NewValidator(schema)
	if err != nil {
		return nil, nil, []string{fmt.Sprintf("the inputSchema cannot be used for validation: %v", err)}
	}
	var prev json.RawMessage
	for _, m := range []struct {
		kind string
		mode schemaform.ExampleMode
	}{{"valid-minimal", schemaform.Minimal}, {"valid-full", schemaform.Full}} {
		args := form.Example(m.mode)
		if bytes.Equal(args, prev) {
			if len(valid) > 0 {
				full = args
			}
			continue
		}
		prev = args
		violations, err := v.Validate(args)
		switch {
		case err != nil:
			notes = append(notes, fmt.Sprintf("the %s example is not JSON: %v", m.kind, err))
		case len(violations) > 0:
			notes = append(notes, fmt.Sprintf("the %s example breaks the inputSchema (%s: %s)", m.kind,
				displayPointer(violations[0].InstancePath), violations[0].Message))
		default:
			valid = append(valid, example{kind: m.kind, args: args})
			if m.mode == schemaform.Full {
				full = args
			}
		}
	}
	if len(valid) == 0 {
		notes = append(notes, MsgNoValidArguments)
	}
	return valid, full, notes
}

// probeTool makes the valid and the invalid calls of one tool.
func (r *runner) probeTool(ctx context.Context, t tool.Tool) Tool {
	tr := Tool{Name: t.Name, Valid: []Case{}, Invalid: []Case{}}
	if why := skipReason(t, r.opts.AllowDestructive); why != "" {
		tr.Skipped = why
		tr.judge()
		return tr
	}
	if t.TaskSupport == tool.TaskRequired && !r.offersTasks() {
		// No client may send a task to this server, and the tool takes
		// nothing else: its behaviour cannot be judged, and the note (a
		// warning) says so.
		tr.Notes = append(tr.Notes, MsgTaskUnoffered)
		tr.judge()
		return tr
	}
	start := time.Now()
	valid, full, notes := examples(t.InputSchema)
	tr.Notes = append(tr.Notes, notes...)
	base := r.validCalls(ctx, t, valid, &tr)
	if base == nil && len(valid) > 0 {
		// Rejected or not: invalid input must still get isError.
		base = valid[0].args
	}
	if base != nil && r.stopped == "" && r.opts.MaxCases > 0 {
		muts, err := Mutations(t.InputSchema, base, full, r.opts.MaxCases)
		if err != nil {
			tr.Notes = append(tr.Notes, "no invalid cases: "+err.Error())
		}
		for _, m := range muts {
			tr.Invalid = append(tr.Invalid, r.invalidCall(ctx, t.Name, m))
		}
	}
	tr.Notes = append(tr.Notes, r.notes...)
	r.notes = nil
	tr.DurationMs = time.Since(start).Milliseconds()
	tr.judge()
	return tr
}

// offersTasks reports whether the session's server accepts task-augmented
// tool calls; a session that cannot say is taken at its word that it does.
func (r *runner) offersTasks() bool {
	o, ok := r.session.(taskOfferer)
	return !ok || o.AcceptsTasks()
}

// validCalls calls the tool with the minimal example and, when the server
// answers isError, the full one. It returns the arguments the server
// accepted, or nil.
func (r *runner) validCalls(ctx context.Context, t tool.Tool, valid []example, tr *Tool) json.RawMessage {
	for i, e := range valid {
		c, res := r.call(ctx, t.Name, e.kind, e.args)
		c.Description = map[string]string{"valid-minimal": "minimal example", "valid-full": "full example"}[e.kind]
		switch c.Outcome {
		case OutcomeResult:
			v := check.Output(t.OutputSchema, res.StructuredContent, false)
			c.Output, tr.Output = &v, &v
			tr.Result = res.Raw
			c.Verdict, c.Message = Pass, "accepted"
			if !v.Valid {
				c.Verdict, c.Message = Fail, outputProblem(v)
			}
			if i > 0 {
				tr.Valid[i-1].Verdict, tr.Valid[i-1].Message = Warn, MsgRejectedMinimal
			}
			tr.Valid = append(tr.Valid, c)
			return e.args
		case OutcomeIsError:
			c.Verdict, c.Message = Fail, MsgRejectedValid
			tr.Valid = append(tr.Valid, c)
		default:
			judgeTrouble(&c, true)
			tr.Valid = append(tr.Valid, c)
			return nil
		}
	}
	return nil
}

func outputProblem(v check.OutputVerdict) string {
	if len(v.Errors) == 1 && v.Errors[0].InstancePath == "" && v.Errors[0].SchemaPath == "" {
		return v.Errors[0].Message
	}
	return fmt.Sprintf("structuredContent does not match the outputSchema (%s)", plural.Count(len(v.Errors), "violation"))
}

// invalidCall sends one mutation and judges the answer: isError passes,
// acceptance trusts the model, anything else fails.
func (r *runner) invalidCall(ctx context.Context, tool string, m Mutation) Case {
	c, _ := r.call(ctx, tool, m.Kind, m.Arguments)
	c.Pointer, c.Description, c.Violation = m.Pointer, m.Description, m.Violation
	switch c.Outcome {
	case OutcomeIsError:
		c.Verdict, c.Message = Pass, MsgRejectedInvalid
	case OutcomeResult:
		c.Verdict, c.Message = Warn, MsgTrustsModel
		if r.opts.Strict {
			c.Verdict = Fail
		}
	default:
		judgeTrouble(&c, false)
	}
	return c
}

// judgeTrouble judges a call that got no result.
func judgeTrouble(c *Case, valid bool) {
	c.Verdict = Fail
	switch c.Outcome {
	case OutcomeProtocolError:
		c.Message = MsgProtocolInvalid
		if valid {
			c.Message = MsgProtocolValid
		}
	case OutcomeTimeout:
		if c.Message != "" {
			// The probe's own bound cut it short, not the server's
			// silence past --timeout: a tool may simply take long.
			c.Verdict = Warn
			return
		}
		c.Message = "timed out"
	case OutcomeClosed:
		c.Message = "the server crashed or closed the connection"
	case OutcomeCancelled, OutcomeNotRun:
		c.Verdict = NotRun
		if c.Message == "" {
			c.Message = "interrupted"
		}
	default:
		c.Message = "the call failed"
	}
}
