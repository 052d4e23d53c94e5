package jsondoc

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Marshal writes v as compact JSON: object keys in their order, numbers as
// written, strings without HTML escaping (descriptions full of "<" and "&"
// read the way the server wrote them).
func (v *Value) Marshal() []byte {
	var b bytes.Buffer
	v.write(&b)
	return b.Bytes()
}

func (v *Value) write(b *bytes.Buffer) {
	switch v.kind {
	case Null:
		b.WriteString("null")
	case Bool:
		b.WriteString(strconv.FormatBool(v.b))
	case Number:
		b.WriteString(v.text)
	case String:
		quote(b, v.text)
	case Array:
		b.WriteByte('[')
		for i, item := range v.vals {
			if i > 0 {
				b.WriteByte(',')
			}
			item.write(b)
		}
		b.WriteByte(']')
	case Object:
		b.WriteByte('{')
		for i, k := range v.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			quote(b, k)
			b.WriteByte(':')
			v.vals[i].write(b)
		}
		b.WriteByte('}')
	}
}

// quote writes s as a JSON string without HTML escaping.
func quote(b *bytes.Buffer, s string) {
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

// Any converts v to what encoding/json decodes with UseNumber: maps,
// slices, strings, bools, json.Number and nil, as the validator takes
// them. With duplicate keys the last wins.
func (v *Value) Any() any {
	if v == nil {
		return nil
	}
	switch v.kind {
	case Bool:
		return v.b
	case Number:
		return json.Number(v.text)
	case String:
		return v.text
	case Array:
		out := make([]any, len(v.vals))
		for i, x := range v.vals {
			out[i] = x.Any()
		}
		return out
	case Object:
		out := make(map[string]any, len(v.keys))
		for i, k := range v.keys {
			out[k] = v.vals[i].Any()
		}
		return out
	}
	return nil
}
