package schemaform

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// JSON returns the node's value. An unset node has none and returns nil;
// its parent leaves it out.
func (n *Node) JSON() json.RawMessage {
	var b bytes.Buffer
	if !n.writeJSON(&b) {
		return nil
	}
	return json.RawMessage(b.Bytes())
}

// writeJSON appends the node's value; false when the node is unset.
func (n *Node) writeJSON(b *bytes.Buffer) bool {
	switch {
	case n.state == Unset:
		return false
	case n.state == Null:
		b.WriteString("null")
		return true
	case n.Raw():
		writeLiteral(b, n.text, false)
		return true
	}
	switch n.Shape.Kind {
	case KindString:
		writeString(b, n.text)
	case KindNumber, KindInteger:
		writeLiteral(b, n.text, true)
	case KindBoolean:
		b.WriteString(map[bool]string{true: "true", false: "false"}[n.boolean])
	case KindNull:
		b.WriteString("null")
	case KindConst:
		b.Write(n.Shape.Const)
	case KindEnum:
		if n.choice < 0 || n.choice >= len(n.Shape.Choices) {
			return false
		}
		b.Write(n.Shape.Choices[n.choice].Value)
	case KindMultiSelect:
		n.writeSelected(b)
	case KindObject, KindMap:
		n.writeObject(b)
	case KindArray:
		n.writeArray(b)
	case KindUnion:
		if len(n.children) == 0 || !n.children[0].writeJSON(b) {
			b.WriteString("null")
		}
	}
	return true
}

// writeLiteral writes text when it is valid JSON (a number, when number is
// set) and as a JSON string otherwise, so an invalid edit is still sent,
// visibly, rather than lost.
func writeLiteral(b *bytes.Buffer, text string, number bool) {
	t := strings.TrimSpace(text)
	if number {
		if v, err := jsondoc.Parse([]byte(t)); err == nil && v.Kind() == jsondoc.Number {
			b.WriteString(t)
			return
		}
	} else if json.Valid([]byte(t)) && t != "" {
		if err := json.Compact(b, []byte(t)); err == nil {
			return
		}
	}
	writeString(b, text)
}

func writeString(b *bytes.Buffer, s string) {
	enc, _ := json.Marshal(s)
	b.Write(enc)
}

