package savetest

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/collection"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// fakeStore keeps the tests saved; fail fails the next save.
type fakeStore struct {
	mu    sync.Mutex
	saved []collection.Test
	snaps [][]byte
	fail  error
}

func (f *fakeStore) SaveTest(_ string, t collection.Test, snap []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fail != nil {
		return f.fail
	}
	f.saved, f.snaps = append(f.saved, t), append(f.snaps, snap)
	return nil
}

func (f *fakeStore) DefaultCollection() string { return "toolbench.tests.json" }

const weather = `{"content":[{"type":"text","text":"sunny"}],"structuredContent":{"city":"Oslo","temperature":21,"a/b":1}}`

func opened(t *testing.T, store *fakeStore) *Screen {
	t.Helper()
	res, err := client.ParseCallResult(json.RawMessage(weather))
	if err != nil {
		t.Fatal(err)
	}
	s := New(theme.Plain(), func() Store { return store })
	s.Update(tea.WindowSizeMsg{Width: 100, Height: 24})
	s.Open(Call{Tool: "weather_ok", Args: json.RawMessage(`{"city":"Oslo"}`), Result: res,
		Verdict: check.OutputVerdict{Checked: true, Valid: true}, Elicit: json.RawMessage(`"decline"`)})
	return s
}

func press(s *Screen, keys ...string) screen.Result {
	var r screen.Result
	for _, k := range keys {
		p, ok := screen.Press(k)
		if !ok {
			panic(k)
		}
		r = s.Update(p)
	}
	return r
}

func view(s *Screen) string { return ansi.Strip(strings.Join(s.View(100, 24), "\n")) }

func TestOffersTheChecksAndSaves(t *testing.T) {
	t.Parallel()
	store := &fakeStore{}
	s := opened(t, store)
	v := view(s)
	for _, want := range []string{"Save the call of weather_ok as a test", "name:       weather_ok-1", "collection: toolbench.tests.json",
		"[x] isError = false", "[x] outputValid = true", `[ ] /structuredContent/temperature = 21`, `[ ] /structuredContent/a~1b = 1`,
		`answers elicit as you did: "decline"`} {
		if !strings.Contains(v, want) {
			t.Errorf("the modal lacks %q:\n%s", want, v)
		}
	}
	// Leave out the snapshot, keep the temperature's match.
	press(s, "tab", "tab", "tab", "tab", "space", "down", "down", "space")
	r := press(s, "enter")
	if r.Cmd == nil || !s.Busy() {
		t.Fatal("enter should save in a command")
	}
	r = s.Update(r.Cmd())
	if len(store.saved) != 1 || len(r.Actions) != 2 || r.Actions[0] != (screen.Pop{}) {
		t.Fatalf("saved %d, asked %#v", len(store.saved), r.Actions)
	}
	e := store.saved[0].Expect
	if e.Snapshot || store.snaps[0] != nil || len(e.Match) != 1 || e.Match[0].Pointer != "/structuredContent/temperature" ||
		string(store.saved[0].Elicit) != `"decline"` {
		t.Errorf("saved %+v", store.saved[0])
	}
	s.Open(s.call)
	if !strings.Contains(view(s), "name:       weather_ok-2") {
		t.Errorf("the next test of the tool is numbered on:\n%s", view(s))
	}
}

func TestRefusedSaveStays(t *testing.T) {
	t.Parallel()
	store := &fakeStore{fail: errors.New("a test named weather_ok-1 is already there")}
	s := opened(t, store)
	r := s.Update(press(s, "enter").Cmd())
	if len(r.Actions) != 0 || !strings.Contains(view(s), "not saved: a test named weather_ok-1 is already there") {
		t.Errorf("a refused save is shown in the modal, which stays: %#v\n%s", r.Actions, view(s))
	}
	for range len("weather_ok-1") {
		press(s, "backspace")
	}
	press(s, "enter")
	if !strings.Contains(view(s), "the test needs a name") {
		t.Errorf("an empty name is refused:\n%s", view(s))
	}
}

// TestMouseClickAndWheel: a click focuses the field or check under it, a
// second click on a check ticks it; the wheel moves the focus.
func TestMouseClickAndWheel(t *testing.T) {
	t.Parallel()
	s := opened(t, &fakeStore{})
	s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 3})
	if s.focus != 1 || !s.path.Focused() {
		t.Fatalf("a click on the path focused %d", s.focus)
	}
	row := firstCheckRow + 3 // the city's match
	s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: row})
	if s.focus != 5 || s.checks[3].on {
		t.Fatalf("a click on a check focuses it first: focus %d, on %t", s.focus, s.checks[3].on)
	}
	s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: row})
	if !s.checks[3].on {
		t.Error("a second click ticks the check")
	}
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if s.focus != 4 {
		t.Errorf("the wheel moved the focus to %d, want 4", s.focus)
	}
}
