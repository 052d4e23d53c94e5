package check

import (
	"net/url"
	"strconv"
	"strings"
)

// lintDocBase is the URI a schema document has when it declares no $id. Refs
// that resolve to anything else point outside the document.
const lintDocBase = "lint:///schema.json"

// lintRefs knows the schema resources ($id) and anchors of one document,
// and the base URI at each object where an $id changed it, so that $ref
// resolves the way JSON Schema says: against the nearest enclosing $id.
type lintRefs struct {
	root      *url.URL
	idKey     string
	base      map[*jnode]*url.URL
	resources map[string]*jnode
	anchors   map[string]*jnode
}

// subschemaKeys hold one subschema each.
var subschemaKeys = []string{"additionalProperties", "additionalItems", "unevaluatedProperties",
	"unevaluatedItems", "contains", "propertyNames", "not", "if", "then", "else", "items"}

// subschemaMapKeys hold objects whose member values are subschemas.
var subschemaMapKeys = []string{"properties", "patternProperties", "$defs", "definitions",
	"dependentSchemas", "dependencies"}

// subschemaListKeys hold arrays of subschemas.
var subschemaListKeys = []string{"allOf", "anyOf", "oneOf", "prefixItems", "items"}

func newLintRefs(root *jnode) *lintRefs {
	ix := &lintRefs{idKey: "$id", base: map[*jnode]*url.URL{},
		resources: map[string]*jnode{}, anchors: map[string]*jnode{}}
	if s, _ := root.getStr("$schema"); strings.Contains(s, "draft-04") {
		ix.idKey = "id" // draft-04 spells it without the dollar
	}
	ix.root, _ = url.Parse(lintDocBase)
	ix.resources[lintDocBase] = root
	ix.walk(root, ix.root, 0)
	return ix
}

// walk records resources and anchors, visiting schema positions only: an
// "$id" inside an enum or a default is data, not an identifier.
func (ix *lintRefs) walk(n *jnode, base *url.URL, depth int) {
	if !n.isObj() || depth > lintMaxDepth {
		return
	}
	if id, ok := n.getStr(ix.idKey); ok {
		if strings.HasPrefix(id, "#") && len(id) > 1 {
			ix.anchors[refResourceKey(base)+id] = n // draft-06/07 anchors: "$id": "#name"
		} else if u, err := base.Parse(id); err == nil {
			base = u
			ix.resources[refResourceKey(u)] = n
		}
	}
	if a, ok := n.getStr("$anchor"); ok {
		ix.anchors[refResourceKey(base)+"#"+a] = n
	}
	if base != ix.root {
		ix.base[n] = base
	}
	eachSubschema(n, func(_ string, sub *jnode) { ix.walk(sub, base, depth+1) })
}

// eachSubschema calls fn for every subschema directly below n, in document
// order, with the keyword that holds it. Boolean schemas are skipped: they
// have nothing to judge.
func eachSubschema(n *jnode, fn func(keyword string, sub *jnode)) {
	for i, k := range n.keys {
		v := n.vals[i]
		switch {
		case hasString(subschemaKeys, k) && v.kind == jObj:
			fn(k, v)
		case hasString(subschemaMapKeys, k) && v.kind == jObj:
			for _, sub := range v.vals {
				if sub.kind == jObj {
					fn(k, sub)
				}
			}
		case hasString(subschemaListKeys, k) && v.kind == jArr:
			for _, sub := range v.vals {
				if sub.kind == jObj {
					fn(k, sub)
				}
			}
		}
	}
}

func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// refResourceKey is a URI without its fragment.
func refResourceKey(u *url.URL) string {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return c.String()
}

// refOutcome says where a $ref led.
type refOutcome int

const (
	refFound refOutcome = iota
	refMissing
	refRemote
)

// resolve follows ref as written at the schema object at.
func (ix *lintRefs) resolve(ref string, at *jnode) (*jnode, refOutcome) {
	base := ix.base[at]
	if base == nil {
		base = ix.root
	}
	u, err := base.Parse(ref)
	if err != nil {
		return nil, refMissing
	}
	res := ix.resources[refResourceKey(u)]
	if res == nil {
		// Anything that is neither this document nor an embedded $id would
		// have to be fetched, which clients and models never do.
		return nil, refRemote
	}
	frag := u.Fragment
	if frag == "" {
		return res, refFound
	}
	if !strings.HasPrefix(frag, "/") {
		if a := ix.anchors[refResourceKey(u)+"#"+frag]; a != nil {
			return a, refFound
		}
		return nil, refMissing
	}
	cur := res
	for _, tok := range strings.Split(frag[1:], "/") {
		if cur = ptrStep(cur, ptrUnescape(tok)); cur == nil {
			return nil, refMissing
		}
	}
	return cur, refFound
}

// ptrStep moves one JSON pointer token down from n.
func ptrStep(n *jnode, tok string) *jnode {
	switch n.kind {
	case jObj:
		return n.get(tok)
	case jArr:
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(n.vals) {
			return nil
		}
		return n.vals[i]
	}
	return nil
}
