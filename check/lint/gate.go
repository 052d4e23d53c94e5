package lint

import (
	"regexp"
	"regexp/syntax"
	"strings"
	"sync"
	"unicode/utf8"
)

// gatedRE is a regexp behind a cheap test. Go's regexps over case-folded
// alternations cost microseconds per description, and most descriptions
// match none of them; every match needs one of a few literals, though, and
// strings.Contains rules text out in nanoseconds.
//
// It compiles on first use: every toolbench command loads this package, and
// only lint needs its regexps.
type gatedRE struct {
	expr string
	once sync.Once
	re   *regexp.Regexp
	// needs holds lower-case strings one of which every match contains;
	// nil when none could be worked out, and the regexp always runs.
	needs []string
}

// gated makes the gated regexp of expr, compiled when first used.
func gated(expr string) *gatedRE { return &gatedRE{expr: expr} }

func (g *gatedRE) compile() *gatedRE {
	g.once.Do(func() { g.re, g.needs = regexp.MustCompile(g.expr), requiredLiterals(g.expr) })
	return g
}

// regexp returns the compiled regexp.
func (g *gatedRE) regexp() *regexp.Regexp { return g.compile().re }

// may reports whether text can match: lower is text in lower case.
func (g *gatedRE) may(lower string) bool {
	needs := g.compile().needs
	if needs == nil {
		return true
	}
	for _, s := range needs {
		if strings.Contains(lower, s) {
			return true
		}
	}
	return false
}

// MatchString reports whether text matches.
func (g *gatedRE) MatchString(text string) bool {
	return g.may(strings.ToLower(text)) && g.regexp().MatchString(text)
}

// requiredLiterals works out strings, in lower case, one of which every
// match of expr contains, or nil.
func requiredLiterals(expr string) []string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	return literalsOf(re.Simplify())
}

// maxClassLiterals bounds how large a character class is spelled out as
// alternative one-character literals ("[-~到至]" is four).
const maxClassLiterals = 10

func literalsOf(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpLiteral:
		return []string{strings.ToLower(string(re.Rune))}
	case syntax.OpCharClass:
		return classLiterals(re.Rune)
	case syntax.OpCapture, syntax.OpPlus:
		return literalsOf(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return literalsOf(re.Sub[0])
		}
	case syntax.OpConcat:
		// Every part must match, so any part's literals will do: take the
		// most selective.
		var best []string
		for _, sub := range re.Sub {
			if l := literalsOf(sub); l != nil && moreSelective(l, best) {
				best = l
			}
		}
		return best
	case syntax.OpAlternate:
		// Any branch may match, so every branch must name its literals.
		var all []string
		for _, sub := range re.Sub {
			l := literalsOf(sub)
			if l == nil {
				return nil
			}
			all = append(all, l...)
		}
		return all
	}
	return nil
}

// classLiterals spells out a small character class, given as rune ranges.
func classLiterals(ranges []rune) []string {
	var out []string
	for i := 0; i+1 < len(ranges); i += 2 {
		if int(ranges[i+1]-ranges[i])+len(out) >= maxClassLiterals {
			return nil
		}
		for r := ranges[i]; r <= ranges[i+1]; r++ {
			out = append(out, strings.ToLower(string(r)))
		}
	}
	return out
}

// moreSelective prefers literals whose shortest is longer, then fewer.
func moreSelective(a, b []string) bool {
	if b == nil {
		return true
	}
	if ma, mb := shortest(a), shortest(b); ma != mb {
		return ma > mb
	}
	return len(a) < len(b)
}

func shortest(list []string) int {
	n := -1
	for _, s := range list {
		if c := utf8.RuneCountInString(s); n < 0 || c < n {
			n = c
		}
	}
	return n
}
