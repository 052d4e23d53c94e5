package collection

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// snapshot compares the result's snapshot value with the stored one,
// storing it when there is none yet or when updating.
func (j judge) snapshot(root *jsondoc.Value) (Failure, string, bool) {
	val, err := SnapshotValue(root.Marshal(), j.test.Expect.Ignore)
	if err != nil {
		return Failure{Check: "snapshot", Reason: err.Error()}, "", true
	}
	if j.scrub != nil {
		// The stored snapshot went through Scrub; so must what it is
		// compared with, or a secret the server echoes never matches.
		if val, err = j.scrub(val); err != nil {
			return Failure{Check: "snapshot", Reason: "not stored: " + err.Error()}, "", true
		}
	}
	stored, ok := j.store.get(j.test.Name)
	switch {
	case !ok:
		j.store.put(j.test.Name, val)
		return Failure{}, SnapshotWritten, false
	case jsondoc.Equal(stored, val):
		return Failure{}, SnapshotMatched, false
	case j.update:
		j.store.put(j.test.Name, val)
		return Failure{}, SnapshotUpdated, false
	}
	f := Failure{Check: "snapshot", Expected: stored, Got: val}
	old, oerr := decodeNumbers(stored)
	cur, cerr := decodeNumbers(val)
	if oerr == nil && cerr == nil {
		if ptr, a, b, found := firstDifference("", old, cur); found {
			f.Pointer = ptr
			f.Expected, f.Got = marshalOrNil(a), marshalOrNil(b)
		}
	}
	f.Reason = "differs from the stored snapshot at " + pointerName(f.Pointer) + " (run with --update to accept it)"
	return f, "", true
}

// SnapshotValue is what a test's snapshot holds for a CallToolResult:
// its structuredContent, or its content when it has none, without the
// ignored pointers, as compact JSON with sorted keys. An ignore pointer is
// into that value ("/timestamp"), or into the result through it
// ("/structuredContent/timestamp"); one that leads nowhere is no error.
func SnapshotValue(result json.RawMessage, ignore []string) (json.RawMessage, error) {
	root, err := jsondoc.Parse(result)
	if err != nil {
		return nil, fmt.Errorf("the result is not JSON: %w", err)
	}
	base := "/structuredContent"
	v := root.Get("structuredContent")
	if v == nil {
		base, v = "/content", root.Get("content")
	}
	doc := v.Any()
	for _, p := range ignore {
		if rest, ok := strings.CutPrefix(p, base); ok && (rest == "" || rest[0] == '/') {
			p = rest
		}
		doc = remove(doc, p)
	}
	out, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("snapshot: %w", err)
	}
	return out, nil
}

// remove takes the value at ptr out of doc: a member out of its object,
// an item out of its array (later items move up, so pointers into one
// array apply in the order given); the root leaves null. A pointer that
// leads nowhere changes nothing.
func remove(doc any, ptr string) any {
	toks, ok := jsondoc.Split(ptr)
	if !ok {
		return doc
	}
	return without(doc, toks)
}

func without(v any, toks []string) any {
	if len(toks) == 0 {
		return nil
	}
	switch x := v.(type) {
	case map[string]any:
		child, ok := x[toks[0]]
		switch {
		case !ok:
		case len(toks) == 1:
			delete(x, toks[0])
		default:
			x[toks[0]] = without(child, toks[1:])
		}
		return x
	case []any:
		i, err := strconv.Atoi(toks[0])
		switch {
		case err != nil || i < 0 || i >= len(x):
		case len(toks) == 1:
			return append(x[:i:i], x[i+1:]...)
		default:
			x[i] = without(x[i], toks[1:])
		}
		return x
	}
	return v
}

// firstDifference finds the first pointer, in sorted key order, where a
// and b differ, with the two values there (nil for absent).
func firstDifference(ptr string, a, b any) (string, any, any, bool) {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			break
		}
		for _, k := range unionKeys(x, y) {
			av, aok := x[k]
			bv, bok := y[k]
			if aok != bok {
				return jsondoc.Join(ptr, k), av, bv, true
			}
			if p, d1, d2, found := firstDifference(jsondoc.Join(ptr, k), av, bv); found {
				return p, d1, d2, true
			}
		}
		return "", nil, nil, false
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			break
		}
		for i := range x {
			if p, d1, d2, found := firstDifference(jsondoc.Join(ptr, strconv.Itoa(i)), x[i], y[i]); found {
				return p, d1, d2, true
			}
		}
		return "", nil, nil, false
	}
	if jsondoc.Equal(marshalOrNil(a), marshalOrNil(b)) {
		return "", nil, nil, false
	}
	return ptr, a, b, true
}

func unionKeys(a, b map[string]any) []string {
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// decodeNumbers decodes JSON keeping numbers as written, so a difference
// between two large integers is not lost to float64.
func decodeNumbers(b []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	err := d.Decode(&v)
	return v, err
}

// marshalOrNil is v as JSON; nil for an absent value.
func marshalOrNil(v any) json.RawMessage {
	if v == nil {
		return nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return b
}
