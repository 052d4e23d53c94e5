package render

import (
	"slices"
	"strings"
)

// FitNames cuts the names (escaped, widths[i] cells each) that are wider
// than room so that rows can be told apart: a name is cut in the middle,
// keeping its head and its tail ("get_pul…omments"), with the split moved
// until no other name has both that head and that tail; where only its
// middle tells it apart, a window on the middle is shown ("…_1_b…"). No
// cut reads as another row. Names that fit are kept whole; with nothing
// to cut the result is names itself.
func FitNames(names []string, widths []int, room int) []string {
	room = max(room, 2)
	var long []int
	for i, w := range widths {
		if w > room {
			long = append(long, i)
		}
	}
	if len(long) == 0 {
		return names
	}
	out := append([]string(nil), names...)
	taken := make(map[string]bool, len(names))
	for i, n := range names {
		if widths[i] <= room {
			taken[n] = true
		}
	}
	x := newNameIndex(names)
	for _, i := range long {
		out[i] = x.cut(i, room, taken)
		taken[out[i]] = true
	}
	return out
}

// nameIndex finds the names that start or end like a cut: sorted by name
// and by reversed name, those sharing a head or a tail are neighbours.
type nameIndex struct {
	names, rev         []string
	byHead, byTail     []int
	headRank, tailRank []int
}

func newNameIndex(names []string) *nameIndex {
	x := &nameIndex{names: names, rev: make([]string, len(names))}
	for i, n := range names {
		b := []byte(n)
		slices.Reverse(b)
		x.rev[i] = string(b)
	}
	x.byHead, x.headRank = sortedBy(names)
	x.byTail, x.tailRank = sortedBy(x.rev)
	return x
}

// sortedBy is the indices of keys in order, and each index's place.
func sortedBy(keys []string) (order, rank []int) {
	order = make([]int, len(keys))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(keys[a], keys[b]) })
	rank = make([]int, len(keys))
	for k, i := range order {
		rank[i] = k
	}
	return order, rank
}

// rangeOf is where the keys starting with prefix sit in order.
func rangeOf(keys []string, order []int, prefix string) (lo, hi int) {
	lo, _ = slices.BinarySearchFunc(order, prefix, func(i int, p string) int { return strings.Compare(keys[i], p) })
	hi = lo
	for hi < len(order) && strings.HasPrefix(keys[order[hi]], prefix) {
		hi++
	}
	return lo, hi
}

// sharedLimit bounds the names compared for one cut: past it a cut
// counts as shared, and a later split or the window is tried.
const sharedLimit = 512

// only reports whether name i is the only one that starts with its first
// head bytes and ends with its last tail bytes.
func (x *nameIndex) only(i, head, tail int) bool {
	lo, hi := rangeOf(x.names, x.byHead, x.names[i][:head])
	tlo, thi := rangeOf(x.rev, x.byTail, x.rev[i][:tail])
	if min(hi-lo, thi-tlo) > sharedLimit {
		return false
	}
	if hi-lo <= thi-tlo {
		for _, j := range x.byHead[lo:hi] {
			if j != i && x.tailRank[j] >= tlo && x.tailRank[j] < thi {
				return false
			}
		}
		return true
	}
	for _, j := range x.byTail[tlo:thi] {
		if j != i && x.headRank[j] >= lo && x.headRank[j] < hi {
			return false
		}
	}
	return true
}

// cut is the first cut of name i to room cells, not in taken, that only
// it has the head and tail of; then a window on its middle; then any cut
// not in taken; then the balanced cut.
func (x *nameIndex) cut(i, room int, taken map[string]bool) string {
	name := x.names[i]
	at := clusters(name)
	keep := room - 1 // the "…"
	var fallback []string
	for _, t := range splits(keep) {
		c, head, tail := headTail(name, at, keep-t, t)
		if !taken[c] && x.only(i, head, tail) {
			return c
		}
		fallback = append(fallback, c)
	}
	for start := 1; start < len(at)-1; start++ {
		w := window(name, at, start, room-2)
		if c := "…" + w + "…"; !taken[c] && x.alone(i, w) {
			return c
		}
	}
	for _, c := range fallback {
		if !taken[c] {
			return c
		}
	}
	return fallback[0]
}

// alone reports whether only name i holds w; on a list too long to scan,
// whether w is new.
func (x *nameIndex) alone(i int, w string) bool {
	if len(x.names) > sharedLimit {
		return true
	}
	for j, n := range x.names {
		if j != i && strings.Contains(n, w) {
			return false
		}
	}
	return true
}

// splits are the tail lengths to try: the tail's half (the larger one)
// first, then more tail, then more head.
func splits(keep int) []int {
	mid := (keep + 1) / 2
	out := []int{mid}
	for d := 1; mid+d <= keep || mid-d >= 0; d++ {
		if mid+d <= keep {
			out = append(out, mid+d)
		}
		if mid-d >= 0 {
			out = append(out, mid-d)
		}
	}
	return out
}

// clusters are the byte offsets where each cell-run of s starts, and a
// last one at len(s).
func clusters(s string) []int {
	var at []int
	for i := 0; i < len(s); {
		n, _ := step(s, i)
		at = append(at, i)
		i += n
	}
	return append(at, len(s))
}

// headTail is s's first head and last tail cells joined by "…", and the
// bytes of each.
func headTail(s string, at []int, head, tail int) (cut string, headBytes, tailBytes int) {
	h, _ := fit(s, head)
	end, w := len(at)-1, 0
	for end > 0 {
		_, cw := step(s, at[end-1])
		if w+cw > tail || at[end-1] < len(h) {
			break
		}
		w += cw
		end--
	}
	return h + "…" + s[at[end]:], len(h), len(s) - at[end]
}

// window is up to width cells of s from its start-th cluster.
func window(s string, at []int, start, width int) string {
	out, _ := fit(s[at[start]:], width)
	return out
}
