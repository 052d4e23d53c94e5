package changes

import (
	"encoding/json"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/snapshot"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// report is a breaking change and a changed description on each of n
// tools.
func report(n int) *snapshot.Report {
	r := &snapshot.Report{}
	for range n {
		r.Breaking++
		r.NonBreaking++
		r.Groups = append(r.Groups, snapshot.Group{Kind: snapshot.KindTool, Name: "weather_ok", Changes: []snapshot.Change{
			{Severity: snapshot.Breaking, Rule: "required-added", Pointer: "/inputSchema/required/2",
				New: json.RawMessage(`"country"`), Summary: "country is now required"},
			{Severity: snapshot.NonBreaking, Rule: "description-changed", Pointer: "/description",
				Text: []snapshot.Edit{{Op: "+", Text: "Current"}, {Op: "=", Text: " "}, {Op: "-", Text: "Weather"},
					{Op: "+", Text: "weather"}, {Op: "=", Text: " for a city."}}},
		}})
	}
	return r
}

func view(s *Screen) string { return ansi.Strip(strings.Join(s.View(s.width, s.height), "\n")) }

func TestShowsTheReport(t *testing.T) {
	t.Parallel()
	s := New(theme.Plain())
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 20})
	if v := view(s); !strings.Contains(v, "nothing changed in the server's tools since the last connect") {
		t.Errorf("without a report nothing changed:\n%s", v)
	}
	s.SetReport(report(1))
	v := view(s)
	for _, want := range []string{"Changes since last time 1 breaking · 1 other", "tool weather_ok",
		"breaking required-added /inputSchema/required/2", "country is now required", `— → "country"`,
		"{+Current+} [-Weather-]{+weather+} for a city."} {
		if !strings.Contains(v, want) {
			t.Errorf("the screen lacks %q:\n%s", want, v)
		}
	}
}

// TestKeysAndWheelScroll: the navigation keys and the wheel scroll the
// report the same way; a click is taken and moves nothing; esc closes.
func TestKeysAndWheelScroll(t *testing.T) {
	t.Parallel()
	s := New(theme.Plain())
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 10})
	s.SetReport(report(10))
	s.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if s.view.Offset() != 3 {
		t.Errorf("the wheel scrolled to %d, want 3", s.view.Offset())
	}
	if r := s.Update(tea.MouseClickMsg{Button: tea.MouseLeft, Y: 2}); !r.Handled || s.view.Offset() != 3 {
		t.Errorf("a click: handled %t, offset %d", r.Handled, s.view.Offset())
	}
	s.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
	if from, to := s.view.Window(); to != len(s.lines) || to-from != 10 {
		t.Errorf("end shows rows %d–%d of %d", from, to, len(s.lines))
	}
	if r := s.Update(tea.KeyPressMsg{Code: tea.KeyEscape}); len(r.Actions) != 1 || r.Actions[0] != (screen.Pop{}) {
		t.Errorf("esc asked %#v", r.Actions)
	}
	if r := s.Update(tea.KeyPressMsg{Code: 'x', Text: "x"}); r.Handled {
		t.Error("x is not the screen's: it goes on to the keys that work everywhere")
	}
	s.SetReport(report(2))
	if s.view.Offset() != 0 {
		t.Errorf("a new report shows from the top, not at %d", s.view.Offset())
	}
}
