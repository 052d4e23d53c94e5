package schemaform

import (
	"regexp/syntax"
	"strings"
	"unicode"
)

// generateFromPattern builds a short string the pattern matches, for
// examples: PRD-[0-9]{6} gives PRD-000000. It handles literals, classes,
// repetition and alternation; ok is false when the result does not match
// (lookaround and the like) or the pattern is not RE2.
func generateFromPattern(p string) (string, bool) {
	re, err := syntax.Parse(translatePattern(p), syntax.Perl)
	if err != nil {
		return "", false
	}
	var b strings.Builder
	gen(&b, re, 0)
	out := b.String()
	compiled, err := compilePattern(p)
	if err != nil || !compiled.MatchString(out) {
		return "", false
	}
	return out, true
}

func gen(b *strings.Builder, re *syntax.Regexp, depth int) {
	if depth > 100 || b.Len() > 4096 {
		return
	}
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		b.WriteRune(pickRune(re.Rune))
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a')
	case syntax.OpCapture:
		gen(b, re.Sub[0], depth+1)
	case syntax.OpPlus:
		gen(b, re.Sub[0], depth+1)
	case syntax.OpRepeat:
		for i := 0; i < re.Min; i++ {
			gen(b, re.Sub[0], depth+1)
		}
	case syntax.OpConcat:
		for _, s := range re.Sub {
			gen(b, s, depth+1)
		}
	case syntax.OpAlternate:
		gen(b, re.Sub[0], depth+1)
	}
}

// pickRune chooses a readable rune from a class's ranges: a lowercase
// letter, a digit or an uppercase letter when the class has one.
func pickRune(ranges []rune) rune {
	for _, want := range []rune{'a', '0', 'A', 'x'} {
		for i := 0; i+1 < len(ranges); i += 2 {
			if ranges[i] <= want && want <= ranges[i+1] {
				return want
			}
		}
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		for r := ranges[i]; r <= ranges[i+1] && r-ranges[i] < 256; r++ {
			if unicode.IsPrint(r) {
				return r
			}
		}
	}
	if len(ranges) > 0 {
		return ranges[0]
	}
	return 'a'
}
