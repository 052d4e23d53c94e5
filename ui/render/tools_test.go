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
	tl := tool.Tool{Name: "get_weather", Title: "Current \x1b[31mweather\x1b[0m", OutputSchema: json.RawMessage(`{}`),
		Annotations: tool.Annotations{ReadOnlyHint: ptr(true), OpenWorldHint: ptr(true)}}
	task := tool.Tool{Name: "research", TaskSupport: tool.TaskRequired, Excluded: "bad header",
		Annotations: tool.Annotations{DestructiveHint: ptr(true), IdempotentHint: ptr(false)}}
	tests := []struct {
		name   string
		tl     tool.Tool
		params int
		width  int
		state  RowState
		want   string
	}{
		{"title beside the name, marks at the end", tl, 2, 52, RowPlain,
			`  get_weather  Current \e[31mweather\e[0m  r--o 2p →`},
		{"title cut first", tl, 2, 33, RowPlain, "  get_weather  Curren…  r--o 2p →"},
		{"a stub of a title is left out", tl, 2, 30, RowPlain, "  get_weather        r--o 2p →"},
		{"cursor row is padded", tool.Tool{Name: "ping"}, 0, 30, RowCursor, "› ping               ???? 0p  "},
		{"marked row", tool.Tool{Name: "ping"}, 0, 30, RowMarked, "▸ ping               ???? 0p  "},
		{"no count", tool.Tool{Name: "echo"}, -1, 30, RowPlain, "  echo               ????     "},
		{"task, excluded, unsent hint", task, 1, 30, RowPlain, "  research        ✗T ?d-? 1p  "},
		{"title that restates the name", tool.Tool{Name: "get-sum", Title: "Get Sum"}, 1, 40, RowPlain,
			"  get-sum                      ???? 1p  "},
		{"wide name", tool.Tool{Name: "天気予報を取得する"}, 3, 30, RowPlain, "  天気予報を取得する ???? 3p  "},
		{"a cut row keeps the marks", tool.Tool{Name: "天気予報を取得する"}, 3, 25, RowPlain, "  天気予報を取… ???? 3p  "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := ToolRowOf(tt.tl, tt.params)
			var cols MarkColumns
			cols.Add(r.Marks)
			cols.Add(ToolMarks{Params: 0, Output: true})
			got := ToolLine(theme.Plain(), r, r.Name, cols, tt.width, tt.state)
			if got != tt.want {
				t.Errorf("ToolLine = %q, want %q", got, tt.want)
			}
			if w := ansi.StringWidth(got); w > tt.width {
				t.Errorf("ToolLine is %d cells, wider than %d", w, tt.width)
			}
			styled := ToolLine(theme.New(theme.DefaultPalette(true)), r, r.Name, cols, tt.width, tt.state)
			if ansi.Strip(styled) != got {
				t.Errorf("styled ToolLine %q differs from plain %q", ansi.Strip(styled), got)
			}
		})
	}
}

// TestToolMarks checks the marks stay apart: every badge the detail
// heading spells out has its own mark.
func TestToolMarks(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		tl   tool.Tool
		want string
	}{
		{"nothing sent", tool.Tool{}, "????"},
		{"all true", tool.Tool{Annotations: tool.Annotations{ReadOnlyHint: ptr(true), DestructiveHint: ptr(true),
			IdempotentHint: ptr(true), OpenWorldHint: ptr(true)}}, "rdio"},
		{"all false", tool.Tool{Annotations: tool.Annotations{ReadOnlyHint: ptr(false), DestructiveHint: ptr(false),
			IdempotentHint: ptr(false), OpenWorldHint: ptr(false)}}, "----"},
		{"read-only hides unsent destructive and idempotent", tool.Tool{Annotations: tool.Annotations{ReadOnlyHint: ptr(true)}}, "r--?"},
		{"task required", tool.Tool{TaskSupport: tool.TaskRequired}, "T ????"},
		{"task optional", tool.Tool{TaskSupport: tool.TaskOptional}, "t ????"},
		{"app", tool.Tool{App: &tool.App{}}, "A ????"},
		{"excluded", tool.Tool{Excluded: "why"}, "✗ ????"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			k := MarksOf(tt.tl, -1)
			var cols MarkColumns
			cols.Add(k)
			var b strings.Builder
			for _, p := range cols.pieces(theme.Plain(), k) {
				b.WriteString(p.text)
			}
			if got := strings.TrimSpace(b.String()); got != tt.want {
				t.Errorf("marks = %q, want %q", got, tt.want)
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

func TestSameWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		title, name string
		want        bool
	}{
		{"Get Sum", "get-sum", true},
		{"Create order", "create_order", true},
		{"  Get  Sum ", "get_sum", true},
		{"Get Sum Tool", "get-sum", false},
		{"Getsum", "get_sum", false},
		{"get", "get_sum", false},
		{"Ärger", "ärger", true},
		{"Retrieve A Database", "API-retrieve-a-database", false},
	}
	for _, tt := range tests {
		if got := sameWords(tt.title, tt.name); got != tt.want {
			t.Errorf("sameWords(%q, %q) = %v, want %v", tt.title, tt.name, got, tt.want)
		}
	}
}