func (n *Node) writeSelected(b *bytes.Buffer) {
	b.WriteByte('[')
	first := true
	for i, on := range n.selected {
		if !on {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.Write(n.Shape.Choices[i].Value)
	}
	b.WriteByte(']')
}

func (n *Node) writeObject(b *bytes.Buffer) {
	b.WriteByte('{')
	first := true
	for _, c := range n.children {
		if c.state == Unset {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		writeString(b, c.Key)
		b.WriteByte(':')
		c.writeJSON(b)
	}
	b.WriteByte('}')
}

func (n *Node) writeArray(b *bytes.Buffer) {
	b.WriteByte('[')
	for i, c := range n.children {
		if i > 0 {
			b.WriteByte(',')
		}
		// A list item cannot be absent; an item not yet filled is null.
		if !c.writeJSON(b) {
			b.WriteString("null")
		}
	}
	b.WriteByte(']')
}

// setValue loads v into the node, replacing what it held. A value that does
// not fit the shape puts the node in raw mode with the value as text, so it
// is kept and shown as it is.
func (n *Node) setValue(v *jsondoc.Value) {
	n.reset()
	if v.Kind() == jsondoc.Null && n.Shape.Kind != KindNull && n.Shape.Kind != KindRaw && !n.acceptsNullChoice() {
		n.state = Null
		if !n.Shape.Nullable && n.Shape.Kind != KindUnion {
			n.state, n.raw, n.text = Set, true, "null"
		}
		return
	}
	n.state = Set
	if !n.load(v) {
		n.reset()
		n.state, n.raw, n.text = Set, true, string(v.Raw())
	}
}

// acceptsNullChoice reports an enum or const that lists null as a value.
func (n *Node) acceptsNullChoice() bool {
	for _, c := range n.Shape.Choices {
		if string(c.Value) == "null" {
			return true
		}
	}
	return n.Shape.Kind == KindConst && string(n.Shape.Const) == "null"
}

// reset empties the node.
func (n *Node) reset() {
	n.state, n.text, n.boolean, n.choice, n.selected, n.children, n.variant, n.raw = Unset, "", false, -1, nil, nil, 0, false
	n.left = nil
}

// load fills a set node from v; false when v does not fit the shape.
func (n *Node) load(v *jsondoc.Value) bool {
	switch n.Shape.Kind {
	case KindRaw:
		n.text = string(v.Raw())
	case KindString:
		if !v.IsString() {
			return false
		}
		n.text = v.Text()
	case KindNumber, KindInteger:
		if v.Kind() != jsondoc.Number {
			return false
		}
		n.text = v.Text()
	case KindBoolean:
		if v.Kind() != jsondoc.Bool {
			return false
		}
		n.boolean = v.IsTrue()
	case KindNull:
		return v.Kind() == jsondoc.Null
	case KindConst:
		return canonical(v) == canonicalRaw(n.Shape.Const)
	case KindEnum:
		n.choice = findChoice(n.Shape.Choices, v)
		return n.choice >= 0
	case KindMultiSelect:
		return n.loadSelected(v)
	case KindObject, KindMap:
		return n.loadObject(v)
	case KindArray:
		return n.loadArray(v)
	case KindUnion:
		return n.loadUnion(v)
	}
	return true
}

func canonicalRaw(raw json.RawMessage) string {
	v, err := jsondoc.Parse(raw)
	if err != nil {
		return string(raw)
	}
	return canonical(v)
}

func findChoice(choices []Choice, v *jsondoc.Value) int {
	want := canonical(v)
	for i, c := range choices {
		if canonicalRaw(c.Value) == want {
			return i
		}
	}
	return -1
}

func (n *Node) loadSelected(v *jsondoc.Value) bool {
	if !v.IsArray() {
		return false
	}
	n.selected = make([]bool, len(n.Shape.Choices))
	last := -1
	for _, x := range v.Items() {
		i := findChoice(n.Shape.Choices, x)
		// Off-list values, repeats and a different order cannot be shown
		// as ticks without changing what is sent: keep the value raw.
		if i < 0 || n.selected[i] || i < last {
			return false
		}
		n.selected[i], last = true, i
	}
	return true
}

func (n *Node) loadObject(v *jsondoc.Value) bool {
	if !v.IsObject() {
		return false
	}
	n.state = Unset
	n.open()
	byKey := make(map[string]*Node, len(n.children))
	for _, c := range n.children {
		byKey[c.Key] = c
	}
	for i, key := range v.Keys() {
		c := byKey[key]
		if c == nil {
			shape, extra := n.shapeForKey(key)
			c = newNode(shape, n)
			c.Key, c.Extra = key, extra || n.Shape.Kind == KindMap
			n.children = append(n.children, c)
			byKey[key] = c
		}
		c.setValue(v.Values()[i])
	}
	return true
}

func (n *Node) loadArray(v *jsondoc.Value) bool {
	if !v.IsArray() {
		return false
	}
	for i, x := range v.Items() {
		c := newNode(n.itemShape(i), n)
		n.children = append(n.children, c)
		c.setValue(x)
	}
	return true
}

// maxUnionChain bounds unions nested directly in unions: a schema like
// {"anyOf": [{"$ref": "#"}]} would otherwise choose variants forever.
const maxUnionChain = 8

func (n *Node) loadUnion(v *jsondoc.Value) bool {
	chain := 0
	for p := n.Parent; p != nil && p.Shape.Kind == KindUnion; p = p.Parent {
		chain++
	}
	if chain >= maxUnionChain {
		return false
	}
	i := pickVariant(n.Shape, v)
	if i < 0 {
		return false
	}
	n.variant = i
	c := newNode(n.Shape.Variants[i].Shape, n)
	n.children = []*Node{c}
	c.setValue(v)
	return !c.raw || n.Shape.Variants[i].Shape.Kind == KindRaw
}
