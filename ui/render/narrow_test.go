package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/ui/theme"
)

// TestHeaderKeepsState: at 80 and 120 columns the header ends with the
// connection's state whole; the server's name or the target is cut for
// it, and the protocol and transport dropped when the name would be
// left too little.
func TestHeaderKeepsState(t *testing.T) {
	t.Parallel()
	everything := Connection{Server: "mcp-servers/everything", Version: "2.0.0", Transport: "stdio", Protocol: "2025-11-25",
		Era: "legacy", Phase: "reconnecting", Level: LevelWarn}
	target := Connection{Target: "node /home/someone/src/servers/src/everything/dist/index.js stdio --verbose", Transport: "stdio",
		Phase: "connecting", Level: LevelWarn}
	huge := Connection{Server: strings.Repeat("a-very-long-server-name-", 10), Version: "1.0", Transport: "streamable-http",
		Protocol: "2026-07-28", Era: "modern", Phase: "lost", Level: LevelError}
	authed := everything
	authed.Auth, authed.AuthLevel = "auth: waiting for the browser's redirect", LevelWarn
	tests := []struct {
		name  string
		c     Connection
		width int
		want  []string
	}{
		{"everything/80", everything, 80, []string{"toolbench · mcp-servers/every", "… · stdio · 2025-11-25 (legacy) · ● reconnecting"}},
		{"everything/120", everything, 120, []string{"toolbench · mcp-servers/everything 2.0.0 · stdio · 2025-11-25 (legacy) · ● reconnecting"}},
		{"target/80", target, 80, []string{"toolbench · node /home/", "… · stdio · ● connecting"}},
		{"target/120", target, 120, []string{"toolbench · node /home/someone/src/servers/src/everything/dist/index.js stdio --verbose · stdio"}},
		{"huge/80", huge, 80, []string{"toolbench · a-very-long-server", "… · streamable-http · 2026-07-28 (modern) · ● lost"}},
		{"huge/120", huge, 120, []string{"… · streamable-http · 2026-07-28 (modern) · ● lost"}},
		{"auth/80", authed, 80, []string{"toolbench · ", "● reconnecting · auth: waiting"}},
		{"auth/120", authed, 120, []string{"toolbench · mcp-servers/", "… · stdio · 2025-11-25 (legacy) · ● reconnecting · auth: waiting for the browser's redirect"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			line := ansi.Strip(Header(theme.Plain(), tt.c, tt.width))
			if w := ansi.StringWidth(line); w > tt.width {
				t.Errorf("%d wide: %q", w, line)
			}
			if !strings.Contains(line, "● "+tt.c.Phase) {
				t.Errorf("%q does not end with the state", line)
			}
			for _, want := range tt.want {
				if !strings.Contains(line, want) {
					t.Errorf("%q lacks %q", line, want)
				}
			}
		})
	}
}

// TestHeaderNarrowKeepsState: down to the width of the title and the
// state, the state shows whole.
func TestHeaderNarrowKeepsState(t *testing.T) {
	t.Parallel()
	c := Connection{Server: "mcp-servers/everything", Version: "2.0.0", Transport: "stdio", Protocol: "2025-11-25",
		Phase: "ready", Level: LevelOK, Auth: "auth: signed in", AuthLevel: LevelOK}
	for w := len("toolbench · ● ready"); w <= 120; w++ {
		line := ansi.Strip(Header(theme.Plain(), c, w))
		if ansi.StringWidth(line) > w || !strings.Contains(line, "● ready") {
			t.Fatalf("%s", fmt.Sprintf("at %d: %q", w, line))
		}
	}
}

