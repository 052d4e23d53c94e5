package probe

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/schemaform"
)

// visit is one value of the example waiting to be looked at.
type visit struct {
	shape *schemaform.Shape
	value any
	ptr   []string
}

// walk lists the candidate mutations of the values in v, breadth first so
// top-level fields come before nested ones, in schema property order.
// Unions are not entered: which branch a value takes is the server's call.
func walk(root *schemaform.Shape, v any) []candidate {
	var out []candidate
	queue := []visit{{shape: root, value: v}}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		if len(cur.ptr) > maxWalkDepth {
			continue
		}
		if len(cur.ptr) > 0 {
			out = append(out, scalarCandidates(cur)...)
		}
		queue = append(queue, children(cur, &out)...)
	}
	return out
}

// children returns the values inside an object or array, adding the
// candidates that belong to the container: missing required fields and item
// counts.
func children(cur visit, out *[]candidate) []visit {
	s := cur.shape
	var next []visit
	switch s.Kind {
	case schemaform.KindObject, schemaform.KindMap:
		m, ok := cur.value.(map[string]any)
		if !ok {
			return nil
		}
		for _, p := range s.Object.Properties {
			val, present := m[p.Name]
			if !present {
				continue
			}
			ptr := extend(cur.ptr, p.Name)
			if p.Required {
				*out = append(*out, candidate{kind: KindMissing, ptr: ptr, remove: true,
					desc: "missing required " + jsondoc.Join("", ptr...)})
			}
			next = append(next, visit{shape: p.Shape, value: val, ptr: ptr})
		}
	case schemaform.KindArray:
		items, ok := cur.value.([]any)
		if !ok {
			return nil
		}
		if c, ok := itemCountCandidate(cur, items); ok {
			*out = append(*out, c)
		}
		if len(items) > 0 {
			item := s.Array.Items
			if len(s.Array.Prefix) > 0 {
				item = s.Array.Prefix[0]
			}
			if item != nil {
				next = append(next, visit{shape: item, value: items[0], ptr: extend(cur.ptr, "0")})
			}
		}
	}
	return next
}

// scalarCandidates are the wrong-type, enum, range, length and pattern
// cases of one value.
func scalarCandidates(cur visit) []candidate {
	s, p := cur.shape, jsondoc.Join("", cur.ptr...)
	var out []candidate
	if wrong, want, ok := wrongType(s); ok {
		out = append(out, candidate{kind: KindType, ptr: cur.ptr, value: wrong,
			desc: fmt.Sprintf("%s as %s (wants %s)", p, jsonKind(wrong), want)})
	}
	if s.Kind == schemaform.KindUnion {
		// Which types the variants accept is for the validator to say; the
		// first of these it rejects is the case.
		for _, wrong := range []any{json.Number("12345"), "not a valid variant", false} {
			out = append(out, candidate{kind: KindType, ptr: cur.ptr, value: wrong,
				desc: fmt.Sprintf("%s as %s (matches no variant)", p, jsonKind(wrong))})
		}
	}
	switch s.Kind {
	case schemaform.KindEnum:
		bad := outsideChoices(s.Choices)
		out = append(out, candidate{kind: KindEnum, ptr: cur.ptr, value: bad,
			desc: fmt.Sprintf("%s = %s (not in enum)", p, show(bad))})
	case schemaform.KindMultiSelect:
		bad := []any{outsideChoices(s.Choices)}
		out = append(out, candidate{kind: KindEnum, ptr: cur.ptr, value: bad,
			desc: fmt.Sprintf("%s = %s (item not in enum)", p, show(bad))})
	case schemaform.KindNumber, schemaform.KindInteger:
		if c, ok := rangeCandidate(cur); ok {
			out = append(out, c)
		}
	case schemaform.KindString:
		out = append(out, stringCandidates(cur)...)
	}
	return out
}

// wrongType picks a value of another JSON type than the shape wants. Enums
// and consts get their own cases; unions and raw values accept too much to
// say what is wrong.
func wrongType(s *schemaform.Shape) (value any, want string, ok bool) {
	switch s.Kind {
	case schemaform.KindString:
		return json.Number("12345"), "string", true
	case schemaform.KindNumber:
		return "not a number", "number", true
	case schemaform.KindInteger:
		return "not a number", "integer", true
	case schemaform.KindBoolean:
		return "not a boolean", "boolean", true
	case schemaform.KindArray, schemaform.KindMultiSelect:
		return "not an array", "array", true
	case schemaform.KindObject, schemaform.KindMap:
		return "not an object", "object", true
	}
	return nil, "", false
}

