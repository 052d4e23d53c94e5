package secrets

import (
	"bytes"
	"encoding/json"
	"strings"
)

// ScrubJSON returns the JSON document b with every secret inside a string
// (a key or a value) replaced by its $NAME, however the string spells it:
// plain, with JSON's short escapes, or with \u escapes. Each string that
// holds a secret is decoded, the secrets replaced in its text, and the
// string encoded again; nothing else of b changes, so the result is JSON
// whenever b is. ok is false when a secret sits where "$NAME" cannot
// stand in for it (inside a number); the caller must then not write what
// holds it. When no secret can be in b, b itself is returned.
func (s *Set) ScrubJSON(b []byte) (out []byte, ok bool) {
	entries := s.snapshot()
	if !mayHold(b, entries) {
		return b, true
	}
	var w bytes.Buffer
	ok = true
	last := 0
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == '"':
			end := stringEnd(b, i)
			if repl, changed := scrubString(b[i:end], entries); changed {
				w.Write(b[last:i])
				w.Write(repl)
				last = end
			}
			i = end
		case c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z':
			end := i + 1
			for end < len(b) && strings.IndexByte(" \t\r\n,:]}\"[{", b[end]) < 0 {
				end++
			}
			if literalHolds(b[i:end], entries) {
				ok = false
			}
			i = end
		default:
			i++
		}
	}
	if last == 0 {
		return b, ok
	}
	w.Write(b[last:])
	return w.Bytes(), ok
}

// mayHold is the fast path: false when no secret can be in b, because
// none appears in its plain or escaped form and b has no escape (\u or
// \/) that could spell one differently.
func mayHold(b []byte, entries []entry) bool {
	if len(entries) == 0 {
		return false
	}
	for _, e := range entries {
		if e.whole && bytes.Contains(b, e.quoted) || !e.whole && (bytes.Contains(b, e.plain) || bytes.Contains(b, e.escaped)) {
			return true
		}
	}
	return bytes.Contains(b, []byte(`\u`)) || bytes.Contains(b, []byte(`\/`))
}

// stringEnd is the index just past the JSON string that starts at b[i].
func stringEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(b)
}

// scrubString returns the JSON string lit with its secrets replaced, and
// whether it changed. A string that does not decode is left alone.
func scrubString(lit []byte, entries []entry) ([]byte, bool) {
	var text string
	if bytes.IndexByte(lit, '\\') < 0 && len(lit) >= 2 {
		if !rawHolds(lit[1:len(lit)-1], entries) {
			return nil, false
		}
		text = string(lit[1 : len(lit)-1])
	} else if t, ok := decodeString(lit); ok {
		text = t
	} else {
		return nil, false
	}
	clean := text
	for _, e := range entries {
		switch {
		case e.whole:
			if clean == e.Value {
				clean = e.Ref()
			}
		case strings.Contains(clean, e.Value):
			clean = strings.ReplaceAll(clean, e.Value, e.Ref())
		}
	}
	if clean == text {
		return nil, false
	}
	q, err := json.Marshal(clean)
	if err != nil {
		return nil, false
	}
	return q, true
}

// literalHolds reports whether a number or literal holds a secret long
// enough to search for inside it. A short one it equals is not counted: a
// number 42 beside a PIN of 42 tells nothing, and true is not a secret.
func literalHolds(lit []byte, entries []entry) bool {
	for _, e := range entries {
		if !e.whole && bytes.Contains(lit, e.plain) {
			return true
		}
	}
	return false
}

// rawHolds reports whether the text of a string without escapes holds a
// secret, before any of it is copied.
func rawHolds(text []byte, entries []entry) bool {
	for _, e := range entries {
		if e.whole && bytes.Equal(text, e.plain) || !e.whole && bytes.Contains(text, e.plain) {
			return true
		}
	}
	return false
}

// decodeString is the text of the JSON string lit. It is a function of
// its own so that the common path of scrubString, strings without
// escapes, does not pay for the decoder's pointer escaping to the heap.
func decodeString(lit []byte) (string, bool) {
	var text string
	if json.Unmarshal(lit, &text) != nil {
		return "", false
	}
	return text, true
}
