package client_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/beyond"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// beyondCase is one transport and era the beyond fixture is served on.
type beyondCase struct {
	kind string
	era  beyond.Era
}

func (c beyondCase) String() string { return c.kind + "-" + string(c.era) }

// beyondCases are every transport with every era it allows: SSE is legacy
// only.
var beyondCases = []beyondCase{
	{"stdio", beyond.Legacy}, {"stdio", beyond.Modern},
	{"sse", beyond.Legacy},
	{"http", beyond.Legacy}, {"http", beyond.Modern},
}

// beyondTarget serves the beyond fixture as c says.
func beyondTarget(t *testing.T, c beyondCase) target.Target {
	t.Helper()
	if c.kind == "stdio" {
		path, env := beyond.Command(c.era)
		return target.Target{Transport: target.Stdio, Command: path, Env: env}
	}
	start, tr := beyond.StartHTTP, target.StreamableHTTP
	if c.kind == "sse" {
		start, tr = beyond.StartSSE, target.SSE
	}
	url, stop, err := start(c.era)
	if err != nil {
		t.Fatalf("start %s: %v", c, err)
	}
	t.Cleanup(stop)
	return target.Target{Transport: tr, URL: url}
}

// connectBeyond connects to the beyond fixture served as c says, and
// checks the era it speaks.
func connectBeyond(t *testing.T, c beyondCase, opts client.Options) *client.Session {
	t.Helper()
	if opts.Timeout == 0 {
		opts.Timeout = connectTimeout
	}
	s, err := client.Connect(context.Background(), beyondTarget(t, c), opts)
	if err != nil {
		t.Fatalf("connect %s: %v", c, err)
	}
	t.Cleanup(func() { _ = s.Close() })
	if want := map[beyond.Era]string{beyond.Legacy: client.EraLegacy, beyond.Modern: client.EraModern}[c.era]; s.Info().Era != want {
		t.Fatalf("%s: era %q, want %q", c, s.Info().Era, want)
	}
	return s
}

// eventLog keeps the events of one kind a session reports.
type eventLog[E any] struct {
	mu  sync.Mutex
	got []E
}

// note is an OnEvent that keeps the events of type E.
func (l *eventLog[E]) note(e client.Event) {
	if ev, ok := e.(E); ok {
		l.mu.Lock()
		l.got = append(l.got, ev)
		l.mu.Unlock()
	}
}

// wait returns the first event kept that match accepts, waiting up to d.
func (l *eventLog[E]) wait(d time.Duration, match func(E) bool) (E, bool) {
	var found E
	ok := testkit.Eventually(d, func() bool {
		l.mu.Lock()
		defer l.mu.Unlock()
		for _, ev := range l.got {
			if match(ev) {
				found = ev
				return true
			}
		}
		return false
	})
	return found, ok
}
