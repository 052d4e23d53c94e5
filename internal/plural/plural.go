// Package plural writes counts as English reads them: "1 tool", "3 tools",
// "2 entries". Every surface of toolbench counts things (tools, findings,
// violations, characters), and one count must not read "1 tools".
package plural

import (
	"strconv"
	"strings"
)

// Noun returns word, a singular English noun, in the form that goes with
// n: word itself for one, its plural otherwise.
func Noun(n int, word string) string {
	if n == 1 || n == -1 {
		return word
	}
	return Of(word)
}

// Count returns n and the noun that goes with it: Count(1, "tool") is
// "1 tool", Count(2, "entry") is "2 entries".
func Count(n int, word string) string { return strconv.Itoa(n) + " " + Noun(n, word) }

// Of returns the plural of the singular noun word, by the regular rules:
// a consonant and y take -ies, a hissing end takes -es, the rest -s.
func Of(word string) string {
	switch {
	case len(word) > 1 && strings.HasSuffix(word, "y") && !strings.ContainsRune("aeiou", rune(word[len(word)-2])):
		return word[:len(word)-1] + "ies"
	case hasAnySuffix(word, "s", "x", "z", "ch", "sh"):
		return word + "es"
	}
	return word + "s"
}

func hasAnySuffix(s string, suffixes ...string) bool {
	for _, suf := range suffixes {
		if strings.HasSuffix(s, suf) {
			return true
		}
	}
	return false
}
