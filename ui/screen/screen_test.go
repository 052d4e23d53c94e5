package screen

import (
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// named is a screen that is only its ID.
type named ID

func (n named) ID() ID                 { return ID(n) }
func (n named) Title() string          { return string(n) }
func (n named) Update(tea.Msg) Result  { return Unhandled() }
func (n named) View(int, int) []string { return nil }
func (n named) Keys() []Group          { return nil }
func (n named) Hints() [][2]string     { return nil }

func ids(s *Stack) []ID {
	var out []ID
	s.Each(func(sc Screen) { out = append(out, sc.ID()) })
	return out
}

func TestStackShowsEachScreenOnce(t *testing.T) {
	t.Parallel()
	var s Stack
	if s.Top() != nil || s.Pop() != nil {
		t.Fatal("an empty stack has a top")
	}
	s.Push(named("log"))
	s.Push(named("roots"))
	s.Push(named("log"))
	if got := ids(&s); len(got) != 2 || got[0] != "roots" || got[1] != "log" {
		t.Fatalf("pushing log again: %v, want it moved to the top", got)
	}
	s.Replace(named("help"))
	if s.Top().ID() != "help" || s.Len() != 2 || s.Find("log") != nil {
		t.Fatalf("replace: %v", ids(&s))
	}
	if !s.Remove("roots") || s.Remove("roots") || s.Len() != 1 {
		t.Fatalf("remove: %v", ids(&s))
	}
	s.Clear()
	if s.Len() != 0 {
		t.Fatal("clear left screens")
	}
}

func TestPressReplaysWhatABindingMatches(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"ctrl+s", "alt+d", "alt+1", "enter", "esc", "space", "pgdown", "shift+tab", "f1",
		"R", "?", ":", "/", "y", "ctrl+p", "alt+enter", "delete", "home"} {
		msg, ok := Press(name)
		if !ok {
			t.Errorf("Press(%q) knows no such key", name)
			continue
		}
		if !key.Matches(msg, key.NewBinding(key.WithKeys(name))) {
			t.Errorf("Press(%q) = %q, which the binding does not match", name, msg.String())
		}
	}
	for _, bad := range []string{"", "ctrl+", "notakey"} {
		if _, ok := Press(bad); ok {
			t.Errorf("Press(%q) made a key", bad)
		}
	}
}

func TestHelpRowsCarryTheKeyToReplay(t *testing.T) {
	t.Parallel()
	groups := []Group{{Title: "a", Bindings: []key.Binding{key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "does x"))}}}
	sections := Help(groups)
	if len(sections) != 1 || sections[0].Rows[0].Press != "x" || sections[0].Rows[0].Desc != "does x" {
		t.Fatalf("Help: %+v", sections)
	}
}
