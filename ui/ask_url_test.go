package ui

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/internal/screentest"
)

// fakeBrowser records the URLs it was asked to open.
type fakeBrowser struct {
	mu     sync.Mutex
	opened []string
}

func (b *fakeBrowser) Name() string { return "fake-open" }
func (b *fakeBrowser) Open(u string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.opened = append(b.opened, u)
	return nil
}
func (b *fakeBrowser) urls() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.opened...)
}

// noBrowser stands for a machine without xdg-open or open; Options needs
// a non-nil Browser to keep the real one away, so it refuses instead.
type noBrowser struct{}

func (noBrowser) Name() string        { return "none" }
func (noBrowser) Open(u string) error { return errors.New("no browser") }

func urlAsk(rawURL, id string) client.Ask {
	params, _ := json.Marshal(map[string]any{"mode": "url", "message": "Sign in to the payment provider.", "url": rawURL, "elicitationId": id})
	return client.Ask{Kind: client.AskElicit, Params: params}
}

func browserHarness(t *testing.T, s *fakeSession, b Browser) *harness {
	t.Helper()
	connect := func(context.Context, func(client.Event), client.Answerer) (Session, error) { return s, nil }
	wrapped := func(ctx context.Context, on func(client.Event), a client.Answerer) (Session, error) {
		s.mu.Lock()
		s.answer = a
		s.mu.Unlock()
		return connect(ctx, on, a)
	}
	return startHarness(t, wrapped, Options{Target: "fake", Styles: plainStyles(), Browser: b}, 120, 30)
}

// TestURLElicitOpens: the URL shows in full with its host on a line of its
// own; enter opens it with the browser and accepts; the modal then waits
// until the server's elicitation/complete with that id.
func TestURLElicitOpens(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	b := &fakeBrowser{}
	h := browserHarness(t, s, b)
	const u = "https://pay.example.com/checkout?session=abc"
	hold := make(chan struct{})
	got := h.callAskingHeld(s, hold, urlAsk(u, "el-7"))
	view := h.view()
	for _, want := range []string{"Sign in to the payment provider.", u, "Host pay.example.com", "opens it with fake-open"} {
		if !strings.Contains(view, want) {
			t.Errorf("the modal lacks %q:\n%s", want, view)
		}
	}
	h.key("enter")
	sameJSON(t, (<-got).result, `{"action":"accept"}`)
	h.pumpUntil("the browser opens", func() bool { return len(b.urls()) == 1 })
	if b.urls()[0] != u {
		t.Errorf("opened %q", b.urls())
	}
	if !strings.Contains(h.view(), "waiting for the server") {
		t.Errorf("no wait shown:\n%s", h.view())
	}
	h.update(eventMsg{gen: h.m.conn.gen, event: client.ElicitationCompleteEvent{ElicitationID: "other"}})
	if h.m.asks.waiting == nil {
		t.Fatal("another elicitation's completion ended the wait")
	}
	h.update(eventMsg{gen: h.m.conn.gen, event: client.ElicitationCompleteEvent{ElicitationID: "el-7"}})
	if h.m.asks.waiting != nil || strings.Contains(h.view(), "waiting for the server") {
		t.Errorf("the wait did not end:\n%s", h.view())
	}
	close(hold)
	h.finishCall()
}

