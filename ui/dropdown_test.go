package ui

import (
	"context"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/theme"
)

// In the workbench at 80×24, in its own colours, an open enum list shows
// every choice, and one low on a long form stays in the visible part of
// the form pane as the cursor moves through it.
func TestDropdownInWorkbench(t *testing.T) {
	t.Parallel()
	cases := []struct {
		tool    string
		keys    []string
		choices []string
	}{
		{"get-structured-content", []string{"enter"}, []string{"New York", "Chicago", "Los Angeles"}},
		{"many-fields", []string{"end", "enter"}, []string{"Mercury", "Venus", "Earth", "Mars", "Jupiter", "Saturn", "Uranus", "Neptune", "Pluto"}},
	}
	for _, tt := range cases {
		t.Run(tt.tool, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, "testdata/dropdown.tools.json")
			connect := func(context.Context, func(client.Event), client.Answerer) (Session, error) { return s, nil }
			h := startHarness(t, connect, Options{Target: "fake", Styles: theme.New(theme.DefaultPalette(true))}, 80, 24)
			h.selectTool(tt.tool)
			h.key(tt.keys...)
			seen := map[string]bool{}
			for range tt.choices {
				v := h.view()
				if !strings.Contains(v, "enter pick") {
					t.Fatalf("the list's hint line is not on screen:\n%s", v)
				}
				for _, c := range tt.choices {
					if strings.Contains(v, c) {
						seen[c] = true
					}
				}
				h.key("down")
			}
			for _, c := range tt.choices {
				if !seen[c] {
					t.Errorf("%q never showed:\n%s", c, h.view())
				}
			}
			if len(tt.choices) <= 8 {
				h.key("home")
				v := h.view()
				for _, c := range tt.choices {
					if !strings.Contains(v, c) {
						t.Errorf("%q is not shown with the others:\n%s", c, v)
					}
				}
			}
		})
	}
}
