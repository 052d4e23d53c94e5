package call

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/collection"
	"github.com/toolbench/toolbench/target/secrets"
	"github.com/toolbench/toolbench/tool"
)

// testCaller makes each test's call on the run's one session.
type testCaller struct {
	session *client.Session
	tools   []tool.Tool
	// plans are each test's answers and timeout, by test name, read
	// before the session starts.
	plans map[string]testPlan
	// current answers the asks of the call under way; the session's
	// Answer callback is fixed at connect, so it reads this. idle answers
	// asks between calls, with the roots last offered.
	current atomic.Pointer[activeCall]
	idle    atomic.Pointer[activeCall]
	roots   rootsOffer
	// secrets are the run's: a collection saved from the workbench
	// holds "$NAME" where a secret was, filled at run time as a preset is.
	secrets *secrets.Set
	// hosts are the host rules each test's result broke, by test name.
	hosts testHosts
}

// activeCall is the call under way: its tool, and the policies of its
// test.
type activeCall struct {
	tool     string
	policies answer.Policies
}

var _ collection.Caller = (*testCaller)(nil)

// testPlan is what one test answers with and how long its call may take.
type testPlan struct {
	policies answer.Policies
	// timeout is the test's own, or 0 for the session's --timeout.
	timeout time.Duration
}

// answerer is the session's one Answerer: it hands each ask to the
// policies of the test whose call is under way.
func (c *testCaller) answerer() client.Answerer {
	return func(ctx context.Context, a client.Ask) (json.RawMessage, error) {
		p := c.current.Load()
		if p == nil {
			// An ask between calls (roots/list right after connecting)
			// gets the command's policies and the roots last offered.
			p = c.idle.Load()
		}
		if a.Tool == "" {
			a.Tool = p.tool
		}
		res, err := p.policies.Answerer()(ctx, a)
		if a.Kind == client.AskRoots && err == nil {
			c.roots.asked(p.policies.Roots)
		}
		return res, err
	}
}

// Call implements collection.Caller.
func (c *testCaller) Call(ctx context.Context, t collection.Test) (collection.Outcome, error) {
	tl, err := reach.FindTool(c.tools, t.Tool)
	if err != nil {
		return collection.Outcome{}, err
	}
	plan := c.plans[t.Name]
	log := &answer.Log{}
	call := activeCall{tool: tl.Name, policies: plan.policies}
	call.policies.Log = log
	c.current.Store(&call)
	defer c.current.Store(nil)
	c.offerRoots(ctx, plan.policies)
	if plan.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, plan.timeout)
		defer cancel()
	}
	args := c.secrets.Fill([]byte(t.Arguments))
	if len(args) == 0 {
		args = []byte("{}")
	}
	// No client-side validation: a test may send bad input on purpose.
	res, err := c.session.CallToolWith(ctx, tl.Name, args, client.CallOptions{})
	if ua := log.Unanswered(); ua != nil {
		return collection.Outcome{}, fmt.Errorf("the server asked for what the test does not answer (add elicit or sample to it): %w", ua)
	}
	if err != nil && plan.timeout > 0 && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return collection.Outcome{}, fmt.Errorf("no result within the test's timeout %s: %w", plan.timeout, err)
	}
	if err != nil {
		return collection.Outcome{}, err
	}
	v := check.Result(tl.OutputSchema, res.StructuredContent, res.IsError, res.Texts())
	c.hosts.note(t.Name, output.HostNotes(tl, res.Raw, c.session.Info().Name))
	out := collection.Outcome{Result: res.Raw, IsError: res.IsError, OutputChecked: v.Checked,
		OutputValid: v.Valid, OutputErrors: v.Messages(), Duration: res.Duration}
	return out, nil
}

// unreachable reports the errors after which no test can run: the server
// could not be reached, or the connection is gone.
func unreachable(err error) bool {
	var ce *client.ConnectError
	return errors.As(err, &ce) || errors.Is(err, client.ErrClosed) || errors.Is(err, client.ErrConnectionLost)
}

// planTests reads each test's answers, falling back on the command's
// --elicit, --sample and roots. A test's roots are relative to the
// collection's directory, so a collection runs the same from anywhere. A
// bad answer is a usage error naming the file and the test.
func planTests(c *collection.Collection, defaults reach.AskPolicies, roots []string, notice io.Writer) (map[string]testPlan, time.Duration, error) {
	plans := make(map[string]testPlan, len(c.Tests))
	var longest time.Duration
	for i, t := range c.Tests {
		where := fmt.Sprintf("%s: test %d %q", c.Path, i, t.Name)
		p := answer.Policies{Elicit: defaults.Elicit, Sample: defaults.Sample, Roots: roots, Notice: notice}
		if t.Elicit != nil {
			e, err := answer.ElicitPolicy(t.Elicit)
			if err != nil {
				return nil, 0, usage.Errorf("%s: elicit: %v", where, err)
			}
			p.Elicit = &e
		}
		if t.Sample != nil {
			s, err := answer.SamplePolicy(t.Sample)
			if err != nil {
				return nil, 0, usage.Errorf("%s: sample: %v", where, err)
			}
			p.Sample = &s
		}
		if len(t.Roots) > 0 {
			dirs := make([]string, len(t.Roots))
			for j, d := range t.Roots {
				dirs[j] = d
				if !filepath.IsAbs(d) {
					dirs[j] = filepath.Join(filepath.Dir(c.Path), d)
				}
			}
			resolved, err := answer.ResolveRoots(dirs)
			if err != nil {
				return nil, 0, usage.Errorf("%s: roots: %v", where, err)
			}
			p.Roots = resolved
		}
		plan := testPlan{policies: p}
		if t.Timeout != "" {
			// Load checked it is a positive duration.
			plan.timeout, _ = time.ParseDuration(t.Timeout)
			longest = max(longest, plan.timeout)
		}
		plans[t.Name] = plan
	}
	return plans, longest, nil
}
