package schemaform

import "github.com/toolbench/toolbench/internal/jsondoc"

// SetVariant switches a union to variant i. Each variant keeps its own
// value while others are explored: switching back to a variant finds it as
// it was left (Rectangle 3×4, then Polygon, then Rectangle is 3×4 again).
// Only the chosen variant is sent and validated. A variant chosen for the
// first time starts from the value held so far when that fits it, else
// from its default or an empty value.
func (n *Node) SetVariant(i int) {
	if i < 0 || i >= len(n.Shape.Variants) || (i == n.variant && len(n.children) > 0) {
		return
	}
	var old []byte
	if len(n.children) > 0 {
		old = n.children[0].JSON()
		n.keepVariant(n.variant, n.children[0])
	}
	n.markSet()
	n.variant = i
	if c := n.leftVariant(i); c != nil {
		n.children = []*Node{c}
		return
	}
	c := newNode(n.Shape.Variants[i].Shape, n)
	n.children = []*Node{c}
	if old != nil {
		if v, err := jsondoc.Parse(old); err == nil && fit(c.Shape, v, 0) > 1 {
			c.setValue(v)
			return
		}
	}
	c.initItem()
}

// keepVariant remembers variant i's node as the person left it.
func (n *Node) keepVariant(i int, c *Node) {
	if len(n.left) < len(n.Shape.Variants) {
		n.left = append(n.left, make([]*Node, len(n.Shape.Variants)-len(n.left))...)
	}
	n.left[i] = c
}

// leftVariant returns variant i's node as it was left, or nil when the
// variant was never chosen since the union last got a value.
func (n *Node) leftVariant(i int) *Node {
	if i >= len(n.left) {
		return nil
	}
	c := n.left[i]
	n.left[i] = nil
	return c
}
