package schemaform

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// defaultBase is the document's URI when it has no $id of its own; it
// matches the URL the validator loads the schema at.
const defaultBase = schemaURL

// index knows every schema resource ($id) and anchor in a document, and the
// base URI in effect at each schema object, so $ref can be resolved the way
// JSON Schema says: relative to the nearest enclosing $id.
type index struct {
	draft04   bool
	root      *url.URL
	base      map[*jsondoc.Value]*url.URL // only where an $id changed the base
	resources map[string]*jsondoc.Value
	anchors   map[string]*jsondoc.Value
}

func newIndex(root *jsondoc.Value) *index {
	ix := &index{base: map[*jsondoc.Value]*url.URL{}, resources: map[string]*jsondoc.Value{}, anchors: map[string]*jsondoc.Value{}}
	if s, _ := root.GetString("$schema"); strings.Contains(s, "draft-04") {
		ix.draft04 = true
	}
	ix.root, _ = url.Parse(defaultBase)
	ix.resources[defaultBase] = root
	ix.walk(root, ix.root, 0)
	return ix
}

// walk records base URIs, resources and anchors below v, visiting only
// schema positions: an "$id" inside enum or default values is data.
func (ix *index) walk(v *jsondoc.Value, base *url.URL, depth int) {
	if !v.IsObject() || depth > jsondoc.MaxDepth {
		return
	}
	idKey := "$id"
	if ix.draft04 {
		idKey = "id"
	}
	if id, ok := v.GetString(idKey); ok {
		if strings.HasPrefix(id, "#") && len(id) > 1 {
			ix.anchors[resourceKey(base)+id] = v // draft-06/07 anchors: "$id": "#name"
		} else if u, err := base.Parse(id); err == nil {
			base = u
			ix.resources[resourceKey(u)] = v
		}
	}
	for _, k := range []string{"$anchor", "$dynamicAnchor"} {
		if a, ok := v.GetString(k); ok {
			ix.anchors[resourceKey(base)+"#"+a] = v
		}
	}
	if base != ix.root {
		ix.base[v] = base
	}
	jsondoc.EachSubschema(v, func(_ string, sub *jsondoc.Value) { ix.walk(sub, base, depth+1) })
}

// inherit gives a schema object built by the compiler the base URI of the
// object it was built from, so $refs inside resolve the same way.
func (ix *index) inherit(built, from *jsondoc.Value) {
	if b := ix.base[from]; b != nil {
		ix.base[built] = b
	}
}

// resourceKey is a URI without its fragment.
func resourceKey(u *url.URL) string {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return c.String()
}

// refError says why a $ref could not be followed.
type refError struct {
	ref    string
	remote bool
	reason string
}

func (e *refError) Error() string { return fmt.Sprintf("$ref %q %s", e.ref, e.reason) }

// resolve follows ref as written at the schema object at.
func (ix *index) resolve(ref string, at *jsondoc.Value) (*jsondoc.Value, error) {
	base := ix.base[at]
	if base == nil {
		base = ix.root
	}
	u, err := base.Parse(ref)
	if err != nil {
		return nil, &refError{ref: ref, reason: "is not a valid URI reference"}
	}
	res := ix.resources[resourceKey(u)]
	if res == nil {
		if u.Scheme == "http" || u.Scheme == "https" || u.Scheme == "file" || u.Scheme == "urn" {
			return nil, &refError{ref: ref, remote: true, reason: "points outside the schema; toolbench does not fetch remote schemas"}
		}
		return nil, &refError{ref: ref, reason: "resolves nowhere in the schema"}
	}
	frag := u.Fragment
	if frag == "" {
		return res, nil
	}
	if !strings.HasPrefix(frag, "/") {
		if a := ix.anchors[resourceKey(u)+"#"+frag]; a != nil {
			return a, nil
		}
		return nil, &refError{ref: ref, reason: fmt.Sprintf("names anchor %q, which the schema does not define", frag)}
	}
	if cur := res.Lookup(frag); cur != nil {
		return cur, nil
	}
	return nil, &refError{ref: ref, reason: "resolves nowhere in the schema"}
}
