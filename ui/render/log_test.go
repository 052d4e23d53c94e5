package render

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/ui/theme"
)

var at = time.Date(2025, 6, 1, 15, 4, 5, 123_000_000, time.UTC)

func TestLogLine(t *testing.T) {
	t.Parallel()
	st := theme.New(theme.DefaultPalette(true))
	tests := []struct {
		level string
		style string // the level rendered as it should be
	}{
		{"error", st.Error.Render("error")},
		{"critical", st.Error.Render("critical")},
		{"alert", st.Error.Render("alert")},
		{"emergency", st.Error.Render("emergency")},
		{"warning", st.Warn.Render("warning")},
		{"debug", st.Muted.Render("debug")},
		{"info", st.Text.Render("info")},
	}
	for _, tt := range tests {
		t.Run(tt.level, func(t *testing.T) {
			t.Parallel()
			e := LogEntry{At: at, Source: "log", Level: tt.level, Text: "disk \x1b[2Jfull"}
			if got := LogLine(st, e, 0); !strings.Contains(got, tt.style) {
				t.Errorf("LogLine = %q, lacks level styled as %q", got, tt.style)
			}
			want := "15:04:05.123 log       " + tt.level + ` disk \e[2Jfull`
			if got := LogLine(theme.Plain(), e, 0); got != want {
				t.Errorf("LogLine = %q, want %q", got, want)
			}
		})
	}
}

func TestLogLineWidth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		e     LogEntry
		width int
		want  string
	}{
		{"no level", LogEntry{At: at, Source: "stderr", Text: "listening on :8080"}, 80,
			"15:04:05.123 stderr    listening on :8080"},
		{"frame arrow is one cell", LogEntry{At: at, Source: "frame →", Text: `{"jsonrpc":"2.0"}`}, 80,
			`15:04:05.123 frame →   {"jsonrpc":"2.0"}`},
		{"cut", LogEntry{At: at, Source: "stderr", Text: strings.Repeat("long ", 40)}, 40,
			"15:04:05.123 stderr    long long long l…"},
		{"huge text", LogEntry{At: at, Source: "stderr", Text: strings.Repeat("界", 10<<20)}, 30,
			"15:04:05.123 stderr    界界界…"},
		{"newlines escaped", LogEntry{At: at, Source: "toolbench", Level: "info", Text: "a\nb"}, 0,
			`15:04:05.123 toolbench info a\nb`},
		{"too narrow for the text", LogEntry{At: at, Source: "stderr", Text: "x"}, 10, "15:04:05.…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := LogLine(theme.Plain(), tt.e, tt.width)
			if got != tt.want {
				t.Errorf("LogLine = %q, want %q", got, tt.want)
			}
			if tt.width > 0 && ansi.StringWidth(got) > tt.width {
				t.Errorf("LogLine is %d cells, wider than %d", ansi.StringWidth(got), tt.width)
			}
		})
	}
}

func TestFrameText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		data string
		size int
		want string
	}{
		{"whole", `{"a":"\u001b"}` + "\n", 15, `{"a":"\u001b"}\n`},
		{"raw escape", "x\x1b]52;c;eA==\x07", 12, `x\e]52;c;eA==\x07`},
		{"cut", `{"a":`, 300000, `{"a": … (300000 bytes)`},
		{"cut mid-rune", "é界"[:4], 9, `é … (9 bytes)`},
	}
	for _, tt := range tests {
		if got := FrameText([]byte(tt.data), tt.size); got != tt.want {
			t.Errorf("%s: FrameText = %q, want %q", tt.name, got, tt.want)
		}
	}
}
