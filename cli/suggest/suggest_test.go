package suggest

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// levenshtein is the plain O(n·m) distance, the reference for the banded one.
func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}

func TestEditDistanceWithinMatchesReference(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		var b strings.Builder
		for range rng.IntN(14) {
			b.WriteRune([]rune("abcé_")[rng.IntN(5)])
		}
		return b.String()
	}
	for range 20000 {
		a, b, k := word(), word(), rng.IntN(6)
		want := min(levenshtein(a, b), k+1)
		if got := editDistanceWithin(a, b, k); got != want {
			t.Fatalf("editDistanceWithin(%q, %q, %d) = %d, want %d", a, b, k, got, want)
		}
	}
}

func TestNearest(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("0123456789", 10000)
	names := []string{"get_weather", "get_forecast", "search", "call", "man", "get_wheather", "long_" + long}
	tests := []struct {
		want string
		out  []string
	}{
		{"get_wether", []string{"get_weather"}},
		// Only the closest are named: call contains cal, man is two edits.
		{"cal", []string{"call"}},
		{"get_weathr", []string{"get_weather"}},
		{"get_weatherr", []string{"get_weather"}},
		{"forecast", []string{"get_forecast"}},
		{"GET_WEATHER_NOW", []string{"get_weather"}},
		{"serach", []string{"search"}},
		{"nothing_alike_at_all", nil},
		// A server's 100,000-character name with one typo is still found,
		// in O(k·n) time rather than the ten billion steps of a full table.
		{"long_" + long[:50000] + "x" + long[50001:], []string{"long_" + long}},
	}
	for _, tt := range tests {
		got := Nearest(names, tt.want, 3)
		if strings.Join(got, ",") != strings.Join(tt.out, ",") {
			t.Errorf("Nearest(%.30q) = %.60q, want %.60q", tt.want, got, tt.out)
		}
	}
}
