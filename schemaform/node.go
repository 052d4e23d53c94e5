package schemaform

import (
	"strconv"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// State says whether a node holds a value.
type State uint8

// Node states. Unset and Null differ: an unset optional field is left out of
// the arguments; a null one is sent as null.
const (
	Unset State = iota
	Set
	Null
)

// Node is one place a value can go in the value tree. Children are created
// when a node is opened or loaded, never ahead of time, so recursive schemas
// expand one level at a time.
type Node struct {
	Shape  *Shape
	Parent *Node
	// Key is the property or entry name ("" for the root and list items).
	Key string
	// Required is true when the parent object requires this property.
	Required bool
	// Extra marks an object entry that no property describes.
	Extra bool

	state    State
	text     string // string content, number literal, or raw JSON text
	boolean  bool
	choice   int    // index into Shape.Choices, for enums
	selected []bool // chosen Choices, for multi-selects
	children []*Node
	variant  int  // chosen variant, for unions; children[0] is its node
	raw      bool // edited as raw JSON text
	// left holds a union's variant nodes as the person left them, by
	// variant index, so switching back finds them as they were.
	left []*Node
}

func newNode(s *Shape, parent *Node) *Node {
	return &Node{Shape: s, Parent: parent, choice: -1}
}

// State returns whether the node holds a value.
func (n *Node) State() State { return n.state }

// IsSet reports whether the node holds a value (null counts).
func (n *Node) IsSet() bool { return n.state != Unset }

// Children returns the node's children: an object's properties then its
// extra entries, a map's entries, a list's items, a union's chosen variant.
func (n *Node) Children() []*Node { return n.children }

// Raw reports whether the node is being edited as raw JSON text.
func (n *Node) Raw() bool { return n.raw || n.Shape.Kind == KindRaw }

// Text returns the node's text: a string's content, a number as typed, or
// raw JSON text.
func (n *Node) Text() string { return n.text }

// Bool returns a boolean node's value.
func (n *Node) Bool() bool { return n.boolean }

// Choice returns the chosen choice of an enum, or -1.
func (n *Node) Choice() int { return n.choice }

// Selected reports which choices a multi-select has picked.
func (n *Node) Selected() []bool { return n.selected }

// Variant returns the chosen variant of a union.
func (n *Node) Variant() int { return n.variant }

// Index returns the node's position among its parent's children.
func (n *Node) Index() int {
	if n.Parent == nil {
		return 0
	}
	for i, c := range n.Parent.children {
		if c == n {
			return i
		}
	}
	return -1
}

// Pointer is the node's JSON pointer in the value: /items/0/product_id.
// A union's variant node shares its parent's pointer.
func (n *Node) Pointer() string {
	if n.Parent == nil {
		return ""
	}
	p := n.Parent.Pointer()
	switch n.Parent.Shape.Kind {
	case KindUnion:
		return p
	case KindArray:
		return p + "/" + strconv.Itoa(n.Index())
	default:
		return jsondoc.Join(p, n.Key)
	}
}

// Path lists the labels from the root to n, for breadcrumbs.
func (n *Node) Path() []string {
	if n.Parent == nil {
		return nil
	}
	label := n.Key
	switch n.Parent.Shape.Kind {
	case KindArray:
		label = "[" + strconv.Itoa(n.Index()) + "]"
	case KindUnion:
		return n.Parent.Path()
	}
	return append(n.Parent.Path(), label)
}

// Child returns the child with the property or entry key, or nil.
func (n *Node) Child(key string) *Node {
	for _, c := range n.children {
		if c.Key == key {
			return c
		}
	}
	return nil
}

// open marks the node set and gives it its first level of children, with
// no value in them yet.
func (n *Node) open() {
	if n.state == Set {
		return
	}
	n.state = Set
	switch n.Shape.Kind {
	case KindObject:
		if len(n.children) == 0 {
			for _, p := range n.Shape.Object.Properties {
				c := newNode(p.Shape, n)
				c.Key, c.Required = p.Name, p.Required
				n.children = append(n.children, c)
			}
		}
	case KindMultiSelect:
		if n.selected == nil {
			n.selected = make([]bool, len(n.Shape.Choices))
		}
	case KindUnion:
		if len(n.children) == 0 && len(n.Shape.Variants) > 0 {
			n.children = []*Node{newNode(n.Shape.Variants[n.variant].Shape, n)}
		}
	case KindConst:
		n.choice = 0
	}
}

// shapeForKey finds the shape of an object entry: its property, a
// matching pattern, or additionalProperties.
func (n *Node) shapeForKey(key string) (*Shape, bool) {
	r := &n.Shape.Object
	for _, p := range r.Properties {
		if p.Name == key {
			return p.Shape, false
		}
	}
	for _, pp := range r.PatternProperties {
		if re, err := compilePattern(pp.Pattern); err == nil && re.MatchString(key) {
			return pp.Shape, true
		}
	}
	if r.Additional != nil {
		return r.Additional, true
	}
	// additionalProperties is false, yet the value has the key: keep it as
	// raw JSON so nothing is lost; validation will flag it.
	return &Shape{Kind: KindRaw, Note: "not allowed by the schema (additionalProperties is false)"}, true
}

// itemShape is the shape of the list item at index i.
func (n *Node) itemShape(i int) *Shape {
	r := &n.Shape.Array
	if i < len(r.Prefix) {
		return r.Prefix[i]
	}
	if r.Items != nil {
		return r.Items
	}
	return &Shape{Kind: KindRaw, Note: "the schema allows no more items"}
}
