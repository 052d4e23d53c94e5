package config

import (
	"bytes"
	"encoding/json"
)

// frame is one open object or array while dupKey walks a value.
type frame struct {
	object bool
	// keys maps each key of an object seen so far to its offset.
	keys map[string]int64
	// wantKey is true when an object's next token is a key.
	wantKey bool
}

// dupKey finds the first key given twice in one object anywhere inside
// the JSON value raw ({"command": "a", "command": "b"}, which
// encoding/json reads as "b" without a word). It returns the key, the
// offset of its second occurrence and of its first, and ok false when no
// key repeats.
func dupKey(raw []byte) (key string, at, first int64, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	var stack []*frame
	for {
		off := skipSeparators(raw, dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return "", 0, 0, false
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.object && top.wantKey {
			if tok == json.Delim('}') {
				stack = stack[:len(stack)-1]
				if !valueEnded(stack) {
					return "", 0, 0, false
				}
				continue
			}
			k, _ := tok.(string)
			if prev, seen := top.keys[k]; seen {
				return k, off, prev, true
			}
			top.keys[k] = off
			top.wantKey = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, keys: map[string]int64{}, wantKey: true})
			continue
		case json.Delim('['):
			stack = append(stack, &frame{})
			continue
		case json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if !valueEnded(stack) {
			return "", 0, 0, false
		}
	}
}

// valueEnded notes that a value inside the innermost open object or
// array ended: an object then wants its next key. It reports false when
// nothing is open, the whole value having been read.
func valueEnded(stack []*frame) bool {
	if len(stack) == 0 {
		return false
	}
	if top := stack[len(stack)-1]; top.object {
		top.wantKey = true
	}
	return true
}
