// Package suggest finds what a person probably meant by a word toolbench
// does not know (a command, a flag, a tool, a server): the "did you mean"
// of every error that names one.
package suggest

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/pflag"
)

// maxTypo bounds the edits that still count as a typo. It also bounds the
// work: names come from the server, which may send 100,000-character ones.
const maxTypo = 8

// Nearest returns up to n names closest to want: names that contain it or
// are contained in it, else the typos (small edit distance) at the smallest
// distance found. Only the closest are named: "cal" means "call", and
// listing "man" (two edits) beside it only makes the person read more.
func Nearest(names []string, want string, n int) []string {
	type scored struct {
		name string
		d    int
	}
	lw := strings.ToLower(want)
	limit := min(maxTypo, max(2, len(want)/3))
	var hits []scored
	for _, name := range names {
		ln := strings.ToLower(name)
		d := 1
		if !strings.Contains(ln, lw) && !strings.Contains(lw, ln) {
			d = editDistanceWithin(ln, lw, limit)
		}
		if d <= limit {
			hits = append(hits, scored{name, d})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].d < hits[j].d })
	out := make([]string, 0, n)
	for i := 0; i < len(hits) && i < n && hits[i].d == hits[0].d; i++ {
		out = append(out, hits[i].name)
	}
	return out
}

// editDistanceWithin is the Levenshtein distance between a and b by runes
// when it is at most k, and k+1 otherwise. Only the diagonal band of width
// 2k+1 is computed, so the cost is O(k·len) rather than O(len²).
func editDistanceWithin(a, b string, k int) int {
	ra, rb := []rune(a), []rune(b)
	if abs(len(ra)-len(rb)) > k {
		return k + 1
	}
	over := k + 1
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = min(j, over)
	}
	for i := 1; i <= len(ra); i++ {
		lo, hi := max(1, i-k), min(len(rb), i+k)
		cur[lo-1] = over
		if lo == 1 {
			cur[0] = min(i, over)
		}
		best := cur[lo-1]
		for j := lo; j <= hi; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d := min(prev[j-1]+cost, cur[j-1]+1, over)
			if j < i+k { // prev[j] lies inside the previous row's band
				d = min(d, prev[j]+1)
			}
			cur[j] = d
			best = min(best, d)
		}
		if hi < len(rb) {
			cur[hi+1] = over
		}
		if best >= over {
			return over
		}
		prev, cur = cur, prev
	}
	return min(prev[len(rb)], over)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// UnknownFlag adds to err, pflag's refusal of a flag fs lacks, the flags
// of fs the person may have meant: `--jsn` means --json.
func UnknownFlag(fs *pflag.FlagSet, err error) string {
	var ne *pflag.NotExistError
	if !errors.As(err, &ne) || ne.GetSpecifiedName() == "" {
		return err.Error()
	}
	var names []string
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	want := ne.GetSpecifiedName()
	// Flag names are short and alike: two edits turn --nope into
	// --scope. Only one edit counts below six letters.
	k := 1
	if len(want) >= 6 {
		k = 2
	}
	var near []string
	for _, n := range Nearest(names, want, 3) {
		if strings.Contains(n, want) || strings.Contains(want, n) || editDistanceWithin(n, want, k) <= k {
			near = append(near, "--"+n)
		}
	}
	if len(near) == 0 {
		return err.Error()
	}
	return err.Error() + "; did you mean " + strings.Join(near, ", ") + "?"
}

// QuoteAll quotes each of ss as Go would, for a list of names in words.
func QuoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}
