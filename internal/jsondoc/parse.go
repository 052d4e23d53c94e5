package jsondoc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MaxDepth bounds nesting so hostile input cannot exhaust the stack:
// deeper documents are syntax errors, and walks over parsed values may
// rely on it.
const MaxDepth = 2000

// SyntaxError is invalid JSON, with the byte offset where it goes wrong.
type SyntaxError struct {
	Offset int
	Msg    string
}

// Error says where the text stops being JSON and why.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid JSON at byte %d: %s", e.Offset, e.Msg)
}

// Parse decodes one JSON document; a syntax error is a *SyntaxError.
func Parse(data []byte) (*Value, error) { return ParseAt(data, "") }

// ParseAt decodes a document that sits at pointer base in a larger one
// (a tool's "/inputSchema"): every value's Pointer starts with base.
func ParseAt(data []byte, base string) (*Value, error) {
	p := &parser{data: data}
	p.space()
	v, err := p.value(nil, "", 0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.data) {
		return nil, p.errorf("unexpected data after the JSON value")
	}
	v.ptr = base
	return v, nil
}

type parser struct {
	data []byte
	i    int
	slab []Value // values are carved from slabs: one allocation per many
}

// newValue returns a zeroed value from the current slab.
func (p *parser) newValue(kind Kind) *Value {
	if len(p.slab) == cap(p.slab) {
		// Schemas spend about a dozen bytes of text per value (keys, quotes,
		// punctuation), so small inputs get small slabs; a denser document
		// just takes more of them.
		p.slab = make([]Value, 0, min(256, 4+(len(p.data)-p.i)/12))
	}
	p.slab = p.slab[:len(p.slab)+1]
	v := &p.slab[len(p.slab)-1]
	v.kind = kind
	return v
}

func (p *parser) errorf(format string, args ...any) error {
	return &SyntaxError{Offset: p.i, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *parser) value(parent *Value, tok string, depth int) (*Value, error) {
	if depth > MaxDepth {
		return nil, p.errorf("nested deeper than %d levels", MaxDepth)
	}
	if p.i >= len(p.data) {
		return nil, p.errorf("unexpected end of input")
	}
	start := p.i
	var v *Value
	var err error
	switch c := p.data[p.i]; {
	case c == '{':
		v, err = p.object(depth)
	case c == '[':
		v, err = p.array(depth)
	case c == '"':
		var s string
		s, err = p.string()
		v = p.newValue(String)
		v.text = s
	case c == '-' || (c >= '0' && c <= '9'):
		v, err = p.number()
	default:
		v, err = p.literal()
	}
	if err != nil {
		return nil, err
	}
	v.raw, v.parent, v.tok = p.data[start:p.i], parent, tok
	return v, nil
}

func (p *parser) object(depth int) (*Value, error) {
	v := p.newValue(Object)
	for more := p.open('}'); more; {
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			return nil, p.errorf("expected a string key")
		}
		key, err := p.string()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return nil, p.errorf("expected ':' after key %q", key)
		}
		p.i++
		p.space()
		val, err := p.value(v, key, depth+1)
		if err != nil {
			return nil, err
		}
		v.keys, v.vals = append(v.keys, key), append(v.vals, val)
		if more, err = p.next('}', "an object"); err != nil {
			return nil, err
		}
	}
	if len(v.keys) > indexAbove {
		v.reindex()
	}
	return v, nil
}

func (p *parser) array(depth int) (*Value, error) {
	v := p.newValue(Array)
	for more := p.open(']'); more; {
		p.space()
		val, err := p.value(v, strconv.Itoa(len(v.vals)), depth+1)
		if err != nil {
			return nil, err
		}
		v.vals = append(v.vals, val)
		if more, err = p.next(']', "an array"); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// open moves past the opening bracket of an object or array and reports
// whether an element follows, or the closing bracket (moved past too).
func (p *parser) open(closing byte) bool {
	p.i++
	p.space()
	if p.i < len(p.data) && p.data[p.i] == closing {
		p.i++
		return false
	}
	return true
}

// next moves past the comma before another element, reporting true, or
// past the closing bracket, reporting false.
func (p *parser) next(closing byte, in string) (bool, error) {
	p.space()
	switch {
	case p.i >= len(p.data):
		return false, p.errorf("unexpected end of input in %s", in)
	case p.data[p.i] == closing:
		p.i++
		return false, nil
	case p.data[p.i] != ',':
		return false, p.errorf("expected ',' or '%c' in %s", closing, in)
	}
	p.i++
	return true, nil
}

// string reads a quoted string; escapes are decoded by encoding/json,
// which knows the rules (surrogate pairs, \u0000).
func (p *parser) string() (string, error) {
	start := p.i
	p.i++
	escaped := false
	for p.i < len(p.data) {
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			if !escaped {
				s := p.data[start+1 : p.i-1]
				if !utf8.Valid(s) {
					return validUTF8(s), nil
				}
				return string(s), nil
			}
			var s string
			if err := json.Unmarshal(p.data[start:p.i], &s); err != nil {
				p.i = start
				return "", p.errorf("bad string escape")
			}
			return s, nil
		case c == '\\':
			escaped = true
			p.i += 2
		case c < 0x20:
			return "", p.errorf("control character in a string")
		default:
			p.i++
		}
	}
	p.i = start
	return "", p.errorf("unterminated string")
}

func (p *parser) number() (*Value, error) {
	start := p.i
	if p.data[p.i] == '-' {
		p.i++
	}
	intStart := p.i
	if p.digits() == 0 || (p.data[intStart] == '0' && p.i-intStart > 1) {
		p.i = start
		return nil, p.errorf("bad number")
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if p.digits() == 0 {
			return nil, p.errorf("bad number: no digits after '.'")
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			return nil, p.errorf("bad number: no digits in the exponent")
		}
	}
	v := p.newValue(Number)
	v.text = string(p.data[start:p.i])
	return v, nil
}

// digits skips decimal digits and says how many there were.
func (p *parser) digits() int {
	n := 0
	for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
		p.i++
		n++
	}
	return n
}

func (p *parser) literal() (*Value, error) {
	for _, lit := range [...]struct {
		text string
		kind Kind
		b    bool
	}{{"true", Bool, true}, {"false", Bool, false}, {"null", Null, false}} {
		if bytes.HasPrefix(p.data[p.i:], []byte(lit.text)) {
			p.i += len(lit.text)
			v := p.newValue(lit.kind)
			v.b = lit.b
			return v, nil
		}
	}
	return nil, p.errorf("invalid character %q", p.data[p.i])
}

// validUTF8 replaces each invalid byte with U+FFFD, as encoding/json
// does, so a value read here and one read there agree.
func validUTF8(s []byte) string {
	var b strings.Builder
	for len(s) > 0 {
		r, size := utf8.DecodeRune(s)
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.Write(s[:size])
		}
		s = s[size:]
	}
	return b.String()
}
