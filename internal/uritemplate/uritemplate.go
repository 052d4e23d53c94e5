// Package uritemplate reads the variables of an RFC 6570 URI template
// (levels 1 to 4) and expands it with string values. It is pure: the
// workbench builds a form from Variables and reads the resource Expand
// names.
package uritemplate

import (
	"fmt"
	"strconv"
	"strings"
)

// Template is a parsed URI template.
type Template struct {
	raw   string
	parts []part
}

// part is a literal run of the template or one expression.
type part struct {
	literal string
	expr    *expression
}

// expression is "{op var,var}".
type expression struct {
	op   operator
	vars []varspec
}

// varspec is one variable of an expression with its modifier.
type varspec struct {
	name    string
	prefix  int // 0: none
	explode bool
}

// operator is how an expression expands (RFC 6570 appendix A).
type operator struct {
	first, sep string
	named      bool
	ifEmpty    string
	// reserved lets reserved characters through unencoded (+ and #).
	reserved bool
}

var operators = map[byte]operator{
	'+': {sep: ",", reserved: true},
	'#': {first: "#", sep: ",", reserved: true},
	'.': {first: ".", sep: "."},
	'/': {first: "/", sep: "/"},
	';': {first: ";", sep: ";", named: true},
	'?': {first: "?", sep: "&", named: true, ifEmpty: "="},
	'&': {first: "&", sep: "&", named: true, ifEmpty: "="},
}

// Error is a template that does not parse: where and what.
type Error struct {
	// Offset is the byte offset in the template where the problem is.
	Offset int
	Reason string
}

// Error says what is wrong and where, in one line.
func (e *Error) Error() string {
	return fmt.Sprintf("URI template: %s at byte %d", e.Reason, e.Offset)
}

// maxPrefix is the largest prefix modifier RFC 6570 allows (":9999").
const maxPrefix = 9999

// Parse reads a URI template.
func Parse(tpl string) (*Template, error) {
	t := &Template{raw: tpl}
	for i := 0; i < len(tpl); {
		open := strings.IndexAny(tpl[i:], "{}")
		if open < 0 {
			t.parts = append(t.parts, part{literal: tpl[i:]})
			break
		}
		if open > 0 {
			t.parts = append(t.parts, part{literal: tpl[i : i+open]})
		}
		start := i + open
		if tpl[start] == '}' {
			return nil, &Error{Offset: start, Reason: "a '}' without its '{'"}
		}
		end := strings.IndexByte(tpl[start:], '}')
		if end < 0 {
			return nil, &Error{Offset: start, Reason: "a '{' without its '}'"}
		}
		e, err := parseExpression(tpl[start+1:start+end], start+1)
		if err != nil {
			return nil, err
		}
		t.parts = append(t.parts, part{expr: e})
		i = start + end + 1
	}
	return t, nil
}

// parseExpression reads the inside of braces; at is its offset in the
// template, for errors.
func parseExpression(body string, at int) (*expression, error) {
	e := &expression{op: operator{sep: ","}}
	if body != "" {
		if op, ok := operators[body[0]]; ok {
			e.op, body, at = op, body[1:], at+1
		} else if strings.ContainsRune("=,!@|", rune(body[0])) {
			return nil, &Error{Offset: at, Reason: fmt.Sprintf("the operator %q is reserved", body[0])}
		}
	}
	if body == "" {
		return nil, &Error{Offset: at, Reason: "an expression without a variable"}
	}
	for _, spec := range strings.Split(body, ",") {
		v, err := parseVarspec(spec, at)
		if err != nil {
			return nil, err
		}
		e.vars = append(e.vars, v)
		at += len(spec) + 1
	}
	return e, nil
}

func parseVarspec(spec string, at int) (varspec, error) {
	var v varspec
	name := spec
	switch {
	case strings.HasSuffix(spec, "*"):
		v.explode, name = true, spec[:len(spec)-1]
	case strings.Contains(spec, ":"):
		i := strings.IndexByte(spec, ':')
		name = spec[:i]
		n, err := strconv.Atoi(spec[i+1:])
		if err != nil || n < 1 || n > maxPrefix || spec[i+1] == '0' || spec[i+1] == '+' || spec[i+1] == '-' {
			return v, &Error{Offset: at + i + 1, Reason: fmt.Sprintf("the prefix %q is not a number from 1 to %d", spec[i+1:], maxPrefix)}
		}
		v.prefix = n
	}
	if !validName(name) {
		return v, &Error{Offset: at, Reason: fmt.Sprintf("%q is not a variable name", name)}
	}
	v.name = name
	return v, nil
}

// validName: ALPHA / DIGIT / "_" / pct-encoded, dots between.
func validName(name string) bool {
	if name == "" || name[0] == '.' || name[len(name)-1] == '.' || strings.Contains(name, "..") {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case isAlnum(c) || c == '_' || c == '.':
		case c == '%' && i+2 < len(name) && isHex(name[i+1]) && isHex(name[i+2]):
			i += 2
		default:
			return false
		}
	}
	return true
}

// Variables are the template's variable names, each once, in the order
// they first appear.
func (t *Template) Variables() []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range t.parts {
		if p.expr == nil {
			continue
		}
		for _, v := range p.expr.vars {
			if !seen[v.name] {
				seen[v.name] = true
				out = append(out, v.name)
			}
		}
	}
	return out
}

// String is the template as written.
func (t *Template) String() string { return t.raw }

// Expand fills the template with values; a variable missing from values
// is undefined and expands to nothing, as RFC 6570 says.
func (t *Template) Expand(values map[string]string) string {
	var b strings.Builder
	for _, p := range t.parts {
		if p.expr == nil {
			b.WriteString(p.literal)
			continue
		}
		p.expr.expand(&b, values)
	}
	return b.String()
}

func (e *expression) expand(b *strings.Builder, values map[string]string) {
	first := true
	for _, v := range e.vars {
		val, ok := values[v.name]
		if !ok {
			continue
		}
		if first {
			b.WriteString(e.op.first)
			first = false
		} else {
			b.WriteString(e.op.sep)
		}
		if v.prefix > 0 {
			val = runePrefix(val, v.prefix)
		}
		if e.op.named {
			b.WriteString(v.name)
			if val == "" {
				b.WriteString(e.op.ifEmpty)
				continue
			}
			b.WriteByte('=')
		}
		encode(b, val, e.op.reserved)
	}
}

// runePrefix is the first n characters of s (characters, not bytes).
func runePrefix(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// encode percent-encodes s as UTF-8: unreserved characters pass, and
// with reserved also reserved ones and existing pct-encoded triplets.
func encode(b *strings.Builder, s string, reserved bool) {
	const hex = "0123456789ABCDEF"
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isUnreserved(c):
			b.WriteByte(c)
		case reserved && isReserved(c):
			b.WriteByte(c)
		case reserved && c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteString(s[i : i+3])
			i += 2
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isUnreserved(c byte) bool { return isAlnum(c) || c == '-' || c == '.' || c == '_' || c == '~' }

func isReserved(c byte) bool { return strings.IndexByte(":/?#[]@!$&'()*+,;=", c) >= 0 }
