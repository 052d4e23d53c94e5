package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/theme"
)

// rowTabs is the header's screen row as the workbench gives it.
func rowTabs(active int) []ScreenTab {
	tabs := []ScreenTab{{Title: "Tools"}, {Key: "E", Title: "Resources"}, {Key: "P", Title: "Prompts"},
		{Key: "T", Title: "Tasks"}, {Key: "L", Title: "Log"}, {Key: "H", Title: "History"}, {Key: ":", Title: "more"}}
	tabs[active].Active = true
	return tabs
}

func TestLayHeader(t *testing.T) {
	t.Parallel()
	st := theme.New(theme.DefaultPalette(true))
	demo := Connection{Server: "toolbench-demo", Version: "1.0.0", Transport: "stdio", Protocol: "2026-07-28",
		Era: "modern", Phase: "ready"}
	long := demo
	long.Server = "io.github.example/an-mcp-server-with-a-very-long-name"
	cases := []struct {
		name   string
		c      Connection
		active int
		width  int
		has    []string
		hasnt  []string
	}{
		{"wide: whole header and every tab", demo, 0, 200,
			[]string{"toolbench · toolbench-demo 1.0.0", "2026-07-28 (modern)", "H History", ": more"}, nil},
		{"120: whole header beside enough tabs", demo, 0, 120,
			[]string{"toolbench · toolbench-demo 1.0.0 · stdio · 2026-07-28 (modern) · ● ready", "E Resources", ": more"}, nil},
		{"100: brief header, for more tabs than beside the whole one", demo, 0, 100,
			[]string{"toolbench-demo 1.0.0 · stdio · modern · ● ready", "E Resources", "T Tasks", ": more"},
			[]string{"2026-07-28", "toolbench ·"}},
		{"80: brief header beside the core and a screen", demo, 0, 80,
			[]string{"● ready", "Tools", "E Resources", ": more"}, nil},
		{"80, long name: the name is cut for the core", long, 4, 80,
			[]string{"● ready", "Tools", "L Log", ": more"}, nil},
		{"40: the header alone", demo, 0, 40, []string{"● ready"}, []string{": more"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			lay := LayHeader(st, tc.c, rowTabs(tc.active), tc.width)
			line := ansi.Strip(lay.Line)
			if w := ansi.StringWidth(line); w > tc.width {
				t.Fatalf("line is %d cells in %d: %q", w, tc.width, line)
			}
			for _, s := range tc.has {
				if !strings.Contains(line, s) {
					t.Errorf("line %q lacks %q", line, s)
				}
			}
			for _, s := range tc.hasnt {
				if strings.Contains(line, s) {
					t.Errorf("line %q has %q", line, s)
				}
			}
			// Each span covers its tab's text where the line draws it, so
			// a click lands on the tab it is drawn over.
			tabs := rowTabs(tc.active)
			for _, sp := range lay.Spans {
				got := ansi.Cut(line, lay.RowStart+sp.From, lay.RowStart+sp.To+1)
				if want := tabText(tabs[sp.Index]); got != want {
					t.Errorf("span %d draws %q, want %q", sp.Index, got, want)
				}
			}
		})
	}
}
