package presets

import (
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// fakeStore keeps presets by tool, sorted by name as the memory does.
type fakeStore struct {
	mu      sync.Mutex
	presets map[string][]history.Preset
}

func (f *fakeStore) Presets(tool string) ([]history.Preset, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.presets[tool]), nil
}

func (f *fakeStore) SavePreset(tool, name string, args json.RawMessage) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	ps := slices.DeleteFunc(f.presets[tool], func(p history.Preset) bool { return p.Name == name })
	ps = append(ps, history.Preset{Name: name, Tool: tool, Arguments: args})
	slices.SortFunc(ps, func(a, b history.Preset) int { return strings.Compare(a.Name, b.Name) })
	f.presets[tool] = ps
	return nil
}

func (f *fakeStore) DeletePreset(tool, name string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.presets[tool] = slices.DeleteFunc(f.presets[tool], func(p history.Preset) bool { return p.Name == name })
	return nil
}

func newScreen(store *fakeStore) *Screen {
	s := New(Deps{Styles: theme.Plain(), Store: func() Store { return store }, SaveKey: "alt+s"})
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 20})
	return s
}

// run runs cmd as the program would and hands the screen its message,
// returning what the screen made of it.
func run(s *Screen, cmd tea.Cmd) screen.Result {
	if cmd == nil {
		return screen.Result{}
	}
	return s.Update(cmd())
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

func view(s *Screen) string { return ansi.Strip(strings.Join(s.View(s.width, s.height), "\n")) }

func oslo() json.RawMessage { return json.RawMessage(`{"city":"Oslo"}`) }

func TestSaveOffersTheLastName(t *testing.T) {
	t.Parallel()
	store := &fakeStore{presets: map[string][]history.Preset{}}
	s := newScreen(store)
	s.Save("weather_ok", oslo())
	if !s.Typing() || !strings.Contains(view(s), "Save the arguments of weather_ok as a preset") {
		t.Fatalf("Save should ask the name:\n%s", view(s))
	}
	if v := view(s); !strings.Contains(v, "name: what these arguments are for") {
		t.Errorf("the name's placeholder should show whole:\n%s", v)
	}
	press(s, "enter")
	if !strings.Contains(view(s), "type a name for the preset, or esc") {
		t.Errorf("an empty name is refused in the modal:\n%s", view(s))
	}
	for _, r := range "oslo" {
		s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	r := run(s, press(s, "enter").Cmd)
	if len(r.Actions) != 2 || r.Actions[0] != (screen.Pop{}) || s.Busy() {
		t.Fatalf("a save closes the modal and says so: %#v", r.Actions)
	}
	if ps := store.presets["weather_ok"]; len(ps) != 1 || ps[0].Name != "oslo" {
		t.Errorf("presets = %+v", ps)
	}
	s.Save("weather_ok", oslo())
	if !strings.Contains(view(s), "name: oslo") {
		t.Errorf("the last name should be offered:\n%s", view(s))
	}
	if r := press(s, "esc"); len(r.Actions) != 1 || r.Actions[0] != (screen.Pop{}) {
		t.Errorf("esc closes: %#v", r.Actions)
	}
}

// TestPickLoadsAndDeletes: enter asks the root to load the preset into
// the form; d asks first, n keeps, y deletes and lists again.
func TestPickLoadsAndDeletes(t *testing.T) {
	t.Parallel()
	store := &fakeStore{presets: map[string][]history.Preset{"weather_ok": {
		{Name: "bergen", Arguments: json.RawMessage(`{"city":"Bergen"}`)}, {Name: "oslo", Arguments: oslo()}}}}
	s := newScreen(store)
	run(s, s.Browse("weather_ok"))
	r := press(s, "down", "enter")
	if la, ok := r.Actions[0].(screen.LoadArgs); !ok || la.Tool != "weather_ok" || string(la.Args) != string(oslo()) || la.What != "preset oslo" {
		t.Errorf("enter asked %#v", r.Actions)
	}
	press(s, "d")
	if !strings.Contains(view(s), "delete preset oslo? y deletes it") {
		t.Errorf("d asks first:\n%s", view(s))
	}
	press(s, "n")
	if r := press(s, "d", "y"); r.Cmd == nil {
		t.Fatal("y deletes")
	} else if rr := run(s, r.Cmd); rr.Cmd == nil {
		t.Fatal("a deletion lists the presets again")
	} else {
		run(s, rr.Cmd)
	}
	if v := view(s); strings.Contains(v, "oslo") || !strings.Contains(v, "bergen") || s.Busy() {
		t.Errorf("the picker should list bergen alone:\n%s", v)
	}
}

// TestMouseClickAndWheel: a click selects a preset, a click on the
// selected one loads it; the wheel moves through the list.
func TestMouseClickAndWheel(t *testing.T) {
	t.Parallel()
	store := &fakeStore{presets: map[string][]history.Preset{}}
	for _, n := range []string{"a", "b", "c", "d", "e", "f"} {
		store.presets["echo"] = append(store.presets["echo"], history.Preset{Name: n, Arguments: json.RawMessage(`{"message":"` + n + `"}`)})
	}
	s := newScreen(store)
	run(s, s.Browse("echo"))
	// Row 0 is the heading; the presets start on row 1.
	if r := s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 2}); len(r.Actions) != 0 || s.list.Selected() != 1 {
		t.Fatalf("a click on b selected %d, asked %#v", s.list.Selected(), r.Actions)
	}
	r := s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 2})
	if la, ok := firstLoad(r); !ok || la.What != "preset b" {
		t.Errorf("a click on the selected preset should load it: %#v", r.Actions)
	}
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if got := s.list.Selected(); got != 4 {
		t.Errorf("the wheel moved to %d, want 4", got)
	}
}

func firstLoad(r screen.Result) (screen.LoadArgs, bool) {
	if len(r.Actions) == 0 {
		return screen.LoadArgs{}, false
	}
	la, ok := r.Actions[0].(screen.LoadArgs)
	return la, ok
}

// TestFilterIsTheListsFilter: / filters the presets by name, fuzzy, as
// every list does.
func TestFilterIsTheListsFilter(t *testing.T) {
	t.Parallel()
	store := &fakeStore{presets: map[string][]history.Preset{"echo": {{Name: "greeting"}, {Name: "long-message"}, {Name: "empty"}}}}
	s := newScreen(store)
	run(s, s.Browse("echo"))
	press(s, "/")
	for _, r := range "lmsg" {
		s.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	press(s, "enter")
	if r := press(s, "enter"); !hasLoad(r, "preset long-message") {
		t.Errorf("the filter should leave long-message selected: %#v\n%s", r.Actions, view(s))
	}
}

func hasLoad(r screen.Result, what string) bool {
	la, ok := firstLoad(r)
	return ok && la.What == what
}
