package check

import (
	"bytes"
	"fmt"
	"strings"
)

// provMaxMerge bounds how deep allOf branches and $ref chains are followed
// while merging, and provMaxParts how many parts one merge may gather:
// allOf branches that share $refs would otherwise multiply exponentially.
const (
	provMaxMerge = 32
	provMaxParts = 1000
)

// provAnnotations are keywords that say nothing about which values are
// valid: when merged parts disagree on them, the first part (the schema
// itself, before its branches) wins instead of the merge failing.
var provAnnotations = map[string]bool{"description": true, "title": true, "default": true, "examples": true,
	"$comment": true, "deprecated": true, "readOnly": true, "writeOnly": true, "$schema": true, "$id": true}

// provFlatten merges schema s with the target of its $ref and with its
// allOf branches into one schema object: the way "a base $ref plus extra
// properties" is meant. Neither OpenAI's strict subset nor Gemini's Schema
// has allOf, and strict mode takes no keywords beside a $ref, so both
// conversions need the merged form. why says what could not be merged.
func provFlatten(root, s *ojson) (merged *ojson, why string) {
	f := &provFlattener{root: root, busy: map[*ojson]bool{}, left: provMaxParts}
	return f.flatten(s, 0)
}

type provFlattener struct {
	root *ojson
	busy map[*ojson]bool // $ref targets being merged, to refuse cycles
	left int             // parts still allowed
}

func (f *provFlattener) flatten(s *ojson, depth int) (*ojson, string) {
	if f.left--; depth > provMaxMerge || f.left < 0 {
		return nil, "the allOf branches and $refs nest too deeply or are too many"
	}
	own := s.shallow()
	own.del("allOf")
	own.del("$ref")
	parts := []*ojson{own}
	if ref, ok := s.str("$ref"); ok {
		target, ok := ojResolve(f.root, ref)
		switch {
		case !ok || !target.isObj():
			return nil, fmt.Sprintf("$ref %q does not resolve to a schema object", ref)
		case f.busy[target]:
			return nil, fmt.Sprintf("$ref %q refers back to a schema being merged", ref)
		}
		f.busy[target] = true
		t, why := f.flatten(target, depth+1)
		delete(f.busy, target)
		if why != "" {
			return nil, why
		}
		parts = append(parts, t)
	}
	for _, b := range s.get("allOf").arrOrNil() {
		if b.kind == ojBool && b.b {
			continue
		}
		if !b.isObj() {
			return nil, "an allOf branch is not a schema object"
		}
		part, why := f.flatten(b, depth+1)
		if why != "" {
			return nil, why
		}
		parts = append(parts, part)
	}
	if all := s.get("allOf"); all != nil && all.kind != ojArr {
		return nil, "allOf is not a list"
	}
	return provMerge(parts, s.at)
}

// provMerge combines schema objects: properties and required are united,
// any other keyword must agree, except annotations, where the first wins.
func provMerge(parts []*ojson, at string) (*ojson, string) {
	out := &ojson{kind: ojObj, at: at}
	for _, p := range parts {
		for i, k := range p.keys {
			v, cur := p.vals[i], out.get(k)
			switch {
			case cur == nil:
				out.set(k, v)
			case k == "properties":
				m, why := provMergeProperties(cur, v)
				if why != "" {
					return nil, why
				}
				out.set(k, m)
			case k == "required":
				out.set(k, provUnion(cur, v))
			case provAnnotations[k] || provSame(cur, v):
			default:
				return nil, fmt.Sprintf("the parts disagree on %q", k)
			}
		}
	}
	return out, ""
}

func provMergeProperties(a, b *ojson) (*ojson, string) {
	if !a.isObj() || !b.isObj() {
		return nil, "properties is not an object"
	}
	out := a.shallow()
	for i, k := range b.keys {
		cur := out.get(k)
		if cur == nil {
			out.set(k, b.vals[i])
		} else if !provSame(cur, b.vals[i]) {
			return nil, fmt.Sprintf("two parts define property %q differently", k)
		}
	}
	return out, ""
}

// provUnion joins two required lists, keeping the first occurrence of each
// name in order.
func provUnion(a, b *ojson) *ojson {
	out := &ojson{kind: ojArr, arr: []*ojson{}, at: a.at}
	seen := map[string]bool{}
	for _, l := range []*ojson{a, b} {
		for _, v := range l.arr {
			if v.kind == ojStr && !seen[v.lit] {
				seen[v.lit] = true
				out.arr = append(out.arr, v)
			}
		}
	}
	return out
}

func provSame(a, b *ojson) bool { return bytes.Equal(a.marshal(), b.marshal()) }

// provBoolSchema describes a schema that is not an object.
func provBoolSchema(s *ojson) string {
	switch {
	case s.kind == ojBool && s.b:
		return "the schema true accepts any value"
	case s.kind == ojBool:
		return "the schema false accepts no value at all"
	default:
		return "the schema " + string(s.marshal()) + " is not a schema object"
	}
}

// provInferType is the type a typeless schema's keywords imply: object for
// properties, array for items, and otherwise the one JSON type of its enum
// or const values. Empty when they imply none, several, or null as well.
func provInferType(s *ojson) string {
	switch {
	case s.get("properties") != nil:
		return "object"
	case s.get("items") != nil:
		return "array"
	}
	var vals []*ojson
	if c := s.get("const"); c != nil {
		vals = append(vals, c)
	}
	if e := s.get("enum"); e != nil && e.kind == ojArr {
		vals = append(vals, e.arr...)
	}
	typ := ""
	for _, v := range vals {
		t := map[ojKind]string{ojStr: "string", ojBool: "boolean", ojNum: "number"}[v.kind]
		if t == "number" && !strings.ContainsAny(v.lit, ".eE") {
			t = "integer"
		}
		switch {
		case t == "":
			return ""
		case typ == "" || typ == t:
			typ = t
		case typ+t == "integernumber" || typ+t == "numberinteger":
			typ = "number"
		default:
			return ""
		}
	}
	return typ
}
