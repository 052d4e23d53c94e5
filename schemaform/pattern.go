package schemaform

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// JSON Schema patterns are ECMA-262 regular expressions; Go has RE2. Most
// patterns mean the same in both. translatePattern rewrites the spellings
// that differ (\uXXXX, \u{...}, \cX, [^]); what RE2 cannot express at all
// (lookaround, backreferences) stays an error, reported as a warning while
// the field stays usable.
func translatePattern(p string) string {
	if !strings.ContainsAny(p, `\[`) {
		return p
	}
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if strings.HasPrefix(p[i:], "[^]") {
			b.WriteString(`[\s\S]`)
			i += 2
			continue
		}
		if p[i] != '\\' || i+1 >= len(p) {
			b.WriteByte(p[i])
			continue
		}
		switch next := p[i+1]; {
		case next == 'u' && i+5 < len(p) && isHex(p[i+2:i+6]):
			fmt.Fprintf(&b, `\x{%s}`, p[i+2:i+6])
			i += 5
		case next == 'u' && i+2 < len(p) && p[i+2] == '{':
			if end := strings.IndexByte(p[i:], '}'); end > 0 && isHex(p[i+3:i+end]) {
				fmt.Fprintf(&b, `\x{%s}`, p[i+3:i+end])
				i += end
				continue
			}
			b.WriteString(p[i : i+2])
			i++
		case next == 'c' && i+2 < len(p) && isLetter(p[i+2]):
			fmt.Fprintf(&b, `\x{%02x}`, p[i+2]&0x1f)
			i += 2
		default:
			b.WriteString(p[i : i+2])
			i++
		}
	}
	return b.String()
}

func isHex(s string) bool {
	if s == "" {
		return false
	}
	_, err := strconv.ParseUint(s, 16, 32)
	return err == nil
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// compiledPattern is a pattern's regexp, or why RE2 cannot express it.
type compiledPattern struct {
	re  *regexp.Regexp
	err error
}

// patternCache holds compiled patterns by their text.
var patternCache = lru[string, compiledPattern]{limit: patternCacheSize}

// compilePattern compiles an ECMA-262 pattern with RE2, memoised.
func compilePattern(p string) (*regexp.Regexp, error) {
	if c, ok := patternCache.get(p); ok {
		return c.re, c.err
	}
	re, err := regexp.Compile(translatePattern(p))
	if err != nil {
		err = fmt.Errorf("not expressible in Go's RE2: %v", unwrapRegexpError(err))
	}
	patternCache.put(p, compiledPattern{re, err})
	return re, err
}

func unwrapRegexpError(err error) string {
	return strings.TrimPrefix(err.Error(), "error parsing regexp: ")
}

// lenientRegexp is what the validator uses for a pattern RE2 cannot
// compile: it accepts everything, so one bad pattern does not stop the
// rest of the schema from being checked.
type lenientRegexp string

// MatchString implements jsonschema.Regexp.
func (lenientRegexp) MatchString(string) bool { return true }

// String implements jsonschema.Regexp.
func (r lenientRegexp) String() string { return string(r) }
