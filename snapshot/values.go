package snapshot

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// canon is a value's meaning as a string: object keys sorted (the last
// of duplicates wins, as validators read them) and numbers by value, so
// that 1 and 1.0, or two orders of the same members, are the same.
func canon(v *jsondoc.Value) string {
	var b strings.Builder
	writeCanon(&b, v)
	return b.String()
}

func writeCanon(b *strings.Builder, v *jsondoc.Value) {
	if v == nil {
		b.WriteString("~")
		return
	}
	switch v.Kind() {
	case jsondoc.Number:
		if f, err := strconv.ParseFloat(v.Text(), 64); err == nil {
			b.WriteString(strconv.FormatFloat(f, 'g', -1, 64))
			return
		}
		b.WriteString(v.Text())
	case jsondoc.Array:
		b.WriteByte('[')
		for i, x := range v.Items() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCanon(b, x)
		}
		b.WriteByte(']')
	case jsondoc.Object:
		keys := uniqueKeys(v)
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(k))
			b.WriteByte(':')
			writeCanon(b, v.Get(k))
		}
		b.WriteByte('}')
	default:
		b.Write(v.Marshal())
	}
}

// same reports whether two values mean the same JSON: key order aside,
// numbers by value. It walks both without building anything, as it runs
// on every schema of a diff.
func same(a, b *jsondoc.Value) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind() != b.Kind() {
		return false
	}
	switch a.Kind() {
	case jsondoc.Number:
		if a.Text() == b.Text() {
			return true
		}
		x, errX := strconv.ParseFloat(a.Text(), 64)
		y, errY := strconv.ParseFloat(b.Text(), 64)
		return errX == nil && errY == nil && x == y
	case jsondoc.String:
		return a.Text() == b.Text()
	case jsondoc.Bool:
		return a.IsTrue() == b.IsTrue()
	case jsondoc.Array:
		x, y := a.Items(), b.Items()
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if !same(x[i], y[i]) {
				return false
			}
		}
		return true
	case jsondoc.Object:
		return sameMembers(a, b)
	}
	return true
}

// sameMembers reports whether two objects have the same keys with the
// same values, in any order.
func sameMembers(a, b *jsondoc.Value) bool {
	keys := a.Keys()
	for i, k := range keys {
		if a.Get(k) != a.Values()[i] {
			continue // a duplicate key: the last one counts
		}
		if !same(a.Values()[i], b.Get(k)) {
			return false
		}
	}
	for _, k := range b.Keys() {
		if !a.Has(k) {
			return false
		}
	}
	return true
}

// uniqueKeys are an object's keys in document order, each once.
func uniqueKeys(v *jsondoc.Value) []string {
	keys := v.Keys()
	seen := make(map[string]bool, len(keys))
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	return out
}

// raw is a value's bytes as written, nil for an absent value.
func raw(v *jsondoc.Value) json.RawMessage {
	if v == nil {
		return nil
	}
	return json.RawMessage(v.Raw())
}

// stringSet is the strings of an array ("required"), as a set.
func stringSet(v *jsondoc.Value) map[string]bool {
	set := map[string]bool{}
	for _, x := range v.Items() {
		if x.IsString() {
			set[x.Text()] = true
		}
	}
	return set
}

// kebab spells a keyword as a rule id does: "exclusiveMinimum" as
// "exclusive-minimum".
func kebab(keyword string) string {
	var b strings.Builder
	for _, r := range keyword {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('-')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}
