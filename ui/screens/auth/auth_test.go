package auth

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

const authURL = "https://auth.example.com/authorize?client_id=tb&state=••••"

var start = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

func at(i int) time.Time { return start.Add(time.Duration(i) * 10 * time.Millisecond) }

// login is a login up to the browser; its metadata step's answer is
// long, so its detail scrolls.
func login() []step.Event {
	meta := &step.Exchange{Method: "GET", URL: "https://auth.example.com/.well-known/oauth-authorization-server", Status: 200,
		ResponseBody: "{" + strings.Repeat(`"k":"v",`, 200) + `"issuer":"https://auth.example.com"}`}
	return []step.Event{
		{Step: step.Challenge, State: step.Started, At: at(0)},
		{Step: step.Challenge, State: step.Done, Summary: "401", At: at(1)},
		{Step: step.ServerMetadata, State: step.Started, At: at(2)},
		{Step: step.ServerMetadata, State: step.Done, Summary: "200", Exchange: meta, At: at(3)},
		{Step: step.Browser, State: step.Started, URL: authURL, At: at(4)},
		{Step: step.Browser, State: step.Done, Summary: "waiting for the redirect", At: at(5)},
	}
}

// fixture is an auth screen at 100×24 whose pastes go to pasted, for
// the browser "none".
func fixture(t *testing.T) (s *Screen, pasted *[]string) {
	t.Helper()
	pasted = new([]string)
	s = New(Deps{Styles: theme.Plain(), Server: "https://mcp.example.com/mcp", Bridged: true,
		Paste: func(text string) { *pasted = append(*pasted, text) }, OpenKey: "alt+a",
		Explain: func(_ step.Name, err error) []string { return []string{"explained: " + err.Error()} }})
	s.Update(tea.WindowSizeMsg{Width: 100, Height: 24})
	return s, pasted
}

// feed hands events to the screen as the bridge would, the screen on top
// or not, and returns the actions on the way.
func feed(s *Screen, onTop, free bool, events ...step.Event) []screen.Action {
	var acts []screen.Action
	for _, e := range events {
		acts = append(acts, s.Event(e, onTop, free).Actions...)
	}
	return acts
}

func press(s *Screen, keys ...string) screen.Result {
	var r screen.Result
	for _, k := range keys {
		p, ok := screen.Press(k)
		if !ok {
			panic("no key " + k)
		}
		r = s.Update(p)
	}
	return r
}

func view(s *Screen) string { return ansi.Strip(strings.Join(s.View(100, 24), "\n")) }

// TestOpensItselfOnce: a flow past its challenge shows the screen once,
// when nothing else holds the body; a retry that went through closes it
// again, saying so; a failure while it is closed is said on the status
// line.
func TestOpensItselfOnce(t *testing.T) {
	t.Parallel()
	s, _ := fixture(t)
	if acts := feed(s, false, false, login()[:3]...); len(acts) != 0 {
		t.Fatalf("a busy body was taken: %v", acts)
	}
	s, _ = fixture(t)
	if acts := feed(s, false, true, login()[:3]...); len(acts) != 1 || acts[0] != (screen.Open{ID: ID}) {
		t.Fatalf("the flow did not show the screen once: %v", acts)
	}
	if acts := feed(s, true, false, login()[3:]...); len(acts) != 0 {
		t.Fatalf("later steps acted: %v", acts)
	}
	acts := feed(s, true, false, step.Event{Step: step.Retry, State: step.Started}, step.Event{Step: step.Retry, State: step.Done})
	if len(acts) != 2 || acts[0] != (screen.Pop{}) || !strings.Contains(acts[1].(screen.Status).Text, "alt+a shows the steps") {
		t.Fatalf("the retry did not close the screen: %v", acts)
	}
	if h, level := s.Header(); h != "auth: authorized: the request went again" || level != render.LevelOK {
		t.Errorf("header %q at %v", h, level)
	}
	failed := step.Event{Step: step.Token, State: step.Failed, Err: errors.New("invalid_grant")}
	acts = feed(s, false, false, step.Event{Step: step.Challenge, State: step.Started}, step.Event{Step: step.Token, State: step.Started}, failed)
	if len(acts) != 1 || acts[0].(screen.Status).Level != render.LevelError {
		t.Fatalf("a failure while closed is not said: %v", acts)
	}
	if v := view(s); !strings.Contains(v, "explained: invalid_grant") || !strings.Contains(v, "flow 2 of 2") {
		t.Errorf("the failed step is not explained:\n%s", v)
	}
}

