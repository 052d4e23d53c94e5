package collection

import (
	"context"
	"fmt"
	"time"
)

// Run runs the tests in order and judges each result; it returns the
// error that stopped it when the server could not be reached (or ctx
// ended), with the report of the tests run so far. Snapshots that changed
// are written beside the collection before it returns, even then.
func Run(ctx context.Context, c *Collection, caller Caller, opts RunOptions) (*Report, error) {
	store, err := openSnapshots(SnapshotPath(c.Path))
	if err != nil {
		return nil, err
	}
	r := &Report{Collection: c.Path, Results: []Result{}}
	runErr := runTests(ctx, c, caller, opts, store, r)
	if err := store.save(opts.Scrub); err != nil {
		return r, err
	}
	return r, runErr
}

// runTests fills r with a result per test, stopping at an unreachable
// server.
func runTests(ctx context.Context, c *Collection, caller Caller, opts RunOptions, store *snapshots, r *Report) error {
	for _, t := range c.Tests {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("before test %q: %w", t.Name, err)
		}
		res := Result{Name: t.Name, Tool: t.Tool}
		start := time.Now()
		out, err := caller.Call(ctx, t)
		switch {
		case err != nil && opts.Unreachable != nil && opts.Unreachable(err):
			return fmt.Errorf("test %q: %w", t.Name, err)
		case err != nil:
			res.Failures = []Failure{{Check: "call", Reason: err.Error()}}
			// No result, so no call duration: how long it took to fail
			// (a timeout) is still worth showing.
			res.DurationMs = time.Since(start).Milliseconds()
		default:
			j := judge{test: t, out: out, store: store, update: opts.Update, scrub: opts.Scrub}
			res.Failures, res.Snapshot = j.run()
			res.DurationMs = out.Duration.Milliseconds()
		}
		res.Passed = len(res.Failures) == 0
		if res.Passed {
			r.Passed++
		} else {
			r.Failed++
		}
		r.Results = append(r.Results, res)
	}
	return nil
}
