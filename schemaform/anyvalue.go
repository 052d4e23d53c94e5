package schemaform

import (
	"encoding/json"
	"strings"
)

// toAny converts the node's value to what the validator reads (numbers as
// json.Number), without encoding JSON text and decoding it again. ok is
// false for an unset node.
func (n *Node) toAny() (any, bool) {
	switch {
	case n.state == Unset:
		return nil, false
	case n.state == Null:
		return nil, true
	case n.Raw():
		return textToAny(n.text, false), true
	}
	switch n.Shape.Kind {
	case KindString:
		return n.text, true
	case KindNumber, KindInteger:
		return textToAny(n.text, true), true
	case KindBoolean:
		return n.boolean, true
	case KindConst:
		return jvToAny(n.Shape.constV), true
	case KindEnum:
		if n.choice < 0 || n.choice >= len(n.Shape.Choices) {
			return nil, false
		}
		return jvToAny(n.Shape.Choices[n.choice].v), true
	case KindMultiSelect:
		out := []any{}
		for i, on := range n.selected {
			if on {
				out = append(out, jvToAny(n.Shape.Choices[i].v))
			}
		}
		return out, true
	case KindObject, KindMap:
		out := make(map[string]any, len(n.children))
		for _, c := range n.children {
			if v, ok := c.toAny(); ok {
				out[c.Key] = v
			}
		}
		return out, true
	case KindArray:
		out := make([]any, len(n.children))
		for i, c := range n.children {
			out[i], _ = c.toAny()
		}
		return out, true
	case KindUnion:
		if len(n.children) > 0 {
			if v, ok := n.children[0].toAny(); ok {
				return v, true
			}
		}
		return nil, true
	}
	return nil, true
}

// textToAny reads edited text the way JSON would send it: valid JSON (a
// number, when number is set) as its value, anything else as a string.
func textToAny(text string, number bool) any {
	t := strings.TrimSpace(text)
	v, err := parseJSON([]byte(t))
	if err != nil || (number && v.kind != jNum) {
		return text
	}
	return jvToAny(v)
}

// jvToAny converts a parsed value to the validator's representation.
func jvToAny(v *jv) any {
	if v == nil {
		return nil
	}
	switch v.kind {
	case jBool:
		return v.b
	case jNum:
		return json.Number(v.num)
	case jStr:
		return v.str
	case jArr:
		out := make([]any, len(v.arr))
		for i, x := range v.arr {
			out[i] = jvToAny(x)
		}
		return out
	case jObj:
		out := make(map[string]any, len(v.keys))
		for i, k := range v.keys {
			out[k] = jvToAny(v.vals[i])
		}
		return out
	}
	return nil
}
