package main

import (
	"sort"
	"strings"
)

// nearest returns up to n names close to want: typos (small edit distance)
// and names that contain it or are contained in it.
func nearest(names []string, want string, n int) []string {
	type scored struct {
		name string
		d    int
	}
	lw := strings.ToLower(want)
	limit := max(2, len(want)/3)
	var hits []scored
	for _, name := range names {
		ln := strings.ToLower(name)
		d := editDistance(ln, lw)
		if strings.Contains(ln, lw) || strings.Contains(lw, ln) {
			d = min(d, 1)
		}
		if d <= limit {
			hits = append(hits, scored{name, d})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].d < hits[j].d })
	out := make([]string, 0, n)
	for i := 0; i < len(hits) && i < n; i++ {
		out = append(out, hits[i].name)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b, by runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
