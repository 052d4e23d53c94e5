package hosts

import (
	"fmt"
	"os"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/internal/screentest"
	"github.com/toolbench/toolbench/ui/screen"
	"github.com/toolbench/toolbench/ui/theme"
)

// fixtureTools are tools that make several verdicts appear: one that
// works everywhere, one whose inputSchema root is not an object, one
// with a long dotted name.
const fixtureTools = "../../testdata/hosts.tools.json"

// judged is the fixture judged as the server "planted", named by the
// server itself.
func judged(t testing.TB) *host.Report {
	t.Helper()
	data, err := os.ReadFile(fixtureTools)
	if err != nil {
		t.Fatal(err)
	}
	tools, err := tool.ParseList(data)
	if err != nil {
		t.Fatal(err)
	}
	return host.Judge(tools, host.Options{Server: "planted", ServerFrom: host.FromServer})
}

// newDriver shows the judged fixture at width×height.
func newDriver(t *testing.T, width, height int) (*screentest.Driver, *Screen, *host.Report) {
	t.Helper()
	r := judged(t)
	s := New(Deps{Styles: theme.Plain()})
	d := screentest.New(t, s, func() string { return "" }, width, height)
	d.Send(Judged{Report: r})
	return d, s, r
}

// selectedRow is the matrix row with the cursor's mark.
func selectedRow(view string) string {
	for _, l := range strings.Split(view, "\n") {
		if strings.HasPrefix(l, "› ") {
			return l
		}
	}
	return ""
}

func TestMatrixServerRowFirstAndEveryHostFitsAt80(t *testing.T) {
	t.Parallel()
	d, _, r := newDriver(t, 80, 30)
	lines := strings.Split(d.View(), "\n")
	head := lines[1]
	for _, id := range r.Hosts {
		h, _ := host.Lookup(id)
		if !strings.Contains(head, " "+h.Short) {
			t.Errorf("the column heads lack %s at 80 columns: %q", h.Short, head)
		}
	}
	if !strings.HasPrefix(lines[2], "› (server)") {
		t.Errorf("the first row is not the server's, selected: %q", lines[2])
	}
	for i, l := range lines {
		if w := len([]rune(l)); w > 80 {
			t.Errorf("row %d is %d cells wide: %q", i, w, l)
		}
	}
}

func TestCursorMovesOverRowsAndHosts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		keys    []string
		row     string
		heading string
		finding string
	}{
		{"server row, first host", nil, "(server)", "Claude Code · the server: rejected", "whole server"},
		{"a tool that works", []string{"down"}, "lookup_order", "Claude Code · lookup_order: works",
			"no sourced rule of Claude Code applies here"},
		{"a tool down, Claude Code", []string{"down", "down"}, "pick_shape", "Claude Code · pick_shape: hidden",
			"schema.input.root-not-object"},
		{"the same tool, next host", []string{"down", "down", "right"}, "pick_shape",
			"Claude Desktop / claude.ai · pick_shape: rejected", "400 \"tools.N.custom.input_schema.type: Field required\""},
		{"left stops at the first host", []string{"down", "left", "left"}, "lookup_order",
			"Claude Code · lookup_order: works", "name for its model: mcp__planted__lookup_order"},
		{"end goes to the last host of the last tool", []string{"G", "l", "l", "l", "l", "l", "l", "l", "l", "l", "l",
			"l", "l", "l", "l", "l"}, "archive.search_orders", "Continue · archive.search_orders_by_customer_and_date_range",
			"name for its model: planted_archive.search"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, _, _ := newDriver(t, 120, 40)
			d.Key(tt.keys...)
			v := d.View()
			if row := selectedRow(v); !strings.Contains(row, tt.row) {
				t.Errorf("selected row %q, want %s:\n%s", row, tt.row, v)
			}
			if !strings.Contains(v, tt.heading) {
				t.Errorf("the findings lack %q:\n%s", tt.heading, v)
			}
			if !strings.Contains(v, tt.finding) {
				t.Errorf("the findings lack %q:\n%s", tt.finding, v)
			}
		})
	}
}

