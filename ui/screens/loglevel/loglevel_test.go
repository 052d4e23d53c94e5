package loglevel

import (
	"context"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// fakeSession records the levels asked for and answers with err.
type fakeSession struct {
	asked []string
	err   error
}

func (f *fakeSession) SetLogLevel(_ context.Context, level string) error {
	f.asked = append(f.asked, level)
	return f.err
}

func picker(t *testing.T, sess *fakeSession, current string) *Screen {
	t.Helper()
	s := New(Deps{Styles: theme.Plain(), Current: current, Session: func() (Session, int) {
		if sess == nil {
			return nil, 1
		}
		return sess, 1
	}})
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 12})
	return s
}

// run runs a result's command and gives its reply back to the screen.
func run(s *Screen, r screen.Result) screen.Result {
	if r.Cmd == nil {
		return r
	}
	return s.Update(r.Cmd())
}

func status(r screen.Result) (render.Level, string) {
	for _, a := range r.Actions {
		if st, ok := a.(screen.Status); ok {
			return st.Level, st.Text
		}
	}
	return 0, ""
}

func TestOpensOnTheLevelInEffect(t *testing.T) {
	t.Parallel()
	s := picker(t, &fakeSession{}, "warning")
	v := ansi.Strip(strings.Join(s.View(80, 12), "\n"))
	if !strings.Contains(v, "› warning (in effect)") {
		t.Fatalf("the picker does not start on the level in effect:\n%s", v)
	}
}

func TestClickAsksForTheLevelAndTheAnswerSetsIt(t *testing.T) {
	t.Parallel()
	sess := &fakeSession{}
	s := picker(t, sess, "")
	// Row 0 is the heading; debug is row 1.
	r := s.Update(tea.MouseClickMsg{X: 3, Y: 1, Button: tea.MouseLeft})
	if len(r.Actions) == 0 || r.Actions[0] != (screen.Pop{}) || !s.Setting() {
		t.Fatalf("a click on debug did not close the picker and ask: %#v", r.Actions)
	}
	if lvl, text := status(run(s, r)); lvl != render.LevelOK || !strings.Contains(text, "log level debug") {
		t.Fatalf("the answer's status: %v %q", lvl, text)
	}
	if s.Current() != "debug" || len(sess.asked) != 1 || sess.asked[0] != "debug" {
		t.Fatalf("current %q, asked %v", s.Current(), sess.asked)
	}
}

func TestWheelMovesAndEnterPicks(t *testing.T) {
	t.Parallel()
	sess := &fakeSession{err: errors.New("method not found")}
	s := picker(t, sess, "")
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	msg, _ := screen.Press("enter")
	r := s.Update(msg)
	if lvl, text := status(run(s, r)); lvl != render.LevelError || !strings.Contains(text, "method not found") {
		t.Fatalf("a refused level's status: %v %q", lvl, text)
	}
	if len(sess.asked) != 1 || sess.asked[0] != "warning" || s.Current() != "" {
		t.Fatalf("the wheel and enter asked for %v (want warning, three down), current %q", sess.asked, s.Current())
	}
}

func TestNoSessionSaysSo(t *testing.T) {
	t.Parallel()
	s := picker(t, nil, "")
	msg, _ := screen.Press("enter")
	r := s.Update(msg)
	if r.Cmd != nil || len(r.Actions) != 2 {
		t.Fatalf("without a session: %#v", r)
	}
	if _, ok := r.Actions[1].(screen.NotConnected); !ok {
		t.Fatalf("without a session the picker should say so: %#v", r.Actions)
	}
}
