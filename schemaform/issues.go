package schemaform

import (
	"strconv"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// Issue is a violation tied to the node it belongs to, so a form can show
// it beside the field.
type Issue struct {
	Node *Node
	Violation
	// NotJSON marks text edited as JSON that does not parse, which is
	// sent as a string (see Node.NotJSON).
	NotJSON bool
}

// Validate checks the form's value against the whole schema and returns
// every violation, each on the deepest node that holds the offending value
// (a missing required property lands on that property's field), after one
// for each JSON text that does not parse (see Node.NotJSON). When the
// validator cannot use the schema, the per-field checks stand in and the
// error says why (it wraps ErrNoValidator).
func (f *Form) Validate() ([]Issue, error) {
	v, err := f.getValidator()
	if err != nil {
		return f.fieldIssues(), err
	}
	value, ok := f.Root.toAny()
	if !ok {
		value = nil
	}
	violations := v.ValidateValue(value)
	out := f.notJSONIssues()
	for _, vi := range violations {
		node := f.nodeAt(vi.InstancePath)
		if len(vi.missing) == 0 {
			out = append(out, Issue{Node: node, Violation: vi})
			continue
		}
		for _, name := range vi.missing {
			target := node
			if c := node.Child(name); c != nil && node.Pointer() == vi.InstancePath {
				target = c
			}
			one := vi
			one.Message = "missing required property '" + name + "'"
			out = append(out, Issue{Node: target, Violation: one})
		}
	}
	return out, nil
}

// fieldIssues gathers Check results over the value tree.
func (f *Form) fieldIssues() []Issue {
	var out []Issue
	f.Root.Walk(func(n *Node) bool {
		for _, msg := range n.Check() {
			out = append(out, Issue{Node: n, NotJSON: msg == n.NotJSON(), Violation: Violation{InstancePath: n.Pointer(), Message: msg}})
		}
		return true
	})
	return out
}

// nodeAt finds the deepest node on the way to an instance path.
func (f *Form) nodeAt(ptr string) *Node {
	n := f.Root
	tokens, _ := jsondoc.Split(ptr)
	for _, tok := range tokens {
		for n.Shape.Kind == KindUnion && len(n.children) > 0 {
			n = n.children[0]
		}
		var next *Node
		if n.Shape.Kind == KindArray && !n.Raw() {
			if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(n.children) {
				next = n.children[i]
			}
		} else if !n.Raw() {
			next = n.Child(tok)
		}
		if next == nil {
			return n
		}
		n = next
	}
	return n
}

// Walk visits n and its descendants depth first; fn returns false to skip
// a node's children.
func (n *Node) Walk(fn func(*Node) bool) {
	if !fn(n) {
		return
	}
	for _, c := range n.children {
		c.Walk(fn)
	}
}
