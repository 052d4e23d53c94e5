package provider

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/internal/jsondoc"
)

// maxMergeDepth bounds how deep allOf branches and $ref chains are followed
// while merging, and maxMergeParts how many parts one merge may gather:
// allOf branches that share $refs would otherwise multiply exponentially.
const (
	maxMergeDepth = 32
	maxMergeParts = 1000
)

// isAnnotation reports keywords that say nothing about which values are
// valid: when merged parts disagree on them, the first part (the schema
// itself, before its branches) wins instead of the merge failing.
func isAnnotation(k string) bool {
	switch k {
	case "description", "title", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly", "$schema", "$id":
		return true
	}
	return false
}

// flatten merges schema s with the target of its $ref and with its
// allOf branches into one schema object: the way "a base $ref plus extra
// properties" is meant. Neither OpenAI's strict subset nor Gemini's Schema
// has allOf, and strict mode takes no keywords beside a $ref, so both
// conversions need the merged form. why says what could not be merged.
func flatten(root, s *jsondoc.Value) (merged *jsondoc.Value, why string) {
	f := &flattener{root: root, busy: map[*jsondoc.Value]bool{}, left: maxMergeParts}
	return f.flatten(s, 0)
}

type flattener struct {
	root *jsondoc.Value
	busy map[*jsondoc.Value]bool // $ref targets being merged, to refuse cycles
	left int                     // parts still allowed
}

func (f *flattener) flatten(s *jsondoc.Value, depth int) (*jsondoc.Value, string) {
	if f.left--; depth > maxMergeDepth || f.left < 0 {
		return nil, "the allOf branches and $refs nest too deeply or are too many"
	}
	own := s.Shallow()
	own.Delete("allOf")
	own.Delete("$ref")
	parts := []*jsondoc.Value{own}
	if ref, ok := s.GetString("$ref"); ok {
		target := f.root.LookupFragment(ref)
		switch {
		case !target.IsObject():
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
	for _, b := range s.Get("allOf").Items() {
		if b.Kind() == jsondoc.Bool && b.IsTrue() {
			continue
		}
		if !b.IsObject() {
			return nil, "an allOf branch is not a schema object"
		}
		part, why := f.flatten(b, depth+1)
		if why != "" {
			return nil, why
		}
		parts = append(parts, part)
	}
	if all := s.Get("allOf"); all != nil && !all.IsArray() {
		return nil, "allOf is not a list"
	}
	return mergeParts(parts, s)
}

// mergeParts combines schema objects: properties and required are united,
// any other keyword must agree, except annotations, where the first wins.
func mergeParts(parts []*jsondoc.Value, site *jsondoc.Value) (*jsondoc.Value, string) {
	out := jsondoc.NewFrom(jsondoc.Object, site)
	for _, p := range parts {
		for i, k := range p.Keys() {
			v, cur := p.Values()[i], out.Get(k)
			switch {
			case cur == nil:
				out.Set(k, v)
			case k == "properties":
				m, why := mergeProperties(cur, v)
				if why != "" {
					return nil, why
				}
				out.Set(k, m)
			case k == "required":
				out.Set(k, unionRequired(cur, v))
			case isAnnotation(k) || sameJSON(cur, v):
			default:
				return nil, fmt.Sprintf("the parts disagree on %q", k)
			}
		}
	}
	return out, ""
}

func mergeProperties(a, b *jsondoc.Value) (*jsondoc.Value, string) {
	if !a.IsObject() || !b.IsObject() {
		return nil, "properties is not an object"
	}
	out := a.Shallow()
	for i, k := range b.Keys() {
		cur := out.Get(k)
		if cur == nil {
			out.Set(k, b.Values()[i])
		} else if !sameJSON(cur, b.Values()[i]) {
			return nil, fmt.Sprintf("two parts define property %q differently", k)
		}
	}
	return out, ""
}

// unionRequired joins two required lists, keeping the first occurrence of each
// name in order.
func unionRequired(a, b *jsondoc.Value) *jsondoc.Value {
	out := jsondoc.NewFrom(jsondoc.Array, a)
	seen := map[string]bool{}
	for _, l := range []*jsondoc.Value{a, b} {
		for _, v := range l.Items() {
			if v.IsString() && !seen[v.Text()] {
				seen[v.Text()] = true
				out.Append(v)
			}
		}
	}
	return out
}

func sameJSON(a, b *jsondoc.Value) bool { return bytes.Equal(a.Marshal(), b.Marshal()) }

// notObjectText describes a schema that is not an object.
func notObjectText(s *jsondoc.Value) string {
	switch {
	case s.IsTrue():
		return "the schema true accepts any value"
	case s.Kind() == jsondoc.Bool:
		return "the schema false accepts no value at all"
	default:
		return "the schema " + string(s.Marshal()) + " is not a schema object"
	}
}

// impliedType is the type a typeless schema's keywords imply: object for
// properties, array for items, and otherwise the one JSON type of its enum
// or const values. Empty when they imply none, several, or null as well.
func impliedType(s *jsondoc.Value) string {
	switch {
	case s.Get("properties") != nil:
		return "object"
	case s.Get("items") != nil:
		return "array"
	}
	var vals []*jsondoc.Value
	if c := s.Get("const"); c != nil {
		vals = append(vals, c)
	}
	if e := s.Get("enum"); e != nil && e.IsArray() {
		vals = append(vals, e.Items()...)
	}
	typ := ""
	for _, v := range vals {
		t := map[jsondoc.Kind]string{jsondoc.String: "string", jsondoc.Bool: "boolean", jsondoc.Number: "number"}[v.Kind()]
		if t == "number" && !strings.ContainsAny(v.Text(), ".eE") {
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

// flattenAllOf merges src's allOf branches into one schema for a provider
// that has no allOf (lacks says so, as rule), noting the merge; branches that
// cannot be merged are dropped, which blocks: what they add is lost.
func (c *conversion) flattenAllOf(src *jsondoc.Value, field string, rule check.RuleID, lacks string) *jsondoc.Value {
	all := src.Get("allOf")
	merged, why := flatten(c.schema, src)
	const fix = "write the combined schema out as one object"
	if why != "" {
		c.block(issue{rule: rule, pointer: keywordPointer(src, "allOf", all), field: field,
			message: lacks + ", and its branches cannot be merged into one schema (" + why + "), so converting leaves it out, with every property and rule its branches add",
			fix:     fix})
		s := src.Shallow()
		s.Delete("allOf")
		return s
	}
	c.note(issue{rule: rule, pointer: keywordPointer(src, "allOf", all), field: field,
		message: lacks + "; converting merges its branches into one schema", fix: fix})
	return merged
}
