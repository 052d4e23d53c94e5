package check

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ojson is a decoded JSON value that keeps what a provider conversion must
// not lose: the order of object keys (a converted tool lists parameters the
// way the server wrote them, and Go maps would shuffle them), number
// literals exactly as written, and where each value sits in the tool object,
// so a finding can point at the keyword that caused it.
type ojson struct {
	kind ojKind
	lit  string // a number's literal, or a string's value
	b    bool
	arr  []*ojson
	keys []string
	vals []*ojson
	// at is the value's JSON pointer in the tool object as sent
	// ("/inputSchema/properties/x"); empty for values a conversion made.
	at string
}

type ojKind uint8

const (
	ojNull ojKind = iota
	ojBool
	ojNum
	ojStr
	ojArr
	ojObj
)

// ojMaxDepth bounds nesting while decoding, so that a hostile schema cannot
// exhaust the stack of a recursive walk.
const ojMaxDepth = 2000

// parseOJSON decodes one JSON value; at is its pointer in the tool object.
func parseOJSON(raw []byte, at string) (*ojson, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := ojDecode(dec, at, 0)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("unexpected data after the JSON value")
	}
	return v, nil
}

func ojDecode(dec *json.Decoder, at string, depth int) (*ojson, error) {
	if depth > ojMaxDepth {
		return nil, fmt.Errorf("JSON nests deeper than %d levels", ojMaxDepth)
	}
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '[' {
			v := &ojson{kind: ojArr, arr: []*ojson{}, at: at}
			for dec.More() {
				item, err := ojDecode(dec, at+"/"+strconv.Itoa(len(v.arr)), depth+1)
				if err != nil {
					return nil, err
				}
				v.arr = append(v.arr, item)
			}
			_, err = dec.Token()
			return v, err
		}
		v := &ojson{kind: ojObj, at: at}
		for dec.More() {
			ktok, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k := ktok.(string)
			val, err := ojDecode(dec, ojPtr(at, k), depth+1)
			if err != nil {
				return nil, err
			}
			// Appending, not set: set is linear per key, and a thousand-property
			// schema would make decoding quadratic.
			v.keys = append(v.keys, k)
			v.vals = append(v.vals, val)
		}
		_, err = dec.Token()
		return v, err
	case string:
		return &ojson{kind: ojStr, lit: t, at: at}, nil
	case json.Number:
		return &ojson{kind: ojNum, lit: string(t), at: at}, nil
	case bool:
		return &ojson{kind: ojBool, b: t, at: at}, nil
	default:
		return &ojson{kind: ojNull, at: at}, nil
	}
}

// ojPtr appends reference tokens to a JSON pointer, escaped as RFC 6901 says.
func ojPtr(base string, toks ...string) string {
	var b strings.Builder
	b.WriteString(base)
	for _, t := range toks {
		b.WriteByte('/')
		b.WriteString(strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1"))
	}
	return b.String()
}

// marshal writes the value as compact JSON, object keys in their order.
func (v *ojson) marshal() json.RawMessage {
	var b bytes.Buffer
	v.write(&b)
	return b.Bytes()
}

func (v *ojson) write(b *bytes.Buffer) {
	switch v.kind {
	case ojNull:
		b.WriteString("null")
	case ojBool:
		b.WriteString(strconv.FormatBool(v.b))
	case ojNum:
		b.WriteString(v.lit)
	case ojStr:
		ojQuote(b, v.lit)
	case ojArr:
		b.WriteByte('[')
		for i, item := range v.arr {
			if i > 0 {
				b.WriteByte(',')
			}
			item.write(b)
		}
		b.WriteByte(']')
	case ojObj:
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			ojQuote(b, k)
			b.WriteByte(':')
			v.vals[i].write(b)
		}
		b.WriteByte('}')
	}
}

// ojQuote writes s as a JSON string without HTML escaping: descriptions
// full of "<" and "&" should read the way the server wrote them.
func ojQuote(b *bytes.Buffer, s string) {
	plain := utf8.ValidString(s) && !strings.ContainsAny(s, "\"\\\u2028\u2029")
	for i := 0; plain && i < len(s); i++ {
		plain = s[i] >= 0x20
	}
	if plain {
		// Most strings need no escaping; an encoder per string is costly.
		b.WriteByte('"')
		b.WriteString(s)
		b.WriteByte('"')
		return
	}
	enc := json.NewEncoder(b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // encoding a string cannot fail
	b.Truncate(b.Len() - 1)
}
