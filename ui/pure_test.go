package ui

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/internal/snapshot"
	"github.com/toolbench/toolbench/ui/theme"
)

// opaque is state the snapshot records by identity only: huh's fields,
// which restyle themselves on every View (huh's business); the session
// and the auth bridge, which other goroutines use; the styles, which
// never change and are large.
func opaque(t reflect.Type) bool {
	return strings.HasPrefix(t.PkgPath(), "charm.land/huh/") || t == reflect.TypeFor[Session]() ||
		t == reflect.TypeFor[AuthBridge]() ||
		t == reflect.TypeFor[theme.Styles]()
}

func state(m *Model) string { return snapshot.Take(m, opaque) }

// assertPureView draws the screen twice: both frames must be the same,
// and drawing must change no value the model reaches.
func assertPureView(t *testing.T, h *harness, label string) {
	t.Helper()
	before := state(h.m)
	first := h.m.View().Content
	after := state(h.m)
	if second := h.m.View().Content; first != second {
		t.Errorf("%s: two frames in a row differ:\n%s\n---\n%s", label, stripANSI(first), stripANSI(second))
	}
	if before != after {
		t.Errorf("%s: View changed the model:\n%s", label, firstDifference(before, after))
	}
}

// firstDifference shows where two snapshots part.
func firstDifference(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-300)
	return "before: …" + a[from:min(len(a), i+200)] + "\nafter:  …" + b[from:min(len(b), i+200)]
}

// TestViewOnlyDraws goes through every screen of the workbench, at 80 and
// 120 columns, and on each checks that View only draws: the list and its
// filter, every tab (scrolled to the end, where View used to clamp), the
// lint cursor, each provider, a running call, a result, the log and its
// filter, the help, and a broken connection.
func TestViewOnlyDraws(t *testing.T) {
	t.Parallel()
	for _, w := range []int{80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			release := make(chan struct{})
			s.call = func(ctx context.Context, name string, _ []byte, progress func(client.ProgressEvent)) (*client.CallResult, error) {
				if name == "slow" {
					progress(client.ProgressEvent{Progress: 1, Total: 3, Message: "working"})
					select {
					case <-release:
					case <-ctx.Done():
					}
				}
				return client.ParseCallResult([]byte(`{"content":[{"type":"text","text":"done"}]}`))
			}
			h := newHarness(t, s)
			// A running call's clock reads the time: it stands still here.
			h.m.now = fixedClock
			h.resize(w, 24)
			look := func(label string) { t.Helper(); assertPureView(t, h, label) }
			look("tool list")
			h.key("end", "pgup")
			look("tool list, scrolled")
			h.key("/")
			h.typeText("we")
			look("filter")
			h.key("esc")
			h.selectTool("create_order")
			for i, name := range h.m.tabNames() {
				h.key(fmt.Sprintf("alt+%d", i+1))
				look(name + " tab")
				h.key("end")
				look(name + " tab, end")
			}
			h.key("alt+1", "enter")
			look("form, a field open")
			h.key("esc", "esc")
			h.selectTool("search_articles")
			h.key("alt+4", "down", "down")
			look("lint, third finding")
			h.key("alt+5", "right", "right", "pgdown")
			look("providers, openai-strict")
			h.selectTool("slow")
			h.leaveCalls = true
			h.key("ctrl+s")
			look("running call")
			close(release)
			h.leaveCalls = false
			h.settle()
			look("result")
			for i := range 40 {
				h.update(eventMsg{gen: h.m.conn.gen, event: client.StderrEvent{At: time.Now(), Line: fmt.Sprintf("line %d", i)}})
			}
			h.key("alt+l", "pgup", "pgup")
			look("log, scrolled")
			h.key("/")
			h.typeText("line 3")
			look("log filter")
			h.key("enter", "esc", "esc", "?", "pgdown")
			look("help, scrolled")
			h.key("esc")
			h.update(eventMsg{gen: h.m.conn.gen, event: client.ClosedEvent{At: time.Now(), Err: errors.New("the server exited (exit status 2)")}})
			look("disconnected")
		})
	}
}

// TestAskViewsOnlyDraw does the same for the screens that answer the
// server: each modal (a field of the form open, the sampling request
// scrolled), the wait for a URL elicitation, the roots screen while a
// root is typed, and the log level picker.
func TestAskViewsOnlyDraw(t *testing.T) {
	t.Parallel()
	for _, w := range []int{80, 120} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			h := browserHarness(t, s, &fakeBrowser{})
			h.m.now = fixedClock
			h.resize(w, 24)
			look := func(label string) { t.Helper(); assertPureView(t, h, label) }
			hold := make(chan struct{})
			h.callAskingHeld(s, hold, elicitAsk(t, "testdata/everything.elicitation.json", "m"), samplingAsk(true),
				urlAsk("https://example.com/x", "id"))
			look("elicitation")
			h.key("enter")
			look("elicitation, a field open")
			h.key("esc", "alt+d")
			h.pumpUntil("the sampling modal", func() bool { return h.m.asks.modal != nil && h.m.asks.modal.Title() == "Sampling request" })
			h.key("alt+j", "alt+j")
			look("sampling, scrolled")
			h.key("ctrl+s")
			h.pumpUntil("the URL modal", func() bool { return h.m.asks.modal != nil && h.m.asks.modal.Title() == "URL elicitation" })
			look("URL elicitation")
			h.key("c")
			look("waiting for the URL elicitation")
			close(hold)
			h.finishCall()
			h.key("alt+o", "a")
			h.typeText("/tmp")
			look("roots, adding")
			h.key("esc", "alt+v", "down")
			look("log level")
		})
	}
}