// TestTabBarScrollsToActive: in the detail pane of an 80-column terminal
// whose list takes half (39 cells) and of a 120-column one (59), every
// tab can be the active one and shows whole, with a marker on each side
// where tabs are hidden.
func TestTabBarScrollsToActive(t *testing.T) {
	t.Parallel()
	names := []string{"Form", "Input", "Output", "Lint", "Providers", "Meta", "Result"}
	for _, width := range []int{39, 59} {
		for active := range names {
			t.Run(fmt.Sprintf("%d/%s", width, names[active]), func(t *testing.T) {
				t.Parallel()
				busy := len(names) - 1 // a call running: "Result ⋯"
				line := ansi.Strip(TabBar(theme.Plain(), names, active, busy, width))
				if w := ansi.StringWidth(line); w > width {
					t.Errorf("%d wide: %q", w, line)
				}
				want := "[" + names[active] + "]"
				if active == busy {
					want = "[" + names[active] + " ⋯]"
				}
				if !strings.Contains(line, want) {
					t.Errorf("%q hides the active tab %s", line, want)
				}
				first, last := strings.Contains(line, "Form"), strings.Contains(line, "Result")
				if first != !strings.HasPrefix(line, "‹ ") || last != !strings.HasSuffix(line, " ›") || strings.Contains(line, "…") {
					t.Errorf("%q: the markers do not say where tabs are hidden", line)
				}
			})
		}
	}
}

// TestBreadcrumbCutsFromLeft: the levels above go first, then the note;
// a level too long for the width alone is cut at its end; server text is
// escaped.
func TestBreadcrumbCutsFromLeft(t *testing.T) {
	t.Parallel()
	path := []string{"customer", "billing_address", "lines", "[12]"}
	tests := []struct {
		name  string
		path  []string
		note  string
		width int
		want  string
	}{
		{"whole", path, "  3/9", 80, "create_order › customer › billing_address › lines › [12]  3/9"},
		{"parents go", path, "  3/9", 39, "… › billing_address › lines › [12]  3/9"},
		{"note goes last", path, "  3/9", 10, "… › [12]"},
		{"a long level is cut", []string{strings.Repeat("x", 50)}, "", 20, "… › xxxxxxxxxxxxxxx…"},
		{"escaped", []string{"a\x1b[2Jb"}, "", 80, `create_order › a\e[2Jb`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := ansi.Strip(Breadcrumb(theme.Plain(), "create_order", tt.path, tt.note, tt.width))
			if got != tt.want || ansi.StringWidth(got) > tt.width {
				t.Errorf("Breadcrumb = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestFindingKeepsPointer: in the detail pane of an 80-column terminal
// (52 cells beside a short list, 39 when the list takes half) and of a
// 120-column one (59), a finding's rows keep its pointer whole and cut
// the rule; a pointer too long for any row keeps its end.
func TestFindingKeepsPointer(t *testing.T) {
	t.Parallel()
	short := check.Finding{Rule: "param-description-missing", Severity: check.Warning, Pointer: "/inputSchema/properties/unit",
		Message: "The parameter unit has no description."}
	blocker := check.Finding{Rule: "compat-openai-strict-not-required", Severity: check.Info, Blocks: []string{"openai-strict"},
		Pointer: "/inputSchema/properties/unit", Message: "Strict mode needs every property in required."}
	deep := check.Finding{Rule: "nesting-too-deep", Severity: check.Warning,
		Pointer: "/inputSchema/properties/order/properties/customer/properties/billing_address/properties/postal_code",
		Message: "Nesting deeper than three levels."}
	tests := []struct {
		name    string
		f       check.Finding
		width   int
		pointer string // as it must show
		rule    string // the part of the rule that must show
	}{
		{"short/39", short, 39, "/inputSchema/properties/unit", "param-description-missing"},
		{"short/52", short, 52, "/inputSchema/properties/unit", "param-descri"},
		{"short/59", short, 59, "/inputSchema/properties/unit", "param-description-"},
		{"blocker/39", blocker, 39, "/inputSchema/properties/unit", "blocks openai-strict"},
		{"blocker/59", blocker, 59, "/inputSchema/properties/unit", "blocks openai-strict compat-"},
		{"deep/39", deep, 39, "\n    …ing_address/properties/postal_code\n", "nesting-too-deep"},
		{"deep/59", deep, 59, "\n    …omer/properties/billing_address/properties/postal_code\n", "nesting-too-deep"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for _, selected := range []bool{false, true} {
				lines := Finding(theme.Plain(), tt.f, tt.width, selected)
				assertFits(t, lines, tt.width)
				rows := ansi.Strip(strings.Join(lines, "\n"))
				if !strings.Contains(rows, tt.pointer) || !strings.Contains(rows, tt.rule) {
					t.Errorf("the rows lack the pointer %q or the rule's %q:\n%s", tt.pointer, tt.rule, rows)
				}
			}
		})
	}
}
