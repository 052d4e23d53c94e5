package schemaform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// Edits a form makes to its nodes. Setting any value also sets the node's
// ancestors, so filling a field of an optional subform includes the subform.

// markSet sets n (opening it) and every ancestor.
func (n *Node) markSet() {
	for p := n.Parent; p != nil; p = p.Parent {
		if p.state != Set {
			p.raw = false
			p.open()
		}
	}
	if n.state != Set {
		n.open()
	}
}

// SetText sets a string, number or raw node's text. Any text is accepted;
// Check says whether it fits.
func (n *Node) SetText(s string) {
	n.markSet()
	n.text = s
}

// SetBool sets a boolean node.
func (n *Node) SetBool(b bool) {
	n.markSet()
	n.boolean = b
}

// Choose picks choice i of an enum.
func (n *Node) Choose(i int) {
	if i < 0 || i >= len(n.Shape.Choices) {
		return
	}
	n.markSet()
	n.choice = i
}

// Toggle flips choice i of a multi-select.
func (n *Node) Toggle(i int) {
	if i < 0 || i >= len(n.Shape.Choices) {
		return
	}
	n.markSet()
	n.selected[i] = !n.selected[i]
}

// Open sets an object, map, list or union node so its children can be
// filled, along with its ancestors.
func (n *Node) Open() { n.markSet() }

// Unset removes the node's value: an optional field leaves the arguments.
func (n *Node) Unset() {
	n.reset()
}

// SetNull sets the node to null.
func (n *Node) SetNull() {
	n.markSet()
	n.reset()
	n.state = Null
}

// AddItem appends an item to a list and returns it, started from the
// item's default or an empty value.
func (n *Node) AddItem() *Node {
	n.markSet()
	c := newNode(n.itemShape(len(n.children)), n)
	n.children = append(n.children, c)
	c.initItem()
	return c
}

// initItem gives a new node a starting value: its default if the schema has
// one, else an empty value of its kind.
func (n *Node) initItem() {
	if n.Shape.Default != nil {
		if v, err := jsondoc.Parse(n.Shape.Default); err == nil {
			n.setValue(v)
			return
		}
	}
	switch n.Shape.Kind {
	case KindString:
		n.state = Set
	case KindBoolean, KindObject, KindMap, KindArray, KindMultiSelect, KindUnion, KindConst, KindNull:
		n.open()
	}
}

// RemoveItem removes list item i.
func (n *Node) RemoveItem(i int) {
	if i < 0 || i >= len(n.children) || n.Shape.Kind != KindArray {
		return
	}
	n.children = slices.Delete(n.children, i, i+1)
	n.retypeItems()
}

// MoveItem moves list item from to position to.
func (n *Node) MoveItem(from, to int) {
	if from < 0 || to < 0 || from >= len(n.children) || to >= len(n.children) || n.Shape.Kind != KindArray {
		return
	}
	c := n.children[from]
	n.children = slices.Insert(slices.Delete(n.children, from, from+1), to, c)
	n.retypeItems()
}

// retypeItems reloads items whose position changed their shape (tuples).
func (n *Node) retypeItems() {
	for i, c := range n.children {
		if want := n.itemShape(i); c.Shape != want {
			val := c.JSON()
			c.Shape = want
			if v, err := jsondoc.Parse(val); err == nil && val != nil {
				c.setValue(v)
			}
		}
	}
}

// AddEntry adds an entry to a map, or an extra entry to an object, typed by
// the schema for that key.
func (n *Node) AddEntry(key string) (*Node, error) {
	if n.Shape.Kind != KindMap && n.Shape.Kind != KindObject {
		return nil, fmt.Errorf("only objects have entries")
	}
	if n.Child(key) != nil {
		return nil, fmt.Errorf("%q is already there", key)
	}
	n.markSet()
	shape, extra := n.shapeForKey(key)
	c := newNode(shape, n)
	c.Key, c.Extra = key, extra || n.Shape.Kind == KindMap
	n.children = append(n.children, c)
	c.initItem()
	return c, nil
}

// RemoveEntry removes a map entry or an extra object entry.
func (n *Node) RemoveEntry(key string) {
	n.children = slices.DeleteFunc(n.children, func(c *Node) bool { return c.Key == key && c.Extra })
}

// RenameEntry renames an entry, keeping its value.
func (n *Node) RenameEntry(from, to string) error {
	c := n.Child(from)
	if c == nil || !c.Extra {
		return fmt.Errorf("no entry %q", from)
	}
	if from == to {
		return nil
	}
	if n.Child(to) != nil {
		return fmt.Errorf("%q is already there", to)
	}
	val := c.JSON()
	c.Key = to
	if shape, _ := n.shapeForKey(to); shape != c.Shape {
		c.Shape = shape
		if v, err := jsondoc.Parse(val); err == nil && val != nil {
			c.setValue(v)
		}
	}
	return nil
}

// RawText returns the node's value as indented JSON, for a raw editor.
func (n *Node) RawText() string {
	if n.Raw() && n.state == Set {
		return n.text
	}
	val := n.JSON()
	if val == nil {
		return ""
	}
	var b bytes.Buffer
	if json.Indent(&b, val, "", "  ") != nil {
		return string(val)
	}
	return b.String()
}

// EditRaw switches the node to raw JSON editing, starting from its value.
func (n *Node) EditRaw() {
	text := n.RawText()
	n.markSet()
	n.reset()
	n.state, n.raw, n.text = Set, true, text
}

// LeaveRaw parses the raw text back into the form. Text that is not JSON
// leaves the node raw and says where it is wrong.
func (n *Node) LeaveRaw() error {
	if n.Shape.Kind == KindRaw {
		return fmt.Errorf("this field has no form: the schema allows only raw JSON here")
	}
	v, err := jsondoc.Parse([]byte(n.text))
	if err != nil {
		return err
	}
	n.setValue(v)
	if n.raw {
		return fmt.Errorf("the value does not fit the schema's form here; it stays raw JSON")
	}
	return nil
}
