package ui

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/collection"
	askfix "github.com/toolbench/toolbench/internal/fixture/asks"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/ui/recall"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/screens/savetest"
)

// policyCaller runs a test's call on a session of its own, answering
// the server with the test's elicit and sample alone, as toolbench test
// does: nothing else answers, so a test without them fails.
type policyCaller struct{ url string }

func (c policyCaller) Call(ctx context.Context, t collection.Test) (collection.Outcome, error) {
	var p answer.Policies
	if t.Elicit != nil {
		e, err := answer.ElicitPolicy(t.Elicit)
		if err != nil {
			return collection.Outcome{}, err
		}
		p.Elicit = &e
	}
	if t.Sample != nil {
		s, err := answer.SamplePolicy(t.Sample)
		if err != nil {
			return collection.Outcome{}, err
		}
		p.Sample = &s
	}
	s, err := client.Connect(ctx, target.Target{Transport: target.StreamableHTTP, URL: c.url},
		client.Options{Timeout: 10 * time.Second, Answer: p.Answerer()})
	if err != nil {
		return collection.Outcome{}, err
	}
	defer s.Close()
	res, err := s.CallTool(ctx, t.Tool, t.Arguments, nil)
	if err != nil {
		return collection.Outcome{}, err
	}
	return collection.Outcome{Result: res.Raw, IsError: res.IsError, OutputValid: true, Duration: res.Duration}, nil
}

// TestSavedTestAnswersAsTheWorkbenchDid: a call the person answered in
// the workbench (a form, a sampling reply) is saved with those answers,
// and the saved test runs green at once, its snapshot (which holds what
// the server got back) compared, not only written.
func TestSavedTestAnswersAsTheWorkbenchDid(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, tool string
		answer     func(h *liveHarness)
		given      string // in the saved answer
		kind       string // the test's field it goes in
	}{
		{"elicitation", "elicit_form", func(h *liveHarness) {
			h.key("ctrl+u")
			h.typeText("Grace")
			h.key("enter", "ctrl+s")
		}, `"name":"Grace"`, "elicit"},
		{"sampling", "sample", func(h *liveHarness) {
			h.key("enter")
			h.typeText("Sunny.")
			h.key("esc", "ctrl+s")
		}, `"text":"Sunny."`, "sample"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			url, stop, err := askfix.StartHTTP(askfix.Legacy, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(stop)
			mem := newFakeMemory()
			h := newLiveHarnessOpts(t, target.Target{Transport: target.StreamableHTTP, URL: url},
				client.Options{Timeout: 10 * time.Second}, Options{Memory: mem})
			h.waitFor("● ready", c.tool)
			h.selectTool(c.tool)
			h.key("ctrl+s")
			h.waitUntil(func() bool { return h.m.asks.modal != nil }, func() string { return "no modal for the server's question" })
			c.answer(h)
			h.waitUntil(func() bool {
				last, ok := h.m.tools.LastCall()
				return !h.m.callRunning() && ok && last.Judged
			}, func() string { return "the call never ended" })
			h.key("t")
			if onTop(h.m) != savetest.ID {
				t.Fatalf("t on the Result tab should open the modal:\n%s", h.view())
			}
			if v := h.view(); !strings.Contains(v, "answers "+c.kind+" as you did: ") {
				t.Errorf("the modal does not say the test answers as the person did:\n%s", v)
			}
			h.key("enter")
			h.waitUntil(func() bool { return len(mem.savedTests()) == 1 }, func() string { return "the test was never saved" })
			saved := mem.savedTests()[0]
			if got := string(saved.test.Elicit) + string(saved.test.Sample); !strings.Contains(got, c.given) {
				t.Fatalf("the saved test answers with %s, want the answer given (%s)", got, c.given)
			}
			path := filepath.Join(t.TempDir(), "tests.json")
			if err := collection.AppendTest(path, saved.test, saved.snap); err != nil {
				t.Fatal(err)
			}
			col, err := collection.Load(path)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			rep, err := collection.Run(ctx, col, policyCaller{url: url}, collection.RunOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if res := rep.Results[0]; !res.Passed || res.Snapshot != collection.SnapshotMatched {
				t.Errorf("the saved test does not pass at once: %+v", res)
			}
		})
	}
}

// TestGivenAnswersWithholdSecrets: a form answer that holds a
// secret-looking field is not kept for the test file; a decline of the
// same form is, as it holds nothing. The root says which fields look
// secret (replyOf); recall keeps or withholds.
func TestGivenAnswersWithholdSecrets(t *testing.T) {
	t.Parallel()
	ask := client.Ask{Kind: client.AskElicit, Params: []byte(`{"message":"Sign in","requestedSchema":{"type":"object",` +
		`"properties":{"user":{"type":"string"},"pw":{"type":"string","format":"password"}}}}`)}
	var accepted recall.Answers
	accepted.Note(ask, replyOf(ask, screen.Answer{Result: []byte(`{"action":"accept","content":{"user":"ada","pw":"hunter2"}}`)}))
	if accepted.Elicit != nil || strings.Join(accepted.Withheld, ",") != "pw" {
		t.Errorf("accepted: kept %s, withheld %v", accepted.Elicit, accepted.Withheld)
	}
	var declined recall.Answers
	declined.Note(ask, replyOf(ask, screen.Answer{Result: []byte(`{"action":"decline"}`)}))
	if string(declined.Elicit) != `"decline"` || declined.Withheld != nil {
		t.Errorf("declined: kept %s, withheld %v", declined.Elicit, declined.Withheld)
	}
}
