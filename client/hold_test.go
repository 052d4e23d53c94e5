package client_test

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/era"
	"github.com/toolbench/toolbench/target"
)

// personAtBrowser is an HTTPWrap whose first request waits as long as a
// person logging in would, with its timeout held as the auth transport
// holds it.
type personAtBrowser struct {
	next  http.RoundTripper
	takes time.Duration
	first atomic.Bool
}

func (p *personAtBrowser) RoundTrip(req *http.Request) (*http.Response, error) {
	if p.first.CompareAndSwap(false, true) {
		release := client.HoldTimeout(req.Context())
		t := time.NewTimer(p.takes)
		select {
		case <-t.C:
		case <-req.Context().Done():
			release()
			return nil, req.Context().Err()
		}
		release()
	}
	return p.next.RoundTrip(req)
}

// A login during the first request (the server/discover probe, whose
// bound is short) must not make toolbench give up on the probe or the
// connection: a person at a browser is not a slow server.
func TestHeldProbeOutlastsItsBound(t *testing.T) {
	t.Parallel()
	url, _, stop, err := era.StartModernHTTP()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	const timeout = 400 * time.Millisecond // the probe's bound is half of it
	opts := client.Options{Timeout: timeout, HTTPWrap: func(rt http.RoundTripper) http.RoundTripper {
		return &personAtBrowser{next: rt, takes: 3 * timeout}
	}}
	s, err := client.Connect(context.Background(), target.Target{Transport: target.StreamableHTTP, URL: url}, opts)
	if err != nil {
		t.Fatalf("connect with the first request held for %s: %v", 3*timeout, err)
	}
	defer s.Close()
	// Decided by the probe's own answer, not by a retry after it was
	// taken for silence.
	if info := s.Info(); info.Era != client.EraModern || strings.Contains(info.Decided, "no answer") {
		t.Fatalf("era %q (%s), want modern from the probe's answer: the held probe was taken for silence", info.Era, info.Decided)
	}
}
