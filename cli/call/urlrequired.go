package call

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/client"
)

// urlCompletions remembers the notifications/elicitation/complete a server
// sent, so that a call refused with -32042 (URL elicitation required) is
// retried once the server says the person is done. A notification may
// arrive before the refusal does, so all are kept.
type urlCompletions struct {
	mu      sync.Mutex
	done    map[string]bool
	changed chan struct{}
}

func newURLCompletions() *urlCompletions {
	return &urlCompletions{done: map[string]bool{}, changed: make(chan struct{})}
}

// observe is chained into the session's OnEvent.
func (u *urlCompletions) observe(e client.Event) {
	c, ok := e.(client.ElicitationCompleteEvent)
	if !ok {
		return
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	u.done[c.ElicitationID] = true
	close(u.changed)
	u.changed = make(chan struct{})
}

// wait returns once every id is complete, ctx ends or limit passes; it
// says whether every id was completed.
func (u *urlCompletions) wait(ctx context.Context, ids []string, limit time.Duration) bool {
	timer := time.NewTimer(limit)
	defer timer.Stop()
	for {
		u.mu.Lock()
		all, changed := true, u.changed
		for _, id := range ids {
			all = all && (id == "" || u.done[id])
		}
		u.mu.Unlock()
		if all {
			return true
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return false
		case <-timer.C:
			return false
		}
	}
}

// chain adds u to the session's events, keeping whoever listened before.
func (u *urlCompletions) chain(opts *client.Options) {
	prev := opts.OnEvent
	opts.OnEvent = func(e client.Event) {
		if prev != nil {
			prev(e)
		}
		u.observe(e)
	}
}

// retryAfterURLs handles a call refused with -32042 the way a URL-mode
// request is handled: each URL goes to the --elicit policy (which opens
// nothing but http(s) and names the real host), and when all are accepted
// the call is retried once, after the server says they are complete. A
// declined URL, or no policy, leaves the refusal as the call's error.
//
// The wait for the server to say the person is done is bounded by the
// request timeout (--timeout): notifications/elicitation/complete is
// something a server may send, not must, and the call is then retried
// anyway.
func (o *CallOptions) retryAfterURLs(ctx context.Context, st *iostreams.Streams, s *client.Session, done *urlCompletions, err error, again func() (*client.CallResult, error)) (*client.CallResult, error) {
	req, ok := client.URLRequiredOf(err)
	if !ok || o.Asks.Elicit == nil {
		return nil, err
	}
	ids := make([]string, 0, len(req.Elicitations))
	for _, el := range req.Elicitations {
		if !o.Asks.Elicit.AcceptURL(el.URL, el.Message, st.Err) {
			return nil, err
		}
		ids = append(ids, el.ElicitationID)
	}
	s.AcceptedURLs(req.Elicitations)
	limit := o.Server.Options.Timeout
	if limit <= 0 {
		limit = client.DefaultTimeout
	}
	if !done.wait(ctx, ids, limit) {
		fmt.Fprintln(st.Err, "toolbench: the server did not say the URL interaction is complete; retrying the call anyway")
	} else if o.Verbose {
		fmt.Fprintln(st.Err, "toolbench: the URL interaction is complete; retrying the call")
	}
	return again()
}

// reportURLRequired prints, with --json, a call still refused with -32042
// as an object: the JSON-RPC error whole and the URLs it asks for, where
// nothing was printed before.
func (o *CallOptions) reportURLRequired(st *iostreams.Streams, err error, asks any) error {
	req, ok := client.URLRequiredOf(err)
	if !o.JSON || !ok {
		return nil
	}
	rpc := map[string]any{"code": req.Err.Code, "message": req.Err.Message}
	if len(req.Err.Data) > 0 {
		rpc["data"] = req.Err.Data
	}
	return iostreams.WriteJSON(st.Out, map[string]any{"error": rpc, "urlElicitations": req.Elicitations, "asks": asks})
}
