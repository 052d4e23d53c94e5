package check

import (
	"slices"
	"testing"
)

func TestTally(t *testing.T) {
	t.Parallel()
	blocker := func(ps ...string) Finding { return Finding{Severity: Info, Blocks: ps} }
	tests := []struct {
		name     string
		fs       []Finding
		text     string
		blocks   string
		blocked  []string
		bySevere [3]int
	}{
		{"none", nil, "0 errors, 0 warnings, 0 infos", "", nil, [3]int{}},
		{"one of each", []Finding{{Severity: Error}, {Severity: Warning}, {Severity: Info}},
			"1 error, 1 warning, 1 info", "", nil, [3]int{1, 1, 1}},
		{"one blocker", []Finding{{Severity: Warning}, blocker("openai-strict")},
			"0 errors, 1 warning, 1 info", "1 finding blocks the openai-strict form", []string{"openai-strict"}, [3]int{0, 1, 1}},
		{"blockers of several providers", []Finding{blocker("openai", "openai-strict"), blocker("gemini"), blocker("openai-strict")},
			"0 errors, 0 warnings, 3 infos", "3 findings block the openai, openai-strict, gemini form", []string{"openai", "openai-strict", "gemini"}, [3]int{0, 0, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := Count(tt.fs)
			if c.String() != tt.text || c.Blocks() != tt.blocks || !slices.Equal(c.Blocked, tt.blocked) {
				t.Errorf("Count = %+v: %q, %q", c, c.String(), c.Blocks())
			}
			for i, sev := range Severities() {
				if c.Of(sev) != tt.bySevere[i] {
					t.Errorf("Of(%s) = %d, want %d", sev, c.Of(sev), tt.bySevere[i])
				}
			}
		})
	}
}