func TestFindingShowsItsSourceAndDate(t *testing.T) {
	t.Parallel()
	d, _, r := newDriver(t, 120, 40)
	d.Key("down", "down")
	c := r.Cell("pick_shape", host.ClaudeCode)
	if c == nil || len(c.Findings) == 0 || len(c.Findings[0].Sources) == 0 {
		t.Fatalf("the fixture's pick_shape has no sourced Claude Code finding: %+v", c)
	}
	src := c.Findings[0].Sources[0]
	v := d.View()
	if want := src.Ref + " (" + src.Date; !strings.Contains(strings.Join(strings.Fields(v), " "), want) {
		t.Errorf("the finding does not show its source %q:\n%s", want, v)
	}
}

func TestEnterOpensTheToolsHostsTab(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		keys []string
		want screen.Action
	}{
		{"a tool's cell", []string{"down", "down", "right", "right", "enter"},
			screen.ToolHosts{Tool: "pick_shape", Host: string(host.ChatGPT)}},
		{"the server's row", []string{"enter"}, screen.Status{Level: 0,
			Text: "the server's row belongs to no tool: its findings are under the matrix"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d, _, _ := newDriver(t, 120, 40)
			d.Key(tt.keys...)
			if len(d.Actions) != 1 {
				t.Fatalf("actions %#v, want one", d.Actions)
			}
			got := d.Actions[0]
			if st, ok := got.(screen.Status); ok {
				st.Level = 0
				got = st
			}
			if got != tt.want {
				t.Errorf("action %#v, want %#v", got, tt.want)
			}
		})
	}
}

func TestClickSelectsACellAndASecondOpensIt(t *testing.T) {
	t.Parallel()
	d, s, r := newDriver(t, 120, 40)
	// The third tool row (pick_shape, entry 2) is two rows under the
	// server's; GPT is the third host.
	x, y := s.nameWidth+2*4+1, s.matrixTop()+2
	d.Send(tea.MouseClickMsg{Button: tea.MouseLeft, X: x, Y: y})
	if got := s.selectedTool(); got != "pick_shape" {
		t.Errorf("the click selected tool %q, want pick_shape", got)
	}
	if got := s.selectedHost(); got != r.Hosts[2] {
		t.Errorf("the click selected host %q, want %q", got, r.Hosts[2])
	}
	if len(d.Actions) != 0 {
		t.Errorf("a first click acted: %#v", d.Actions)
	}
	d.Send(tea.MouseClickMsg{Button: tea.MouseLeft, X: x, Y: y})
	want := screen.ToolHosts{Tool: "pick_shape", Host: string(r.Hosts[2])}
	if len(d.Actions) != 1 || d.Actions[0] != want {
		t.Errorf("the second click: %#v, want %#v", d.Actions, want)
	}
}

func TestFilterKeepsTheMatches(t *testing.T) {
	t.Parallel()
	d, s, _ := newDriver(t, 120, 40)
	d.Key("/")
	if !s.Typing() {
		t.Fatal("/ did not start the filter")
	}
	d.Type("shape")
	d.Key("enter")
	v := d.View()
	if !strings.Contains(v, "pick_shape") || strings.Contains(v, "lookup_order") {
		t.Errorf("the filter on shape:\n%s", v)
	}
}

func TestANewReportKeepsTheCell(t *testing.T) {
	t.Parallel()
	d, s, _ := newDriver(t, 120, 40)
	d.Key("down", "down", "right")
	d.Send(Judged{Report: judged(t)})
	if s.selectedTool() != "pick_shape" || s.selectedHost() != host.ClaudeDesktop {
		t.Errorf("after a new report the cursor is on %q × %q", s.selectedTool(), s.selectedHost())
	}
}

func TestNoReportYetSaysSo(t *testing.T) {
	t.Parallel()
	s := New(Deps{Styles: theme.Plain(), Report: func() *host.Report { return nil }})
	d := screentest.New(t, s, func() string { return "" }, 80, 20)
	if v := d.View(); !strings.Contains(v, "judging the tools for each MCP host") {
		t.Errorf("without a report:\n%s", v)
	}
	d.Key("enter", "right", "down")
	if len(d.Actions) != 0 {
		t.Errorf("keys without a report acted: %#v", d.Actions)
	}
}

func TestGoldenHosts(t *testing.T) {
	t.Parallel()
	for _, width := range []int{80, 120} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			t.Parallel()
			d, _, _ := newDriver(t, width, 24)
			d.Key("down", "down")
			golden.RequireEqual(t, []byte(d.View()))
		})
	}
}