// TestPasteReachesTheFlow: p opens the field, its placeholder whole;
// enter hands the text to the flow; a bracketed paste opens the field by
// itself.
func TestPasteReachesTheFlow(t *testing.T) {
	t.Parallel()
	s, pasted := fixture(t)
	feed(s, true, false, login()...)
	press(s, "p")
	if v := view(s); !s.Typing() || !strings.Contains(v, "paste: the redirect URL from the browser's address bar, or the code") {
		t.Fatalf("the paste field is not open whole:\n%s", v)
	}
	for _, r := range "c0de" {
		s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	r := press(s, "enter")
	if len(*pasted) != 1 || (*pasted)[0] != "c0de" || s.Typing() || len(r.Actions) != 1 {
		t.Fatalf("enter sent %q, typing %t, actions %v", *pasted, s.Typing(), r.Actions)
	}
	s.Update(tea.PasteMsg{Content: "c0de-2"})
	press(s, "enter")
	if len(*pasted) != 2 || (*pasted)[1] != "c0de-2" {
		t.Errorf("a bracketed paste sent %q", *pasted)
	}
	if r := press(s, "esc"); len(r.Actions) != 2 || r.Actions[0] != (screen.Pop{}) {
		t.Errorf("esc does not close the screen saying the flow goes on: %v", r.Actions)
	}
}

// TestMouse: a click selects the step under it (the steps follow the
// title and the verdict) and stops following the newest; the wheel
// scrolls the selected step's detail.
func TestMouse(t *testing.T) {
	t.Parallel()
	s, _ := fixture(t)
	feed(s, true, false, login()[:5]...)
	if got := s.steps.Selected(); got != 2 {
		t.Fatalf("the newest step is not selected: %d", got)
	}
	s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 3})
	if got := s.steps.Selected(); got != 1 || s.follow {
		t.Fatalf("a click on row 3 selected step %d (following %t), want 1", got, s.follow)
	}
	feed(s, true, false, login()[5])
	if got := s.steps.Selected(); got != 1 {
		t.Fatalf("a new step moved the selection the person chose to %d", got)
	}
	before := view(s)
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if s.detail.Offset() != 3 || view(s) == before {
		t.Errorf("the wheel scrolled the detail to %d", s.detail.Offset())
	}
	press(s, "end")
	if from, to := s.detail.Window(); to != len(render.AuthDetailLines(theme.Plain(), s.shown().Detail, 100)) || from == 0 {
		t.Errorf("end shows lines %d to %d", from, to)
	}
}

// TestNoBridge: without a flow possible the screen says why.
func TestNoBridge(t *testing.T) {
	t.Parallel()
	s := New(Deps{Styles: theme.Plain()})
	if v := strings.Join(s.View(80, 10), "\n"); !strings.Contains(ansi.Strip(v), "No authorization here") {
		t.Errorf("no word on why:\n%s", v)
	}
}

// BenchmarkStepKey is a key that moves between steps and the frame it
// draws, at 120 columns, on a flow whose metadata answer is long.
func BenchmarkStepKey(b *testing.B) {
	s := New(Deps{Styles: theme.New(theme.DefaultPalette(true)), Bridged: true, Paste: func(string) {}})
	s.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	feed(s, true, false, login()...)
	keys := []string{"up", "down"}
	for i := 0; b.Loop(); i++ {
		press(s, keys[i%2])
		s.View(120, 40)
	}
}
