package check

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// parseDoc parses a schema document; base is its pointer in the tool
// object ("/inputSchema").
func parseDoc(data []byte, base string) (*jnode, error) {
	p := &jparser{data: data}
	root, err := p.value(nil, "")
	if err != nil {
		return nil, err
	}
	if p.ws(); p.i < len(p.data) {
		return nil, p.fail("extra data after the JSON value")
	}
	root.base = base
	return root, nil
}

// maxParseDepth matches encoding/json's nesting limit.
const maxParseDepth = 10000

// jparser is a small JSON parser. encoding/json's token stream would do,
// but it costs a third of a lint run; this one cuts each value's bytes
// straight out of the input.
type jparser struct {
	data  []byte
	i     int
	depth int
}

func (p *jparser) fail(msg string) error {
	return fmt.Errorf("%s at offset %d", msg, p.i)
}

// ws skips whitespace.
func (p *jparser) ws() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

func (p *jparser) value(parent *jnode, token string) (*jnode, error) {
	if p.ws(); p.i >= len(p.data) {
		return nil, p.fail("unexpected end of JSON")
	}
	start := p.i
	n := &jnode{parent: parent, token: token}
	var err error
	switch c := p.data[p.i]; {
	case c == '{' || c == '[':
		if p.depth++; p.depth > maxParseDepth {
			return nil, p.fail("JSON nested too deep")
		}
		if c == '{' {
			n.kind, err = jObj, p.object(n)
		} else {
			n.kind, err = jArr, p.array(n)
		}
		p.depth--
	case c == '"':
		n.kind = jStr
		n.str, err = p.readString()
	case c == '-' || (c >= '0' && c <= '9'):
		n.kind, err = jNum, p.number()
		n.str = string(p.data[start:p.i])
	default:
		err = p.literal(n)
	}
	if err != nil {
		return nil, err
	}
	n.raw = p.data[start:p.i]
	return n, nil
}

func (p *jparser) literal(n *jnode) error {
	for _, lit := range [...]struct {
		text string
		kind jkind
		b    bool
	}{{"true", jBool, true}, {"false", jBool, false}, {"null", jNull, false}} {
		if len(p.data)-p.i >= len(lit.text) && string(p.data[p.i:p.i+len(lit.text)]) == lit.text {
			p.i += len(lit.text)
			n.kind, n.b = lit.kind, lit.b
			return nil
		}
	}
	return p.fail("invalid character " + strconv.QuoteRune(rune(p.data[p.i])))
}

func (p *jparser) object(n *jnode) error {
	p.i++ // the opening brace
	for first := true; ; first = false {
		if p.ws(); p.i < len(p.data) && p.data[p.i] == '}' && first {
			p.i++
			return nil
		}
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			return p.fail("expected a string key")
		}
		k, err := p.readString()
		if err != nil {
			return err
		}
		if p.ws(); p.i >= len(p.data) || p.data[p.i] != ':' {
			return p.fail("expected a colon")
		}
		p.i++
		v, err := p.value(n, k)
		if err != nil {
			return err
		}
		n.keys = append(n.keys, k)
		n.vals = append(n.vals, v)
		if done, err := p.next('}'); done || err != nil {
			return err
		}
	}
}

func (p *jparser) array(n *jnode) error {
	p.i++ // the opening bracket
	if p.ws(); p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return nil
	}
	for i := 0; ; i++ {
		v, err := p.value(n, strconv.Itoa(i))
		if err != nil {
			return err
		}
		n.vals = append(n.vals, v)
		if done, err := p.next(']'); done || err != nil {
			return err
		}
	}
}

// next consumes a comma, or the closing character and reports done.
func (p *jparser) next(closing byte) (done bool, err error) {
	if p.ws(); p.i < len(p.data) {
		switch p.data[p.i] {
		case ',':
			p.i++
			return false, nil
		case closing:
			p.i++
			return true, nil
		}
	}
	return false, p.fail("expected a comma or " + string(closing))
}

// readString reads a JSON string. Escapes and invalid UTF-8 are rare in
// schemas, so encoding/json decodes only the strings that have them (it
// turns bad bytes into U+FFFD, and the validator must see the same names).
func (p *jparser) readString() (string, error) {
	start := p.i
	escaped := false
	for p.i++; p.i < len(p.data); p.i++ {
		switch c := p.data[p.i]; {
		case c == '\\':
			escaped = true
			p.i++
		case c == '"':
			p.i++
			if body := p.data[start+1 : p.i-1]; !escaped && utf8.Valid(body) {
				return string(body), nil
			}
			var s string
			if err := json.Unmarshal(p.data[start:p.i], &s); err != nil {
				return "", p.fail("invalid string: " + err.Error())
			}
			return s, nil
		case c < 0x20:
			return "", p.fail("control character in string")
		}
	}
	return "", p.fail("unterminated string")
}

// number reads a JSON number.
func (p *jparser) number() error {
	digits := func() int {
		n := 0
		for p.i < len(p.data) && p.data[p.i] >= '0' && p.data[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	if p.data[p.i] == '-' {
		p.i++
	}
	if p.i < len(p.data) && p.data[p.i] == '0' {
		p.i++
	} else if digits() == 0 {
		return p.fail("invalid number")
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		if p.i++; digits() == 0 {
			return p.fail("invalid number")
		}
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		if p.i++; p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return p.fail("invalid number")
		}
	}
	return nil
}
