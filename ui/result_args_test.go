package ui

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// TestResultShowsArgumentsSent: the Result tab heads a call's outcome,
// a result or a failure, with the arguments that were sent and how long
// the call took.
func TestResultShowsArgumentsSent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		call func() (*client.CallResult, error)
		want string
	}{
		{"result", func() (*client.CallResult, error) {
			return client.ParseCallResult([]byte(`{"content":[{"type":"text","text":"sunny"}]}`))
		}, "sunny"},
		{"failure", func() (*client.CallResult, error) {
			return nil, errors.New("call weather_broken: upstream down")
		}, "The call failed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			s.call = func(context.Context, string, []byte, func(client.ProgressEvent)) (*client.CallResult, error) {
				return c.call()
			}
			h := newHarness(t, s)
			h.selectTool("weather_broken")
			h.typeText("Oslo")
			h.key("ctrl+s")
			v := h.view()
			for _, want := range []string{"arguments sent · took ", `{"city":"Oslo"}`, c.want} {
				if !strings.Contains(v, want) {
					t.Errorf("the Result tab lacks %q:\n%s", want, v)
				}
			}
		})
	}
}
