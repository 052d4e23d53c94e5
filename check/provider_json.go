package check

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolbench/toolbench/internal/jsondoc"
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

// ojMaxDepth bounds recursive walks of a decoded value; the reader itself
// refuses deeper nesting than this.
const ojMaxDepth = 2000

// parseOJSON decodes one JSON value; at is its pointer in the tool object.
// schemaform's reader does the parsing, so conversions see key order and
// number text exactly as the form and lint do.
func parseOJSON(raw []byte, at string) (*ojson, error) {
	v, err := jsondoc.Parse(raw)
	if err != nil {
		return nil, err
	}
	return toOJSON(v, at), nil
}

// toOJSON copies a parsed value into the editable tree conversions build
// from; keys are appended, not set, so a thousand-property schema is not
// copied in quadratic time.
func toOJSON(v *jsondoc.Value, at string) *ojson {
	o := &ojson{kind: ojKind(v.Kind()), at: at}
	switch o.kind {
	case ojBool:
		o.b = v.IsTrue()
	case ojNum, ojStr:
		o.lit = v.Text()
	case ojArr:
		o.arr = make([]*ojson, v.Len())
		for i, item := range v.Items() {
			o.arr[i] = toOJSON(item, at+"/"+strconv.Itoa(i))
		}
	case ojObj:
		o.keys = append([]string(nil), v.Keys()...)
		o.vals = make([]*ojson, v.Len())
		for i, m := range v.Values() {
			o.vals[i] = toOJSON(m, ojPtr(at, o.keys[i]))
		}
	}
	return o
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
