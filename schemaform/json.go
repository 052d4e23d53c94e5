package schemaform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// jkind is the type of a JSON value.
type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNum
	jStr
	jArr
	jObj
)

// jv is a decoded JSON value that keeps what encoding/json forgets: the
// order of object keys (forms list fields as the server wrote them), the
// exact bytes of every value (numbers stay exact, raw nodes show the
// server's text), and where the value sits in the document.
type jv struct {
	kind jkind
	b    bool
	num  string // the number's literal text
	str  string
	arr  []*jv
	keys []string
	vals []*jv
	raw  []byte
	idx  map[string]int

	// ptr is the value's JSON pointer in its document. Parsed values leave
	// it to pointer(), which builds it from parent and tok on first use:
	// most pointers are never needed, and building them all is costly.
	ptr    string
	parent *jv
	tok    string
}

// pointer returns the value's JSON pointer in its document.
func (v *jv) pointer() string {
	if v.ptr == "" && v.parent != nil {
		v.ptr = v.parent.pointer() + "/" + escapeToken(v.tok)
	}
	return v.ptr
}

// get returns the member key of an object, or nil.
func (v *jv) get(key string) *jv {
	if v == nil || v.kind != jObj {
		return nil
	}
	if v.idx != nil {
		if i, ok := v.idx[key]; ok {
			return v.vals[i]
		}
		return nil
	}
	for i, k := range v.keys {
		if k == key {
			return v.vals[i]
		}
	}
	return nil
}

// str returns the member key when it is a string.
func (v *jv) getStr(key string) (string, bool) {
	m := v.get(key)
	if m == nil || m.kind != jStr {
		return "", false
	}
	return m.str, true
}

// maxDepth bounds nesting so hostile input cannot exhaust the stack.
const maxDepth = 2000

// parseJSON decodes data, reporting the byte offset of any syntax error.
func parseJSON(data []byte) (*jv, error) {
	p := &jparser{data: data}
	p.space()
	v, err := p.value(nil, "", 0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.data) {
		return nil, p.errorf("unexpected data after the JSON value")
	}
	return v, nil
}

type jparser struct {
	data []byte
	i    int
	slab []jv // values are carved from slabs: one allocation per many
}

// newValue returns a zeroed value from the current slab.
func (p *jparser) newValue(kind jkind) *jv {
	if len(p.slab) == cap(p.slab) {
		// Schemas spend about a dozen bytes of text per value (keys, quotes,
		// punctuation), so small inputs get small slabs; a denser document
		// just takes more of them.
		p.slab = make([]jv, 0, min(256, 4+(len(p.data)-p.i)/12))
	}
	p.slab = p.slab[:len(p.slab)+1]
	v := &p.slab[len(p.slab)-1]
	v.kind = kind
	return v
}

// SyntaxError is invalid JSON, with the byte offset where it goes wrong.
type SyntaxError struct {
	Offset int
	Msg    string
}

func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid JSON at byte %d: %s", e.Offset, e.Msg)
}

func (p *jparser) errorf(format string, args ...any) error {
	return &SyntaxError{Offset: p.i, Msg: fmt.Sprintf(format, args...)}
}

func (p *jparser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jparser) value(parent *jv, tok string, depth int) (*jv, error) {
	if depth > maxDepth {
		return nil, p.errorf("nested deeper than %d levels", maxDepth)
	}
	if p.i >= len(p.data) {
		return nil, p.errorf("unexpected end of input")
	}
	start := p.i
	var v *jv
	var err error
	switch c := p.data[p.i]; {
	case c == '{':
		v, err = p.object(depth)
	case c == '[':
		v, err = p.array(depth)
	case c == '"':
		var s string
		s, err = p.string()
		v = p.newValue(jStr)
		v.str = s
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

func (p *jparser) object(depth int) (*jv, error) {
	v := p.newValue(jObj)
	p.i++
	p.space()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return v, nil
	}
	for {
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
		p.space()
		if p.i >= len(p.data) {
			return nil, p.errorf("unexpected end of input in an object")
		}
		if p.data[p.i] == '}' {
			p.i++
			break
		}
		if p.data[p.i] != ',' {
			return nil, p.errorf("expected ',' or '}' in an object")
		}
		p.i++
	}
	if len(v.keys) > 16 {
		v.idx = make(map[string]int, len(v.keys))
		for i, k := range v.keys {
			if _, dup := v.idx[k]; !dup {
				v.idx[k] = i
			}
		}
	}
	return v, nil
}

func (p *jparser) array(depth int) (*jv, error) {
	v := p.newValue(jArr)
	p.i++
	p.space()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return v, nil
	}
	for {
		p.space()
		val, err := p.value(v, strconv.Itoa(len(v.arr)), depth+1)
		if err != nil {
			return nil, err
		}
		v.arr = append(v.arr, val)
		p.space()
		if p.i >= len(p.data) {
			return nil, p.errorf("unexpected end of input in an array")
		}
		if p.data[p.i] == ']' {
			p.i++
			return v, nil
		}
		if p.data[p.i] != ',' {
			return nil, p.errorf("expected ',' or ']' in an array")
		}
		p.i++
	}
}

// string reads a quoted string; escapes are decoded by encoding/json,
// which knows the rules (surrogate pairs, \u0000).
func (p *jparser) string() (string, error) {
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

func (p *jparser) number() (*jv, error) {
	start := p.i
	if p.data[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	intStart := p.i
	if digits() == 0 || (p.data[intStart] == '0' && p.i-intStart > 1) {
		p.i = start
		return nil, p.errorf("bad number")
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil, p.errorf("bad number: no digits after '.'")
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, p.errorf("bad number: no digits in the exponent")
		}
	}
	v := p.newValue(jNum)
	v.num = string(p.data[start:p.i])
	return v, nil
}

func (p *jparser) literal() (*jv, error) {
	for _, lit := range [...]struct {
		text string
		kind jkind
		b    bool
	}{{"true", jBool, true}, {"false", jBool, false}, {"null", jNull, false}} {
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

// escapeToken escapes a key for use in a JSON pointer (RFC 6901).
func escapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// unescapeToken reverses escapeToken.
func unescapeToken(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
}