// TestURLElicitCopies: without a browser, or for a URL that is not a web
// page, the URL is copied instead of opened; decline and cancel answer as
// they say; the end of the call ends the wait (2026-07-28, where the retry
// is the completion).
func TestURLElicitCopies(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, url, key, want string
		browser              Browser
		copied               bool
	}{
		{"no browser", "https://example.com/x", "enter", `{"action":"accept"}`, noBrowser{}, true},
		{"file URL", "file:///etc/passwd", "enter", `{"action":"accept"}`, &fakeBrowser{}, true},
		{"copy", "https://example.com/x", "c", `{"action":"accept"}`, &fakeBrowser{}, true},
		{"decline", "https://example.com/x", "alt+d", `{"action":"decline"}`, &fakeBrowser{}, false},
		{"cancel", "https://example.com/x", "esc", `{"action":"cancel"}`, &fakeBrowser{}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			if _, ok := c.browser.(noBrowser); ok {
				c.browser = nil
			}
			h := browserHarness(t, s, c.browser)
			if c.browser == nil {
				h.m.browser = nil
			}
			got := h.callAsking(s, urlAsk(c.url, ""))
			_, cmd := h.m.Update(keyMsg(c.key))
			if copied := setsClipboard(cmd, c.url); copied != c.copied {
				t.Errorf("copied %t, want %t", copied, c.copied)
			}
			sameJSON(t, (<-got).result, c.want)
			if b, ok := c.browser.(*fakeBrowser); ok && len(b.urls()) > 0 {
				t.Errorf("opened %q", b.urls())
			}
			h.finishCall()
			if h.m.asks.waiting != nil {
				t.Errorf("the call ended but the wait goes on:\n%s", h.view())
			}
		})
	}
}

// setsClipboard reports whether cmd, run, sets the clipboard to text:
// tea's clipboard message is an unexported string type, so it is told by
// its type's name and its value.
func setsClipboard(cmd tea.Cmd, text string) bool {
	if cmd == nil {
		return false
	}
	msg := cmd()
	if cmds, ok := screentest.Batched(msg); ok {
		for _, c := range cmds {
			if setsClipboard(c, text) {
				return true
			}
		}
		return false
	}
	v := reflect.ValueOf(msg)
	return v.IsValid() && v.Type().Name() == "setClipboardMsg" && v.String() == text
}

// TestRootsScreen: roots are answered from the list without a modal; the
// screen adds an existing directory, refuses a missing one with a clear
// error, removes one, and tells the server after each change.
func TestRootsScreen(t *testing.T) {
	t.Parallel()
	start, extra := t.TempDir(), t.TempDir()
	s := newFakeSession(t, fixtureTools)
	connect := func(_ context.Context, _ func(client.Event), a client.Answerer) (Session, error) {
		s.mu.Lock()
		s.answer = a
		s.mu.Unlock()
		return s, nil
	}
	h := startHarness(t, connect, Options{Target: "fake", Styles: plainStyles(), Roots: []string{start}}, 120, 30)
	roots := func() string {
		r, err := s.answerer()(context.Background(), client.Ask{Kind: client.AskRoots})
		if err != nil {
			t.Fatal(err)
		}
		return string(r)
	}
	sameJSON(t, json.RawMessage(roots()), `{"roots":[{"uri":"`+fileURI(start)+`","name":"`+filepath.Base(start)+`"}]}`)
	h.key("alt+o")
	if !strings.Contains(h.view(), start) {
		t.Fatalf("the roots screen lacks %s:\n%s", start, h.view())
	}
	missing := filepath.Join(extra, "nope")
	h.key("a")
	// The screen, made when first opened, knows the body's width: the
	// placeholder shows whole, not as one letter that reads as typed.
	if v := h.view(); !strings.Contains(v, "add: a directory (absolute, or relative to where toolbench started)") {
		t.Errorf("the placeholder is cut:\n%s", v)
	}
	h.typeText(missing)
	h.key("enter")
	if v := h.view(); !strings.Contains(v, "cannot add the root "+missing+": no such directory") {
		t.Errorf("no clear error for a missing directory:\n%s", v)
	}
	file := filepath.Join(extra, "f")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for range missing {
		h.key("backspace")
	}
	h.typeText(file)
	h.key("enter")
	if v := h.view(); !strings.Contains(v, file+": not a directory") {
		t.Errorf("no clear error for a file:\n%s", v)
	}
	for range file {
		h.key("backspace")
	}
	h.typeText(extra)
	h.key("enter")
	if !strings.Contains(roots(), fileURI(extra)) || s.rootsChangedCount() != 1 {
		t.Errorf("after adding: roots %s, %d notifications", roots(), s.rootsChangedCount())
	}
	h.key("up", "d")
	if r := roots(); strings.Contains(r, fileURI(start)) || !strings.Contains(r, fileURI(extra)) || s.rootsChangedCount() != 2 {
		t.Errorf("after removing the first: roots %s, %d notifications", r, s.rootsChangedCount())
	}
	h.key("esc")
	if strings.Contains(h.view(), "Roots:") {
		t.Errorf("the roots screen did not close:\n%s", h.view())
	}
}

