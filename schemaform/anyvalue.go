package schemaform

import (
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// A schema that allows any value ({}, true, one with only annotations, a
// $ref to one) gets the same control wherever it appears: a choice of JSON
// types, with raw JSON for nested values, rather than one opaque text box.
// The places differ only in how they reach it: additionalProperties and
// items left out name no schema, so they share anyShape; a schema object
// is filled in place by fillAny, keeping its title and description.

// anyShape is the shape of a value the schema leaves open without naming
// a schema for it: a free-form map's values, a list's items.
func (c *compiler) anyShape() *Shape {
	key := memoKey{}
	if s := c.memo[key]; s != nil {
		return s
	}
	s := &Shape{}
	c.memo[key] = s
	fillAny(s)
	return s
}

// fillAny makes s the any-value control.
func fillAny(s *Shape) {
	s.Kind, s.Any = KindUnion, true
	s.Variants = nil
	for _, t := range []struct {
		label string
		kind  Kind
	}{{"string", KindString}, {"number", KindNumber}, {"boolean", KindBoolean}, {"null", KindNull}, {"JSON", KindRaw}} {
		s.Variants = append(s.Variants, &Variant{Label: t.label, Shape: &Shape{Kind: t.kind}})
	}
}

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
		return n.Shape.constV.Any(), true
	case KindEnum:
		if n.choice < 0 || n.choice >= len(n.Shape.Choices) {
			return nil, false
		}
		return n.Shape.Choices[n.choice].v.Any(), true
	case KindMultiSelect:
		out := []any{}
		for i, on := range n.selected {
			if on {
				out = append(out, n.Shape.Choices[i].v.Any())
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
	v, err := jsondoc.Parse([]byte(t))
	if err != nil || (number && v.Kind() != jsondoc.Number) {
		return text
	}
	return v.Any()
}
