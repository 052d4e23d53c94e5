package ask

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// fakeBrowser opens nothing; it fails when told to.
type fakeBrowser struct {
	opened []string
	err    error
}

func (b *fakeBrowser) Name() string { return "fake-open" }
func (b *fakeBrowser) Open(u string) error {
	b.opened = append(b.opened, u)
	return b.err
}

func newScreen(t *testing.T, kind client.AskKind, params string, b Browser) *Screen {
	t.Helper()
	d := Deps{Styles: theme.Plain(), Keys: NewKeys(), Head: render.AskHead{What: "question", Server: "srv", Tool: "t"}}
	if b != nil {
		d.Browser = b
	}
	s, err := New(d, client.Ask{Kind: kind, Params: json.RawMessage(params)})
	if err != nil {
		t.Fatal(err)
	}
	if r := s.Update(tea.WindowSizeMsg{Width: 100, Height: 30}); !r.Handled {
		t.Fatal("the body's size is not taken")
	}
	return s
}

func press(t *testing.T, s *Screen, names ...string) screen.Result {
	t.Helper()
	var r screen.Result
	for _, name := range names {
		k, ok := screen.Press(name)
		if !ok {
			t.Fatalf("no key %q", name)
		}
		r = s.Update(k)
	}
	return r
}

// answerOf is the Answer among r's actions, or nil.
func answerOf(r screen.Result) *screen.Answer {
	for _, a := range r.Actions {
		if a, ok := a.(screen.Answer); ok {
			return &a
		}
	}
	return nil
}

func text(s *Screen) string { return ansi.Strip(strings.Join(s.View(100, 30), "\n")) }

const formParams = `{"message":"Who are you?","requestedSchema":{"type":"object","properties":{"name":{"type":"string","default":"ada"}}}}`

// TestElicitAnswers: the form's decline and its cancel (esc at the top,
// then y to the question it asks) are answers, and ctrl+x asks the root to
// cancel the call rather than answering.
func TestElicitAnswers(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ key, want string }{{"alt+d", `{"action":"decline"}`}, {"esc y", `{"action":"cancel"}`}} {
		s := newScreen(t, client.AskElicit, formParams, nil)
		if !strings.Contains(text(s), "Who are you?") || !s.Typing() || s.Answers() != 2 {
			t.Fatalf("the form: typing %v, answers %d, view\n%s", s.Typing(), s.Answers(), text(s))
		}
		a := answerOf(press(t, s, strings.Fields(c.key)...))
		if a == nil || string(a.Result) != c.want || a.Err != nil {
			t.Errorf("%s: answer %+v, want %s", c.key, a, c.want)
		}
	}
	s := newScreen(t, client.AskElicit, formParams, nil)
	r := press(t, s, "ctrl+x")
	if len(r.Actions) != 1 || r.Actions[0] != (screen.CancelCall{}) {
		t.Errorf("ctrl+x: %+v, want one CancelCall", r.Actions)
	}
	if got := s.Keys()[0].Title; got != GroupTitle || len(s.Keys()) < 2 {
		t.Errorf("keys: first group %q of %d, want the questions' then the form's", got, len(s.Keys()))
	}
}

// TestQuestionIgnoresMouse: a click or a wheel over a question answers
// nothing and changes nothing; a stray click must not answer the server.
func TestQuestionIgnoresMouse(t *testing.T) {
	t.Parallel()
	s := newScreen(t, client.AskSample, `{"messages":[{"role":"user","content":{"type":"text","text":"hello"}}],"maxTokens":5}`, nil)
	before := text(s)
	for _, msg := range []tea.Msg{tea.MouseClickMsg{X: 3, Y: 2, Button: tea.MouseLeft}, tea.MouseWheelMsg{X: 3, Y: 4, Button: tea.MouseWheelDown}} {
		if r := s.Update(msg); r.Handled || len(r.Actions) > 0 {
			t.Errorf("%T: %+v, want unhandled", msg, r)
		}
	}
	if after := text(s); after != before {
		t.Errorf("the mouse changed the view:\n%s\nwas\n%s", after, before)
	}
}

// TestSamplingReject: esc and alt+d refuse with ErrRejected, which the
// saved test records as "reject".
func TestSamplingReject(t *testing.T) {
	t.Parallel()
	for _, k := range []string{"esc", "alt+d"} {
		s := newScreen(t, client.AskSample, `{"messages":[],"maxTokens":5}`, nil)
		if a := answerOf(press(t, s, k)); a == nil || !errors.Is(a.Err, ErrRejected) {
			t.Errorf("%s: %+v, want ErrRejected", k, a)
		}
	}
}

// TestURLOpenAccepts: opening accepts and starts the wait; a browser that
// fails says so on the status line once the opener ran.
func TestURLOpenAccepts(t *testing.T) {
	t.Parallel()
	b := &fakeBrowser{err: errors.New("no display")}
	s := newScreen(t, client.AskElicit, `{"mode":"url","url":"https://example.com/x","elicitationId":"el-1","message":"Pay"}`, b)
	if s.Typing() || s.Answers() != 3 {
		t.Fatalf("typing %v, answers %d; want keys only, three answers", s.Typing(), s.Answers())
	}
	r := press(t, s, "enter")
	a := answerOf(r)
	if a == nil || string(a.Result) != `{"action":"accept"}` || a.Wait == nil || a.Wait.ID != "el-1" || a.Wait.URL != "https://example.com/x" {
		t.Fatalf("enter: %+v, want an accept with a wait for el-1", a)
	}
	batch, _ := r.Cmd().(screen.Batch)
	if len(b.opened) != 1 || len(batch) != 1 {
		t.Fatalf("opened %v, reply %v", b.opened, batch)
	}
	if st, ok := batch[0].(screen.Status); !ok || st.Level != render.LevelError || !strings.Contains(st.Text, "no display") {
		t.Errorf("reply %+v, want the browser's error", batch[0])
	}
}

// TestSamplingBrokenToolSchema: a tool offered with an inputSchema that is
// not JSON, or that refers outside itself, still lets the person answer:
// the reply form compiles, with that tool's input as any JSON.
func TestSamplingBrokenToolSchema(t *testing.T) {
	t.Parallel()
	for _, schema := range []string{`{"type":"object","properties":`, `{"$ref":"#/$defs/x"}`} {
		t.Run(schema, func(t *testing.T) {
			t.Parallel()
			if _, err := schemaform.Compile(replySchema([]string{"t"}, []json.RawMessage{json.RawMessage(schema)})); err != nil {
				t.Errorf("the reply form does not compile: %v", err)
			}
		})
	}
}