// outsideChoices returns a value no choice has: a number above the largest
// numeric choice when the first is a number, else a string.
func outsideChoices(choices []schemaform.Choice) any {
	taken := map[string]bool{}
	top := math.Inf(-1)
	numeric := false
	for i, c := range choices {
		taken[string(bytes.TrimSpace(c.Value))] = true
		if f, err := strconv.ParseFloat(string(c.Value), 64); err == nil {
			top = math.Max(top, f)
			numeric = numeric || i == 0
		}
	}
	if numeric {
		return json.Number(strconv.FormatFloat(math.Floor(top)+1, 'f', -1, 64))
	}
	for i := 0; ; i++ {
		s := "not-a-choice"
		if i > 0 {
			s += strconv.Itoa(i)
		}
		if q, _ := json.Marshal(s); !taken[string(q)] {
			return s
		}
	}
}

// rangeCandidate crosses the lower bound when there is one, else the upper:
// one range case per number keeps runs short.
func rangeCandidate(cur visit) (candidate, bool) {
	r := cur.shape.Number
	p := jsondoc.Join("", cur.ptr...)
	var value float64
	var desc string
	switch {
	case r.ExclusiveMinimum != nil:
		value, desc = r.ExclusiveMinimum.Value, "not above exclusiveMinimum "+r.ExclusiveMinimum.Text
	case r.Minimum != nil:
		value, desc = r.Minimum.Value-1, "below minimum "+r.Minimum.Text
	case r.ExclusiveMaximum != nil:
		value, desc = r.ExclusiveMaximum.Value, "not below exclusiveMaximum "+r.ExclusiveMaximum.Text
	case r.Maximum != nil:
		value, desc = r.Maximum.Value+1, "above maximum "+r.Maximum.Text
	default:
		return candidate{}, false
	}
	n := json.Number(strconv.FormatFloat(value, 'f', -1, 64))
	return candidate{kind: KindRange, ptr: cur.ptr, value: n, desc: fmt.Sprintf("%s = %s (%s)", p, n, desc)}, true
}

// itemCountCandidate breaks minItems (one item too few) or else maxItems
// (one too many, repeating the first item).
func itemCountCandidate(cur visit, items []any) (candidate, bool) {
	r := cur.shape.Array
	p := jsondoc.Join("", cur.ptr...)
	switch {
	case r.MinItems != nil && *r.MinItems > 0 && len(items) >= *r.MinItems:
		short := append([]any{}, items[:*r.MinItems-1]...)
		return candidate{kind: KindRange, ptr: cur.ptr, value: short,
			desc: fmt.Sprintf("%s with %s (minItems %d)", p, plural.Count(len(short), "item"), *r.MinItems)}, true
	case r.MaxItems != nil && len(items) > 0 && *r.MaxItems < maxLengthCase:
		long := append([]any{}, items...)
		for len(long) <= *r.MaxItems {
			long = append(long, deepCopy(items[0]))
		}
		return candidate{kind: KindRange, ptr: cur.ptr, value: long,
			desc: fmt.Sprintf("%s with %s (maxItems %d)", p, plural.Count(len(long), "item"), *r.MaxItems)}, true
	}
	return candidate{}, false
}

// patternProbes are tried in turn until one breaks a string's pattern.
var patternProbes = []string{"!", "invalid value", " ", ""}

// stringCandidates break minLength (else maxLength) and the pattern.
func stringCandidates(cur visit) []candidate {
	r := cur.shape.String
	p := jsondoc.Join("", cur.ptr...)
	var out []candidate
	switch {
	case r.MinLength != nil && *r.MinLength > 0 && *r.MinLength <= maxLengthCase:
		short := strings.Repeat("x", *r.MinLength-1)
		out = append(out, candidate{kind: KindLength, ptr: cur.ptr, value: short,
			desc: fmt.Sprintf("%s = %s (shorter than minLength %d)", p, show(short), *r.MinLength)})
	case r.MaxLength != nil && *r.MaxLength < maxLengthCase:
		long := strings.Repeat("x", *r.MaxLength+1)
		out = append(out, candidate{kind: KindLength, ptr: cur.ptr, value: long,
			desc: fmt.Sprintf("%s with %s (maxLength %d)", p, plural.Count(len(long), "character"), *r.MaxLength)})
	}
	if r.Pattern != "" && r.PatternError == "" {
		for _, probe := range patternProbes {
			out = append(out, candidate{kind: KindPattern, ptr: cur.ptr, value: probe, wantKeyword: "pattern",
				desc: fmt.Sprintf("%s = %s (breaks pattern %s)", p, show(probe), r.Pattern)})
		}
	}
	return out
}

func extend(ptr []string, tok string) []string {
	return append(append([]string(nil), ptr...), tok)
}

func jsonKind(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case json.Number:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case bool:
		return "boolean"
	}
	return "null"
}

// show renders a value for a case description.
func show(v any) string {
	data, err := encode(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}
