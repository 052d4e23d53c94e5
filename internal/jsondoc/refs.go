package jsondoc

import (
	"fmt"
	"net/url"
	"strings"
)

// Refs resolves $ref in one schema document the way JSON Schema says:
// against the base URI in effect where the $ref is written (the nearest
// enclosing $id), to a schema resource of the document (its root or an
// embedded $id), then to a fragment in it (a JSON pointer or an anchor).
// Nothing outside the document is ever fetched: a schema from a server
// must not make toolbench load anything.
type Refs struct {
	draft04   bool
	root      *url.URL
	base      map[*Value]*url.URL // only where an $id changed the base
	resources map[string]*Value
	anchors   map[string]*Value
}

// NewRefs indexes the schema document root, whose URI is baseURI unless it
// declares an $id of its own.
func NewRefs(root *Value, baseURI string) *Refs {
	r := &Refs{base: map[*Value]*url.URL{}, resources: map[string]*Value{}, anchors: map[string]*Value{}}
	if s, _ := root.GetString("$schema"); strings.Contains(s, "draft-04") {
		r.draft04 = true
	}
	r.root, _ = url.Parse(baseURI)
	r.resources[resourceKey(r.root)] = root
	r.walk(root, r.root, 0)
	return r
}

// Draft04 reports whether the document declares draft-04, which spells $id
// "id" and ignores every keyword beside a $ref.
func (r *Refs) Draft04() bool { return r.draft04 }

// walk records base URIs, resources and anchors below v, visiting only
// schema positions: an "$id" inside an enum or a default is data.
func (r *Refs) walk(v *Value, base *url.URL, depth int) {
	if !v.IsObject() || depth > MaxDepth {
		return
	}
	idKey := "$id"
	if r.draft04 {
		idKey = "id"
	}
	if id, ok := v.GetString(idKey); ok {
		if strings.HasPrefix(id, "#") && len(id) > 1 {
			r.anchors[resourceKey(base)+id] = v // draft-06/07 anchors: "$id": "#name"
		} else if u, err := base.Parse(id); err == nil {
			base = u
			r.resources[resourceKey(u)] = v
		}
	}
	for _, k := range [...]string{"$anchor", "$dynamicAnchor"} {
		if a, ok := v.GetString(k); ok {
			r.anchors[resourceKey(base)+"#"+a] = v
		}
	}
	if base != r.root {
		r.base[v] = base
	}
	EachSubschema(v, func(_ string, sub *Value) { r.walk(sub, base, depth+1) })
}

// Inherit gives a schema built from another one (merged, reshaped) the base
// URI of the one it was built from, so that $refs inside it resolve the
// same way.
func (r *Refs) Inherit(built, from *Value) {
	if b := r.base[from]; b != nil {
		r.base[built] = b
	}
}

// resourceKey is a URI without its fragment.
func resourceKey(u *url.URL) string {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	return c.String()
}

// RefError says why a $ref leads nowhere.
type RefError struct {
	// Ref is the reference as written.
	Ref string
	// Outside is set when the reference names another document, which
	// would have to be fetched.
	Outside bool
	// Reason completes the sentence "$ref X ...".
	Reason string
}

// Error says which reference failed and why.
func (e *RefError) Error() string { return fmt.Sprintf("$ref %q %s", e.Ref, e.Reason) }

// Resolve follows ref as written in the schema object at; a failure is a
// *RefError.
func (r *Refs) Resolve(ref string, at *Value) (*Value, error) {
	base := r.base[at]
	if base == nil {
		base = r.root
	}
	u, err := base.Parse(ref)
	if err != nil {
		return nil, &RefError{Ref: ref, Reason: "is not a valid URI reference"}
	}
	res := r.resources[resourceKey(u)]
	if res == nil {
		return nil, &RefError{Ref: ref, Outside: true, Reason: "points outside the schema; toolbench does not fetch remote schemas"}
	}
	frag := u.Fragment
	if frag == "" {
		return res, nil
	}
	if !strings.HasPrefix(frag, "/") {
		if a := r.anchors[resourceKey(u)+"#"+frag]; a != nil {
			return a, nil
		}
		return nil, &RefError{Ref: ref, Reason: fmt.Sprintf("names anchor %q, which the schema does not define", frag)}
	}
	if v := res.Lookup(frag); v != nil {
		return v, nil
	}
	return nil, &RefError{Ref: ref, Reason: "resolves nowhere in the schema"}
}
