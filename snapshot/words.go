package snapshot

import "unicode"

// maxWordCells bounds the word diff's table: past it, a description is
// shown as all removed and all added rather than spending quadratic time
// on a hostile one.
const maxWordCells = 1 << 20

// wordDiff is a word-level diff of a and b: runs of kept, removed and
// added words with their spacing. The words both share at the start and
// at the end are kept before the quadratic part sees them: most edits
// touch a few words of a long description.
func wordDiff(a, b string) []Edit {
	x, y := words(a), words(b)
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	out := merge(nil, []Edit{{Op: "=", Text: join(x[:pre])}})
	out = merge(out, middleDiff(x[pre:len(x)-suf], y[pre:len(y)-suf]))
	return merge(out, []Edit{{Op: "=", Text: join(x[len(x)-suf:])}})
}

func join(words []string) string {
	n := 0
	for _, w := range words {
		n += len(w)
	}
	b := make([]byte, 0, n)
	for _, w := range words {
		b = append(b, w...)
	}
	return string(b)
}

// middleDiff is the word diff of x and y by their longest common
// subsequence.
func middleDiff(x, y []string) []Edit {
	if len(x)*len(y) > maxWordCells {
		return merge(nil, []Edit{{Op: "-", Text: join(x)}, {Op: "+", Text: join(y)}})
	}
	// lcs[i][j] is the longest common subsequence of x[i:] and y[j:].
	w := len(y) + 1
	lcs := make([]int32, (len(x)+1)*w)
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	var out []Edit
	i, j := 0, 0
	for i < len(x) && j < len(y) {
		switch {
		case x[i] == y[j]:
			out = merge(out, []Edit{{Op: "=", Text: x[i]}})
			i, j = i+1, j+1
		case lcs[(i+1)*w+j] >= lcs[i*w+j+1]:
			out = merge(out, []Edit{{Op: "-", Text: x[i]}})
			i++
		default:
			out = merge(out, []Edit{{Op: "+", Text: y[j]}})
			j++
		}
	}
	for ; i < len(x); i++ {
		out = merge(out, []Edit{{Op: "-", Text: x[i]}})
	}
	for ; j < len(y); j++ {
		out = merge(out, []Edit{{Op: "+", Text: y[j]}})
	}
	return out
}

// merge appends edits to out, joining runs of the same operation and
// dropping empty ones.
func merge(out, edits []Edit) []Edit {
	for _, e := range edits {
		if e.Text == "" {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Op == e.Op {
			out[n-1].Text += e.Text
			continue
		}
		out = append(out, e)
	}
	return out
}

// words splits s into runs of spaces, runs of letters and digits, and
// single other characters, so that "end." still matches in "end., now".
func words(s string) []string {
	var out []string
	start, prev := 0, -1
	for i, r := range s {
		c := charClass(r)
		if i > start && (c != prev || c == punctuation) {
			out = append(out, s[start:i])
			start = i
		}
		prev = c
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// Character classes of a word diff's tokens.
const (
	space = iota
	letter
	punctuation
)

func charClass(r rune) int {
	switch {
	case unicode.IsSpace(r):
		return space
	case unicode.IsLetter(r), unicode.IsDigit(r), r == '_':
		return letter
	}
	return punctuation
}
