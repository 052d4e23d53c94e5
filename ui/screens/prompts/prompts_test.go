package prompts

import (
	"maps"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/form"
)

func TestGetConversation(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	s, d, _ := open(t, sess)
	v := d.View()
	for _, w := range []string{"Prompts 3", "simple-prompt()", "args-prompt(city*, state)", "completable-prompt(department*, name*)"} {
		if !strings.Contains(v, w) {
			t.Fatalf("the list lacks %q:\n%s", w, v)
		}
	}
	d.Key("down", "enter")
	v = d.View()
	for _, w := range []string{"Prompt args-prompt", "city", "Name of the city", "state"} {
		if !strings.Contains(v, w) {
			t.Errorf("the form lacks %q:\n%s", w, v)
		}
	}
	d.Type("Oslo")
	d.Key("ctrl+s")
	v = d.View()
	for _, w := range []string{"What's weather in Oslo?", "[0] user · text", "[1] user · resource_link", "demo://resource/static/logo.png"} {
		if !strings.Contains(v, w) {
			t.Errorf("the conversation lacks %q:\n%s", w, v)
		}
	}
	got, _ := sess.seen()
	if len(got) != 1 || got[0].name != "args-prompt" || !maps.Equal(got[0].args, map[string]string{"city": "Oslo"}) {
		t.Errorf("prompts/get = %+v, want args-prompt with city Oslo alone", got)
	}
	d.Key("esc")
	if !strings.Contains(d.View(), "Prompt args-prompt") || s.mode != modeForm {
		t.Errorf("esc from the conversation is not the form:\n%s", d.View())
	}
}

// TestMissingArgument: a required argument left empty is named, the form
// stays, and the server is not asked.
func TestMissingArgument(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	s, d, _ := open(t, sess)
	d.Key("down", "enter", "ctrl+s")
	v := d.View()
	if !strings.Contains(v, "the argument city is required by args-prompt") || s.mode != modeForm {
		t.Errorf("a missing argument:\n%s", v)
	}
	if got, _ := sess.seen(); len(got) != 0 {
		t.Errorf("the server was asked: %+v", got)
	}
}

func TestGetFails(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	sess.got = nil
	_, d, _ := open(t, sess)
	d.Key("ctrl+s")
	if v := d.View(); !strings.Contains(v, "Getting the prompt failed") || !strings.Contains(v, "unknown prompt") {
		t.Errorf("a failing prompts/get:\n%s", v)
	}
}

func TestListChangedKeepsCursor(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	s, d, _ := open(t, sess)
	d.Key("down", "down") // completable-prompt
	sess.mu.Lock()
	sess.prompts = append([]client.Prompt{{Name: "a-new-one"}}, sess.prompts...)
	sess.mu.Unlock()
	d.Send(client.ListChangedEvent{List: "prompts"})
	if !strings.Contains(d.View(), "Prompts 4") {
		t.Fatalf("not refreshed:\n%s", d.View())
	}
	if p := s.selected(); p == nil || p.Name != "completable-prompt" {
		t.Errorf("the cursor moved to %+v", p)
	}
}

// TestOneMessage: the status counts one message as one ("1 messages"
// before).
func TestOneMessage(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	sess.got = func(string, map[string]string) (*client.PromptResult, error) {
		return &client.PromptResult{Messages: []client.PromptMessage{{Role: "user", Content: client.Content{Type: "text", Text: "hi"}}}}, nil
	}
	_, d, _ := open(t, sess)
	d.Key("enter", "ctrl+s")
	st := strings.Join(d.Statuses(), "\n")
	if !strings.Contains(st, "got the prompt simple-prompt: 1 message") || strings.Contains(st, "1 messages") {
		t.Errorf("the status does not count one message: %q", st)
	}
}

