package lint

import (
	"net/url"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// docBase is the URI a schema document has when it declares no $id. Refs
// that resolve to anything else point outside the document.
const docBase = "lint:///schema.json"

// refIndex knows the schema resources ($id) and anchors of one document,
// and the base URI at each object where an $id changed it, so that $ref
// resolves the way JSON Schema says: against the nearest enclosing $id.
type refIndex struct {
	root      *url.URL
	idKey     string
	base      map[*jsondoc.Value]*url.URL
	resources map[string]*jsondoc.Value
	anchors   map[string]*jsondoc.Value
}

func newRefIndex(root *jsondoc.Value) *refIndex {
	ix := &refIndex{idKey: "$id", base: map[*jsondoc.Value]*url.URL{},
		resources: map[string]*jsondoc.Value{}, anchors: map[string]*jsondoc.Value{}}
	if s, _ := root.GetString("$schema"); strings.Contains(s, "draft-04") {
		ix.idKey = "id" // draft-04 spells it without the dollar
	}
	ix.root, _ = url.Parse(docBase)
	ix.resources[docBase] = root
	ix.walk(root, ix.root, 0)
	return ix
}

// walk records resources and anchors, visiting schema positions only: an
// "$id" inside an enum or a default is data, not an identifier.
func (ix *refIndex) walk(n *jsondoc.Value, base *url.URL, depth int) {
	if !n.IsObject() || depth > maxDepth {
		return
	}
	if id, ok := n.GetString(ix.idKey); ok {
		if strings.HasPrefix(id, "#") && len(id) > 1 {
			ix.anchors[refResourceKey(base)+id] = n // draft-06/07 anchors: "$id": "#name"
		} else if u, err := base.Parse(id); err == nil {
			base = u
			ix.resources[refResourceKey(u)] = n
		}
	}
	if a, ok := n.GetString("$anchor"); ok {
		ix.anchors[refResourceKey(base)+"#"+a] = n
	}
	if base != ix.root {
		ix.base[n] = base
	}
	jsondoc.EachSubschema(n, func(_ string, sub *jsondoc.Value) { ix.walk(sub, base, depth+1) })
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
func (ix *refIndex) resolve(ref string, at *jsondoc.Value) (*jsondoc.Value, refOutcome) {
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
	if cur := res.Lookup(frag); cur != nil {
		return cur, refFound
	}
	return nil, refMissing
}
