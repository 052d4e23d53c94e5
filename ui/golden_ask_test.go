package ui

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/toolbench/toolbench/client"
)

// TestGoldenAskModals draws the elicitation form, the URL elicitation and
// the sampling modal at 80 and 120 columns.
func TestGoldenAskModals(t *testing.T) {
	t.Parallel()
	modals := map[string]func(t *testing.T) client.Ask{
		"elicit-form": func(t *testing.T) client.Ask {
			return elicitAsk(t, "testdata/everything.elicitation.json", "Please provide inputs for the following fields:")
		},
		"elicit-url":    func(*testing.T) client.Ask { return urlAsk("https://pay.example.com/checkout?session=abc", "el-7") },
		"sampling":      func(*testing.T) client.Ask { return samplingAsk(false) },
		"sampling-tool": func(*testing.T) client.Ask { return samplingAsk(true) },
	}
	for name, asks := range modals {
		for _, width := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s/%d", name, width), func(t *testing.T) {
				t.Parallel()
				s := newFakeSession(t, fixtureTools)
				h := browserHarness(t, s, &fakeBrowser{})
				h.m.now = fixedClock
				h.resize(width, 30)
				got := h.callAsking(s, asks(t))
				// The running call's clock would change with every run.
				golden.RequireEqual(t, []byte(h.view()))
				h.key("ctrl+x")
				<-got
				h.finishCall()
			})
		}
	}
}
