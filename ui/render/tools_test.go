package render

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/theme"
)

func ptr(b bool) *bool { return &b }

func TestBadges(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		a    tool.Annotations
		want string
	}{
		{"nothing sent", tool.Annotations{}, "hints?"},
		{"all true", tool.Annotations{ReadOnlyHint: ptr(true), DestructiveHint: ptr(true), IdempotentHint: ptr(true),
			OpenWorldHint: ptr(true)}, "read-only destructive idempotent open-world"},
		{"all false", tool.Annotations{ReadOnlyHint: ptr(false), DestructiveHint: ptr(false), IdempotentHint: ptr(false),
			OpenWorldHint: ptr(false)}, ""},
		{"some absent", tool.Annotations{DestructiveHint: ptr(true), OpenWorldHint: ptr(false)},
			"read-only? destructive idempotent?"},
		{"read-only hides unsent destructive and idempotent", tool.Annotations{ReadOnlyHint: ptr(true)},
			"read-only open-world?"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Badges(theme.Plain(), tt.a); got != tt.want {
				t.Errorf("Badges = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestBadgesStyles checks the three looks: destructive warns, true is a
// badge, unsent is muted.
func TestBadgesStyles(t *testing.T) {
	t.Parallel()
	st := theme.New(theme.DefaultPalette(true))
	got := Badges(st, tool.Annotations{DestructiveHint: ptr(true), IdempotentHint: ptr(true)})
	for _, want := range []string{st.BadgeWarn.Render("destructive"), st.Badge.Render("idempotent"),
		st.BadgeMuted.Render("open-world?")} {
		if !strings.Contains(got, want) {
			t.Errorf("Badges = %q, lacks %q", got, want)
		}
	}
}

func TestToolLine(t *testing.T) {
	t.Parallel()
	tl := tool.Tool{Name: "get_weather", Title: "Get \x1b[31mweather\x1b[0m", OutputSchema: json.RawMessage(`{}`),
		Annotations: tool.Annotations{ReadOnlyHint: ptr(true), OpenWorldHint: ptr(true)}}
	tests := []struct {
		name     string
		tl       tool.Tool
		params   int
		width    int
		selected bool
		want     string
	}{
		{"wide", tl, 2, 80, false, `  Get \e[31mweather\e[0m read-only open-world 2 params outputSchema`},
		{"selected is padded", tool.Tool{Name: "ping"}, 0, 30, true, "› ping hints? no params       "},
		{"one param, no count", tool.Tool{Name: "echo"}, -1, 0, false, "  echo hints?"},
		{"title shortened first", tool.Tool{Name: strings.Repeat("x", 60)}, 1, 40, false,
			"  xxxxxxxxxxxxxxxxxxxxxx… hints? 1 param"},
		{"title keeps half the row", tl, 2, 20, false, `  Get \e[3… read-on…`},
		{"wide title", tool.Tool{Name: "天気予報を取得する"}, 3, 24, false, "  天気予報を… hints? 3 …"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := ToolLine(theme.Plain(), tt.tl, tt.params, tt.width, tt.selected)
			if got != tt.want {
				t.Errorf("ToolLine = %q, want %q", got, tt.want)
			}
			if tt.width > 0 && ansi.StringWidth(got) > tt.width {
				t.Errorf("ToolLine is %d cells, wider than %d", ansi.StringWidth(got), tt.width)
			}
			styled := ToolLine(theme.New(theme.DefaultPalette(true)), tt.tl, tt.params, tt.width, tt.selected)
			if ansi.Strip(styled) != got {
				t.Errorf("styled ToolLine %q differs from plain %q", ansi.Strip(styled), got)
			}
		})
	}
}

func TestHints(t *testing.T) {
	t.Parallel()
	pairs := [][2]string{{"enter", "call"}, {"/", "filter"}, {"?", "help"}, {"q", ""}}
	tests := []struct {
		width int
		want  string
	}{
		{0, "enter call · / filter · ? help · q"},
		{34, "enter call · / filter · ? help · q"},
		{33, "enter call · / filter · ? help"},
		{21, "enter call · / filter"},
		{12, "enter call"},
		{6, "enter…"},
	}
	for _, tt := range tests {
		if got := Hints(theme.Plain(), pairs, tt.width); got != tt.want {
			t.Errorf("Hints(%d) = %q, want %q", tt.width, got, tt.want)
		}
		styled := Hints(theme.New(theme.DefaultPalette(true)), pairs, tt.width)
		if ansi.Strip(styled) != tt.want {
			t.Errorf("styled Hints(%d) = %q", tt.width, ansi.Strip(styled))
		}
	}
	if got := Hints(theme.Plain(), nil, 10); got != "" {
		t.Errorf("Hints(nil) = %q", got)
	}
}
