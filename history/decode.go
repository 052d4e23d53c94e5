package history

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf8"
)

// decodeFast decodes a line of the shape EncodeRecord writes without
// encoding/json's reflection, which is most of what opening a history of
// 10,000 records costs. Anything it is not sure of (an escape in a string,
// a key it does not know, a number with a fraction) makes it give up,
// ok false, and the caller decodes the line with encoding/json instead, so
// the two never disagree. The raw arguments and result are checked as
// json.Valid would check them (validValue).
func decodeFast(line []byte) (r Record, ok bool) {
	d := &lineDecoder{b: line}
	ok = d.object(func(key string) bool { return d.recordField(&r, key) })
	return r, ok && d.end()
}

// lineDecoder reads one JSON line; every method returns false at the
// first byte it does not expect.
type lineDecoder struct {
	b []byte
	i int
}

// recordField decodes the value of key into r.
func (d *lineDecoder) recordField(r *Record, key string) bool {
	switch key {
	case "v":
		n, ok := d.int()
		r.V = int(n)
		return ok
	case "time":
		s, ok := d.str()
		return ok && r.Time.UnmarshalText([]byte(s)) == nil
	case "server":
		return d.object(func(k string) bool { return d.serverField(&r.Server, k) })
	case "arguments":
		return d.raw(&r.Arguments)
	case "result":
		return d.raw(&r.Result)
	case "isError":
		return d.bool(&r.IsError)
	case "output":
		if r.Output == nil {
			// A repeated key fills the same object, as encoding/json does.
			r.Output = &Output{}
		}
		return d.object(func(k string) bool { return d.outputField(r.Output, k) })
	case "durationMs":
		n, ok := d.int()
		r.DurationMs = n
		return ok
	}
	var dst *string
	switch key {
	case "tool":
		dst = &r.Tool
	case "era":
		dst = &r.Era
	case "protocolVersion":
		dst = &r.ProtocolVersion
	case "error":
		dst = &r.Error
	case "from":
		dst = &r.From
	}
	return dst != nil && d.strInto(dst)
}

// serverField decodes the value of key into s.
func (d *lineDecoder) serverField(s *Server, key string) bool {
	var dst *string
	switch key {
	case "key":
		dst = &s.Key
	case "label":
		dst = &s.Label
	case "name":
		dst = &s.Name
	case "reported":
		dst = &s.Reported
	case "version":
		dst = &s.Version
	}
	return dst != nil && d.strInto(dst)
}

// outputField decodes the value of key into o.
func (d *lineDecoder) outputField(o *Output, key string) bool {
	switch key {
	case "checked":
		return d.bool(&o.Checked)
	case "valid":
		return d.bool(&o.Valid)
	case "errors":
		return d.strings(&o.Errors)
	}
	return false
}

// object reads {"key": value, ...}, handing each key to field, which
// reads the value.
func (d *lineDecoder) object(field func(key string) bool) bool {
	if !d.eat('{') {
		return false
	}
	if d.eat('}') {
		return true
	}
	for {
		key, ok := d.str()
		if !ok || !d.eat(':') || !field(key) {
			return false
		}
		if d.eat('}') {
			return true
		}
		if !d.eat(',') {
			return false
		}
	}
}

// strings reads an array of strings.
func (d *lineDecoder) strings(dst *[]string) bool {
	if !d.eat('[') {
		return false
	}
	out := []string{}
	if !d.eat(']') {
		for {
			s, ok := d.str()
			if !ok {
				return false
			}
			out = append(out, s)
			if d.eat(']') {
				break
			}
			if !d.eat(',') {
				return false
			}
		}
	}
	*dst = out
	return true
}

// str reads a string with no escape, no control character and valid
// UTF-8: the strings toolbench itself writes; others go to encoding/json.
func (d *lineDecoder) str() (string, bool) {
	if !d.eat('"') {
		return "", false
	}
	start := d.i
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			s := d.b[start:d.i]
			d.i++
			return string(s), utf8.Valid(s)
		case c == '\\' || c < 0x20:
			return "", false
		}
		d.i++
	}
	return "", false
}

func (d *lineDecoder) strInto(dst *string) bool {
	s, ok := d.str()
	*dst = s
	return ok
}

// int reads an integer with no fraction or exponent.
func (d *lineDecoder) int() (int64, bool) {
	d.space()
	start := d.i
	if d.i < len(d.b) && d.b[d.i] == '-' {
		d.i++
	}
	for d.i < len(d.b) && '0' <= d.b[d.i] && d.b[d.i] <= '9' {
		d.i++
	}
	if d.i < len(d.b) && (d.b[d.i] == '.' || d.b[d.i] == 'e' || d.b[d.i] == 'E') {
		return 0, false
	}
	digits := d.b[start:d.i]
	n, err := strconv.ParseInt(string(digits), 10, 64)
	// JSON allows no leading zero: 0 and -0, never 01.
	digits = bytes.TrimPrefix(digits, []byte{'-'})
	return n, err == nil && (len(digits) == 1 || digits[0] != '0')
}

// bool reads true or false.
func (d *lineDecoder) bool(dst *bool) bool {
	d.space()
	for _, lit := range []string{"true", "false"} {
		if bytes.HasPrefix(d.b[d.i:], []byte(lit)) {
			d.i += len(lit)
			*dst = lit == "true"
			return true
		}
	}
	return false
}

// raw reads any one JSON value, checked as json.Valid would, as a copy.
func (d *lineDecoder) raw(dst *json.RawMessage) bool {
	d.space()
	start := d.i
	end, ok := validValue(d.b, d.i)
	if !ok {
		return false
	}
	d.i = end
	*dst = append(json.RawMessage(nil), d.b[start:end]...)
	return true
}

// eat moves past c, after any whitespace, or says it is not there.
func (d *lineDecoder) eat(c byte) bool {
	d.space()
	if d.i < len(d.b) && d.b[d.i] == c {
		d.i++
		return true
	}
	return false
}

func (d *lineDecoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\r', '\n':
			d.i++
		default:
			return
		}
	}
}

// end says nothing but whitespace follows the value.
func (d *lineDecoder) end() bool {
	d.space()
	return d.i == len(d.b)
}
