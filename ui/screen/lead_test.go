package screen

import (
	"slices"
	"testing"
)

func TestLeadPutsTheGroupFirstAndKeepsTheRestInOrder(t *testing.T) {
	t.Parallel()
	groups := []Group{{Title: "a"}, {Title: "b"}, {Title: "c"}}
	titles := func(gs []Group) []string {
		out := make([]string, len(gs))
		for i, g := range gs {
			out[i] = g.Title
		}
		return out
	}
	for _, tc := range []struct {
		lead string
		want []string
	}{
		{"a", []string{"a", "b", "c"}},
		{"b", []string{"b", "a", "c"}},
		{"c", []string{"c", "a", "b"}},
		{"none", []string{"a", "b", "c"}},
	} {
		if got := titles(Lead(groups, tc.lead)); !slices.Equal(got, tc.want) {
			t.Errorf("Lead(%q) = %v, want %v", tc.lead, got, tc.want)
		}
	}
	if got := titles(groups); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("Lead changed its argument: %v", got)
	}
}
