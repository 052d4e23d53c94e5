package widget

import (
	"sort"
	"strings"
	"unicode"

	"github.com/sahilm/fuzzy"
)

// Rank returns the indexes of the entries of haystack (limited to within
// when it is not nil) that match query, best first. A person typing part
// of a name means the name's start or a word in it, so matches are ranked
// in tiers before the fuzzy score: the whole entry starts with the query;
// a word of it does (after - _ . / : space or a lower-to-upper change);
// the query is inside it; the letters are only scattered. Within a tier
// an earlier match ranks first, then the fuzzy score. `elic` thus ranks
// trigger-url-elicitation above get-resource-links, and in the palette
// `res` ranks "the resources" above "reconnect, … results".
func Rank(query string, haystack []string, within []int) []int {
	src := subset{haystack: haystack, idx: within}
	found := fuzzy.FindFromNoSort(query, src)
	type scored struct{ idx, tier, at, score int }
	out := make([]scored, len(found))
	q := strings.ToLower(query)
	for i, m := range found {
		idx := src.index(m.Index)
		t, at := tier(q, haystack[idx])
		if t == 3 && len(m.MatchedIndexes) > 0 {
			at = m.MatchedIndexes[0]
		}
		out[i] = scored{idx: idx, tier: t, at: at, score: m.Score}
	}
	sort.SliceStable(out, func(a, b int) bool {
		if out[a].tier != out[b].tier {
			return out[a].tier < out[b].tier
		}
		if out[a].at != out[b].at {
			return out[a].at < out[b].at
		}
		if out[a].score != out[b].score {
			return out[a].score > out[b].score
		}
		return out[a].idx < out[b].idx
	})
	idx := make([]int, len(out))
	for i, s := range out {
		idx[i] = s.idx
	}
	return idx
}

// tier is how well s matches the lower-cased query q (0 prefix, 1 a
// word's start, 2 inside, 3 scattered letters) and where: the byte the
// match starts at, -1 for scattered letters.
func tier(q, s string) (int, int) {
	low := strings.ToLower(s)
	if strings.HasPrefix(low, q) {
		return 0, 0
	}
	first := strings.Index(low, q)
	if first < 0 {
		return 3, -1
	}
	for at := first; at >= 0; at = nextIndex(low, q, at) {
		if wordStart(s, at) {
			return 1, at
		}
	}
	return 2, first
}

// nextIndex is the next place after at where q is in s, or -1.
func nextIndex(s, q string, at int) int {
	i := strings.Index(s[at+1:], q)
	if i < 0 {
		return -1
	}
	return at + 1 + i
}

// wordStart reports whether byte i of s starts a word.
func wordStart(s string, i int) bool {
	if i == 0 {
		return true
	}
	prev, cur := rune(s[i-1]), rune(s[i])
	if strings.ContainsRune("-_./: ", prev) {
		return true
	}
	return unicode.IsLower(prev) && unicode.IsUpper(cur)
}

// subset is a fuzzy.Source over some of the entries.
type subset struct {
	haystack []string
	idx      []int
}

func (s subset) index(i int) int {
	if s.idx == nil {
		return i
	}
	return s.idx[i]
}

// String is the ith candidate's text, for the fuzzy matcher.
func (s subset) String(i int) string { return s.haystack[s.index(i)] }

// Len is how many candidates there are, for the fuzzy matcher.
func (s subset) Len() int {
	if s.idx == nil {
		return len(s.haystack)
	}
	return len(s.idx)
}
