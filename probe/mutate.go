package probe

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/schemaform"
)

// Kinds of invalid input, in the order the generator takes them.
const (
	KindMissing = "missing-required"
	KindType    = "wrong-type"
	KindEnum    = "not-in-enum"
	KindRange   = "out-of-range"
	KindLength  = "bad-length"
	KindPattern = "pattern-mismatch"
)

var mutationKinds = []string{KindMissing, KindType, KindEnum, KindRange, KindLength, KindPattern}

// Limits of the generator. DefaultMaxCases bounds the invalid calls per
// tool; maxMissing the "required field missing" ones among them, so a tool
// with twenty required fields still gets the other kinds.
const (
	DefaultMaxCases = 12
	maxMissing      = 5
	maxWalkDepth    = 8
	maxLengthCase   = 10000
)

// Mutation is one invalid arguments object made from a valid one by
// changing a single value.
type Mutation struct {
	Kind        string          `json:"kind"`
	Pointer     string          `json:"pointer"`
	Description string          `json:"description"`
	Arguments   json.RawMessage `json:"arguments"`
	// Violation is the validator's complaint about Arguments: proof that
	// they really are invalid.
	Violation string `json:"violation"`
}

// candidate is a mutation before it is applied: set the value at ptr to
// value, or remove it when remove is set.
type candidate struct {
	kind   string
	ptr    []string
	value  any
	remove bool
	desc   string
	// wantKeyword, when set, keeps the candidate only if a violation comes
	// from this schema keyword (a pattern case must break the pattern).
	wantKeyword string
}

// Mutations returns up to max invalid variants of base, the arguments the
// server accepted (or, failing that, a valid example). full is a fuller
// valid example (schemaform's Full) whose optional values are borrowed so
// optional fields get invalid cases too; nil means base alone.
//
// The result is deterministic: values are visited breadth first in schema
// order, kinds are taken round robin (missing, type, enum, range, length,
// pattern), and every case is checked against the schema and dropped unless
// it breaks it.
func Mutations(schema, base, full json.RawMessage, max int) ([]Mutation, error) {
	if max <= 0 {
		max = DefaultMaxCases
	}
	form, err := schemaform.Compile(schema)
	if err != nil {
		return nil, fmt.Errorf("inputSchema: %w", err)
	}
	v, err := schemaform.NewValidator(schema)
	if err != nil {
		return nil, fmt.Errorf("inputSchema: %w", err)
	}
	baseV, err := decode(base)
	if err != nil {
		return nil, fmt.Errorf("base arguments: %w", err)
	}
	fullV := baseV
	if full != nil {
		if fullV, err = decode(full); err != nil {
			return nil, fmt.Errorf("full example: %w", err)
		}
	}
	byKind := map[string][]Mutation{}
	seen := map[string]bool{} // arguments already made, and kind+pointer pairs already covered
	for _, c := range walk(form.Shape(), fullV) {
		key := c.kind + "\x00" + jsondoc.Join("", c.ptr...)
		if seen[key] {
			continue
		}
		m, ok := apply(c, baseV, fullV, v)
		if !ok || seen[string(m.Arguments)] {
			continue
		}
		seen[key], seen[string(m.Arguments)] = true, true
		byKind[c.kind] = append(byKind[c.kind], m)
	}
	if len(byKind[KindMissing]) > maxMissing {
		byKind[KindMissing] = byKind[KindMissing][:maxMissing]
	}
	return roundRobin(byKind, max), nil
}

// roundRobin takes one case of each kind in turn until max are taken.
func roundRobin(byKind map[string][]Mutation, max int) []Mutation {
	var out []Mutation
	for i := 0; len(out) < max; i++ {
		took := false
		for _, k := range mutationKinds {
			if i < len(byKind[k]) && len(out) < max {
				out = append(out, byKind[k][i])
				took = true
			}
		}
		if !took {
			break
		}
	}
	return out
}

// apply builds the arguments of one candidate and keeps them only if the
// validator rejects them. The value mutated may be optional and absent from
// base: the missing part of its path is then borrowed from full, so each
// case differs from the accepted arguments in as little as possible.
func apply(c candidate, base, full any, v *schemaform.Validator) (Mutation, bool) {
	args, ok := deepCopy(base).(map[string]any)
	if !ok {
		return Mutation{}, false
	}
	path := c.ptr
	if c.remove {
		path = path[:len(path)-1]
	}
	graft(args, full, path)
	if !change(args, c) {
		return Mutation{}, false
	}
	violations := v.ValidateValue(args)
	if len(violations) == 0 {
		return Mutation{}, false
	}
	first := violations[0]
	if c.wantKeyword != "" {
		found := false
		for _, vi := range violations {
			if strings.HasSuffix(vi.SchemaPath, "/"+c.wantKeyword) {
				first, found = vi, true
				break
			}
		}
		if !found {
			return Mutation{}, false
		}
	}
	data, err := encode(args)
	if err != nil {
		return Mutation{}, false
	}
	return Mutation{Kind: c.kind, Pointer: jsondoc.Join("", c.ptr...), Description: c.desc, Arguments: data,
		Violation: displayPointer(first.InstancePath) + ": " + first.Message}, true
}

// change sets or removes the value at c.ptr, reporting false when the path
// does not exist in args.
func change(args map[string]any, c candidate) bool {
	var parent any = args
	for _, tok := range c.ptr[:len(c.ptr)-1] {
		next, ok := child(parent, tok)
		if !ok {
			return false
		}
		parent = next
	}
	last := c.ptr[len(c.ptr)-1]
	switch p := parent.(type) {
	case map[string]any:
		if _, ok := p[last]; !ok && c.remove {
			return false
		}
		if c.remove {
			delete(p, last)
		} else {
			p[last] = c.value
		}
		return true
	case []any:
		i, err := strconv.Atoi(last)
		if err != nil || i >= len(p) || c.remove {
			return false
		}
		p[i] = c.value
		return true
	}
	return false
}

// graft copies from full each value along path that args lacks.
func graft(args, full any, path []string) {
	for _, tok := range path {
		next, ok := child(args, tok)
		if !ok {
			borrowed, found := child(full, tok)
			m, isObj := args.(map[string]any)
			if !found || !isObj {
				return
			}
			next = deepCopy(borrowed)
			m[tok] = next
		}
		if full, ok = child(full, tok); !ok {
			return
		}
		args = next
	}
}

func child(v any, tok string) (any, bool) {
	switch p := v.(type) {
	case map[string]any:
		c, ok := p[tok]
		return c, ok
	case []any:
		i, err := strconv.Atoi(tok)
		if err != nil || i >= len(p) {
			return nil, false
		}
		return p[i], true
	}
	return nil, false
}

func displayPointer(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}
