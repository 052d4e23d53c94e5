package form

import (
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/schemaform"
)

// Questions about nodes that the editor asks often. They read the tree and
// change nothing, except prepare.

// isContainer reports a node whose children are a level of their own.
func isContainer(n *schemaform.Node) bool {
	if n.Raw() {
		return false
	}
	switch n.Shape.Kind {
	case schemaform.KindObject, schemaform.KindMap, schemaform.KindArray:
		return true
	}
	return false
}

// isUnion reports a union shown with a variant switch (not raw).
func isUnion(n *schemaform.Node) bool {
	return !n.Raw() && n.Shape.Kind == schemaform.KindUnion
}

// isToggle reports a boolean switched in place.
func isToggle(n *schemaform.Node) bool {
	return !n.Raw() && n.Shape.Kind == schemaform.KindBoolean && n.State() == schemaform.Set
}

// variantOf returns a union's chosen variant node, or nil.
func variantOf(n *schemaform.Node) *schemaform.Node {
	if !isUnion(n) || len(n.Children()) == 0 {
		return nil
	}
	return n.Children()[0]
}

// target is the level that opening n shows: a union whose variant is a
// container shows the variant's children directly.
func target(n *schemaform.Node) *schemaform.Node {
	if v := variantOf(n); v != nil && isContainer(v) {
		return v
	}
	return n
}

// prepare completes what opening a set node implies: a union's variant
// gets a value of its own, and fixed (const) fields are set, as the schema
// allows nothing else for them.
func prepare(n *schemaform.Node) {
	if n.State() != schemaform.Set || n.Raw() {
		return
	}
	switch n.Shape.Kind {
	case schemaform.KindUnion:
		v := variantOf(n)
		if v == nil {
			return
		}
		// An empty number would be sent as a string; leave it null until
		// one is typed.
		if v.State() == schemaform.Unset && v.Shape.Kind != schemaform.KindNumber && v.Shape.Kind != schemaform.KindInteger {
			v.Open()
		}
		prepare(v)
	case schemaform.KindObject:
		for _, c := range n.Children() {
			if c.State() == schemaform.Unset && c.Shape.Kind == schemaform.KindConst {
				c.Open()
			}
		}
	}
}

// find resolves a value pointer to its node. A union's variant shares the
// union's pointer; the union is returned.
func find(root *schemaform.Node, ptr string) *schemaform.Node {
	n := root
	tokens, ok := jsondoc.Split(ptr)
	if !ok {
		return nil
	}
	for _, tok := range tokens {
		for v := variantOf(n); v != nil; v = variantOf(n) {
			n = v
		}
		n = childAt(n, tok)
		if n == nil {
			return nil
		}
	}
	return n
}

func childAt(n *schemaform.Node, tok string) *schemaform.Node {
	if n.Raw() {
		return nil
	}
	if n.Shape.Kind == schemaform.KindArray {
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(n.Children()) {
			return nil
		}
		return n.Children()[i]
	}
	return n.Child(tok)
}

// parentPointer drops a pointer's last token.
func parentPointer(ptr string) string {
	if i := strings.LastIndexByte(ptr, '/'); i >= 0 {
		return ptr[:i]
	}
	return ""
}

// isAncestor reports whether a is n or one of n's ancestors.
func isAncestor(a, n *schemaform.Node) bool {
	for ; n != nil; n = n.Parent {
		if n == a {
			return true
		}
	}
	return false
}

// attached reports whether n is still in the tree: replacing a value
// (loading JSON, switching a variant) leaves the old nodes behind.
func attached(n, root *schemaform.Node) bool {
	for ; n.Parent != nil; n = n.Parent {
		if n.Index() < 0 {
			return false
		}
	}
	return n == root
}

func indexOf(rows []*schemaform.Node, n *schemaform.Node) int {
	for i, r := range rows {
		if r == n {
			return i
		}
	}
	return 0
}

// nullable reports whether null is a value the schema accepts here.
func nullable(n *schemaform.Node) bool {
	if n.Shape.Nullable || n.Shape.Kind == schemaform.KindNull {
		return true
	}
	for _, c := range n.Shape.Choices {
		if string(c.Value) == "null" {
			return true
		}
	}
	for _, v := range n.Shape.Variants {
		if v.Shape.Kind == schemaform.KindNull {
			return true
		}
	}
	return false
}

// inList reports a list item, which cannot be absent, only removed.
func inList(n *schemaform.Node) bool {
	return n.Parent != nil && n.Parent.Shape.Kind == schemaform.KindArray
}

// canAddEntries reports a level that takes new keys.
func canAddEntries(n *schemaform.Node) bool {
	if n == nil || n.Raw() {
		return false
	}
	switch n.Shape.Kind {
	case schemaform.KindMap:
		return true
	case schemaform.KindObject:
		return n.Shape.Object.Additional != nil || len(n.Shape.Object.PatternProperties) > 0
	}
	return false
}
