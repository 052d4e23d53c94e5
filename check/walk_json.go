package check

import "strings"

// jkind is the JSON type of a parsed value.
type jkind uint8

const (
	jNull jkind = iota
	jBool
	jNum
	jStr
	jArr
	jObj
)

// jnode is one parsed JSON value. Unlike a map[string]any it keeps the
// order of object keys (so the walk, and what "first" means, follow the
// document), the value's own bytes (so a subschema can be handed to the
// validator as written) and its place in the document (so a $ref target
// reports at its own pointer however it was reached).
type jnode struct {
	kind jkind
	// str holds a string's value or a number's text.
	str  string
	b    bool
	keys []string
	vals []*jnode // values of keys, or the items of an array
	raw  []byte

	parent *jnode
	// token is the key or index under parent.
	token string
	// base is the JSON pointer of the document root in the tool object.
	base string
}

// get returns the value of key k of an object, or nil. With duplicate keys
// the last wins, as encoding/json and the validator decide.
func (n *jnode) get(k string) *jnode {
	if n == nil || n.kind != jObj {
		return nil
	}
	for i := len(n.keys) - 1; i >= 0; i-- {
		if n.keys[i] == k {
			return n.vals[i]
		}
	}
	return nil
}

// getStr returns the string value of key k.
func (n *jnode) getStr(k string) (string, bool) {
	v := n.get(k)
	if v == nil || v.kind != jStr {
		return "", false
	}
	return v.str, true
}

// has reports whether an object has key k.
func (n *jnode) has(k string) bool { return n.get(k) != nil }

// isObj reports whether n is a JSON object.
func (n *jnode) isObj() bool { return n != nil && n.kind == jObj }

// pointer is n's JSON pointer in the tool object. It is built on demand
// because only nodes with findings need one.
func (n *jnode) pointer() string {
	var toks []string
	root := n
	for c := n; c.parent != nil; c = c.parent {
		toks = append(toks, c.token)
		root = c.parent
	}
	var b strings.Builder
	b.WriteString(root.base)
	for i := len(toks) - 1; i >= 0; i-- {
		b.WriteByte('/')
		b.WriteString(ptrEscape(toks[i]))
	}
	return b.String()
}

// ptrEscape escapes one JSON pointer token (RFC 6901).
func ptrEscape(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// ptrUnescape reverses ptrEscape.
func ptrUnescape(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(s)
}