// TestLogLevelPicker: the picker sets the level through the session.
func TestLogLevelPicker(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	h := newHarness(t, s)
	h.key("alt+v", "down", "down", "enter")
	if got := s.levelsSet(); len(got) != 1 || got[0] != "notice" {
		t.Fatalf("levels set: %q", got)
	}
	h.key("alt+v")
	if v := h.view(); !strings.Contains(v, "notice (in effect)") {
		t.Errorf("the picker does not show the level in effect:\n%s", v)
	}
}

// TestExcludedToolIsNotCalled: a tool the client must not call is marked
// in the list, and calling it shows why instead of calling.
func TestExcludedToolIsNotCalled(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	for i := range s.tools {
		if s.tools[i].Name == "no_params" {
			s.tools[i].Excluded = "its x-mcp-header annotation names an invalid header"
		}
	}
	h := newHarness(t, s)
	h.selectTool("no_params")
	h.key("ctrl+s")
	if calls := s.callLog(); len(calls) != 0 {
		t.Errorf("the excluded tool was called: %q", calls)
	}
	v := h.view()
	for _, want := range []string{"no_params       ✗ ", "no_params is not called: its x-mcp-header annotation names an invalid header"} {
		if !strings.Contains(v, want) {
			t.Errorf("the screen lacks %q:\n%s", want, v)
		}
	}
}

// TestHeaderShowsEra: the header names the protocol version and its era.
func TestHeaderShowsEra(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	s.info.ProtocolVersion, s.info.Era = "2026-07-28", "modern"
	h := newHarness(t, s)
	if head := strings.SplitN(h.view(), "\n", 2)[0]; !strings.Contains(head, "2026-07-28 (modern)") {
		t.Errorf("header %q lacks the era", head)
	}
}

// TestLogSaysHowTheEraWasDecided: what the CLI prints with -v, the
// workbench puts in its log.
func TestLogSaysHowTheEraWasDecided(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	s.info.ProtocolVersion, s.info.Era = "2025-11-25", "legacy"
	s.info.Decided = "no answer to server/discover within 1.5s; initialize sent"
	h := newHarness(t, s)
	want := "protocol 2025-11-25 (legacy era): no answer to server/discover within 1.5s; initialize sent"
	if !logHas(h, want) {
		t.Errorf("the log lacks %q", want)
	}
}

// logHas reports whether an entry of the workbench's log reads text.
func logHas(h *harness, text string) bool {
	for _, e := range h.m.log.Entries() {
		if strings.Contains(e.Text, text) {
			return true
		}
	}
	return false
}

// fileURI is the URI the roots screen offers dir as.
func fileURI(dir string) string { return answer.RootsOf([]string{dir})[0].URI }

// TestLogLevelFromFlag: the level --log-level asked for is the one the
// picker shows in effect.
func TestLogLevelFromFlag(t *testing.T) {
	t.Parallel()
	s := newFakeSession(t, fixtureTools)
	connect := func(context.Context, func(client.Event), client.Answerer) (Session, error) { return s, nil }
	h := startHarness(t, connect, Options{Target: "fake", Styles: plainStyles(), LogLevel: "warning"}, 120, 30)
	h.key("alt+v")
	if v := h.view(); !strings.Contains(v, "warning (in effect)") {
		t.Errorf("the picker does not show --log-level's level in effect:\n%s", v)
	}
}
