package check

import (
	"net/url"
	"strconv"
	"strings"
)

// ojString, ojBoolean, ojObject and ojStrings build values a conversion
// adds; having no place in the tool as sent, they have no pointer.
func ojString(s string) *ojson { return &ojson{kind: ojStr, lit: s} }
func ojBoolean(b bool) *ojson  { return &ojson{kind: ojBool, b: b} }
func ojObject() *ojson         { return &ojson{kind: ojObj} }

func ojStrings(ss ...string) *ojson {
	v := &ojson{kind: ojArr, arr: []*ojson{}}
	for _, s := range ss {
		v.arr = append(v.arr, ojString(s))
	}
	return v
}

func (v *ojson) isObj() bool { return v != nil && v.kind == ojObj }

// get returns member k of an object, or nil.
func (v *ojson) get(k string) *ojson {
	if !v.isObj() {
		return nil
	}
	for i, key := range v.keys {
		if key == k {
			return v.vals[i]
		}
	}
	return nil
}

// str returns member k when it is a string.
func (v *ojson) str(k string) (string, bool) {
	m := v.get(k)
	if m == nil || m.kind != ojStr {
		return "", false
	}
	return m.lit, true
}

// keysOrNil returns an object's keys; nil for anything else.
func (v *ojson) keysOrNil() []string {
	if !v.isObj() {
		return nil
	}
	return v.keys
}

// arrOrNil returns an array's items; nil for anything else.
func (v *ojson) arrOrNil() []*ojson {
	if v == nil || v.kind != ojArr {
		return nil
	}
	return v.arr
}

// count is how many values v holds, itself included.
func (v *ojson) count() int {
	n := 1
	for _, c := range v.arr {
		n += c.count()
	}
	for _, c := range v.vals {
		n += c.count()
	}
	return n
}

// set replaces member k in place, or appends it: keys keep their position.
func (v *ojson) set(k string, val *ojson) {
	for i, key := range v.keys {
		if key == k {
			v.vals[i] = val
			return
		}
	}
	v.keys = append(v.keys, k)
	v.vals = append(v.vals, val)
}

// del removes member k.
func (v *ojson) del(k string) {
	for i, key := range v.keys {
		if key == k {
			v.keys = append(v.keys[:i:i], v.keys[i+1:]...)
			v.vals = append(v.vals[:i:i], v.vals[i+1:]...)
			return
		}
	}
}

// shallow copies an object's member lists, sharing the member values.
func (v *ojson) shallow() *ojson {
	c := *v
	c.keys = append([]string(nil), v.keys...)
	c.vals = append([]*ojson(nil), v.vals...)
	c.arr = append([]*ojson(nil), v.arr...)
	return &c
}

// ojResolve finds the schema a local $ref names inside root ("#" or a
// "#/json/pointer" fragment). Remote references and anchors are not
// followed: no provider fetches them either.
func ojResolve(root *ojson, ref string) (*ojson, bool) {
	if !strings.HasPrefix(ref, "#") {
		return nil, false
	}
	frag, err := url.PathUnescape(ref[1:])
	if err != nil || (frag != "" && !strings.HasPrefix(frag, "/")) {
		return nil, false
	}
	cur := root
	if frag == "" {
		return cur, true
	}
	for _, tok := range strings.Split(frag[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch cur.kind {
		case ojObj:
			cur = cur.get(tok)
		case ojArr:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.arr) {
				return nil, false
			}
			cur = cur.arr[i]
		default:
			return nil, false
		}
		if cur == nil {
			return nil, false
		}
	}
	return cur, true
}