// TestMouseClickAndWheel: a click selects a prompt, a click on the
// selected one opens its form; the wheel moves through the list and
// scrolls a conversation.
func TestMouseClickAndWheel(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	sess.got = func(string, map[string]string) (*client.PromptResult, error) {
		return &client.PromptResult{Messages: []client.PromptMessage{{Role: "user",
			Content: client.Content{Type: "text", Text: strings.Repeat("a line\n", 100) + "the end"}}}}, nil
	}
	s, d, _ := open(t, sess)
	d.Send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if p := s.selected(); p == nil || p.Name != "completable-prompt" {
		t.Errorf("the wheel moved to %+v, want the last prompt", p)
	}
	// Row 0 is the heading; simple-prompt is on row 1.
	d.Send(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 1})
	if p := s.selected(); p == nil || p.Name != "simple-prompt" || s.mode != modeList {
		t.Fatalf("a click selected %+v in mode %d", p, s.mode)
	}
	d.Send(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 1})
	if s.mode != modeForm {
		t.Fatalf("a click on the selected prompt did not open its form:\n%s", d.View())
	}
	d.Key("ctrl+s")
	for range 40 {
		d.Send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	}
	if v := d.View(); !strings.Contains(v, "the end") {
		t.Errorf("the wheel did not scroll the conversation to its end:\n%s", v)
	}
}

// TestCompletionsAskedOnFocus: a field's completions are asked for as
// soon as it is focused (the form opening on it, the cursor moving onto
// it), not only after typing; typing narrows them; the picked one is
// taken into the field, and the next field is asked with it as context.
func TestCompletionsAskedOnFocus(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	sess.canComplete = true
	s, d, tm := open(t, sess)
	d.Key("down", "down", "enter")
	d.PumpUntil("suggestions on focus", func() bool { return strings.Contains(d.View(), "› Engineering · Sales · Marketing · Support") })
	if asked := tm.Asked(); len(asked) == 0 || asked[0] != form.CompleteDelay {
		t.Errorf("the request was not debounced: timers %v", asked)
	}
	d.Type("e")
	d.PumpUntil("narrowed suggestions", func() bool {
		return strings.Contains(d.View(), "› Engineering") &&
			!strings.Contains(d.View(), "Sales")
	})
	d.Key("alt+enter")
	if got := s.form.Values()["department"]; got != "Engineering" {
		t.Errorf("department = %q after taking the suggestion", got)
	}
	d.Key("down")
	d.PumpUntil("suggestions for name on focus", func() bool { return strings.Contains(d.View(), "› Alice · Bob") })
	_, calls := sess.seen()
	last := calls[len(calls)-1]
	if last.arg != "name" || last.value != "" || !maps.Equal(last.filled, map[string]string{"department": "Engineering"}) ||
		last.ref.Prompt != "completable-prompt" {
		t.Errorf("the last completion/complete = %+v", last)
	}
}

// TestCompletionsPickWithKeys: alt+↓ and alt+↑ move the pick, wrapping.
func TestCompletionsPickWithKeys(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	sess.canComplete = true
	_, d, _ := open(t, sess)
	d.Key("down", "down", "enter")
	d.PumpUntil("suggestions", func() bool { return strings.Contains(d.View(), "› Engineering") })
	d.Key("alt+down", "alt+down")
	if !strings.Contains(d.View(), "› Marketing") {
		t.Fatalf("alt+↓ twice:\n%s", d.View())
	}
	d.Key("alt+up", "alt+up", "alt+up")
	if !strings.Contains(d.View(), "› Support") {
		t.Errorf("alt+↑ three times from the third did not wrap to the last:\n%s", d.View())
	}
}

// TestCompletionsNeverAskedWithoutCapability: a server without
// completions is never sent completion/complete, nor is a pause timed.
func TestCompletionsNeverAskedWithoutCapability(t *testing.T) {
	t.Parallel()
	sess := everythingLike()
	_, d, tm := open(t, sess)
	d.Key("down", "down", "enter")
	d.Type("eng")
	d.Key("down", "enter")
	d.Type("al")
	if _, calls := sess.seen(); len(calls) != 0 {
		t.Errorf("completion/complete was asked %d times", len(calls))
	}
	if asked := tm.Asked(); len(asked) != 0 {
		t.Errorf("a completion pause was timed: %v", asked)
	}
	if strings.Contains(d.View(), "suggestions for") {
		t.Errorf("suggestions shown:\n%s", d.View())
	}
}
