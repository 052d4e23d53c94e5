package render

import (
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

func TestClipOneEllipsis(t *testing.T) {
	t.Parallel()
	red := lipgloss.NewStyle().Foreground(lipgloss.Color("1"))
	tests := []struct {
		name, in string
		width    int
		want     string
	}{
		{"fits", "12345", 5, "12345"},
		{"cut", "1234567", 5, "1234…"},
		{"cut after a shortened value", `"12345…"  ✗ must match`, 8, `"12345…`},
		{"cut after a shortened value, styled", red.Render(`"12345…`) + `"  ✗ must match`, 8, `"12345…`},
		{"cut elsewhere", `"12345…"  ✗ must match`, 12, `"12345…"  ✗…`},
		{"no limit", "1234567", 0, "1234567"},
	}
	for _, tt := range tests {
		got := Clip(tt.in, tt.width)
		if ansi.Strip(got) != tt.want || ansi.StringWidth(got) > max(tt.width, len(tt.in)) {
			t.Errorf("%s: Clip(%q, %d) = %q, want %q", tt.name, tt.in, tt.width, ansi.Strip(got), tt.want)
		}
	}
}
