package schemaform

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// ExampleMode says how much of the schema an example fills.
type ExampleMode uint8

// Example modes: Minimal fills only what is required; Full fills every
// field (but follows a recursive schema only once).
const (
	Minimal ExampleMode = iota
	Full
)

// Examples stop at this depth, and at the third visit of one shape on a
// path, so a schema that requires itself still ends.
const (
	maxExampleDepth  = 128
	maxExampleRepeat = 3
)

// Example generates a value for the schema from its defaults, examples,
// enum and const values, formats and bounds. It aims to be valid; a schema
// that is unsatisfiable, or that hides rules in if/then/else, may defeat it.
func (f *Form) Example(mode ExampleMode) json.RawMessage {
	g := exampler{mode: mode, active: map[*Shape]int{}}
	var b bytes.Buffer
	g.write(&b, f.Shape(), 0)
	return json.RawMessage(b.Bytes())
}

// FillExample loads a generated example into the form.
func (f *Form) FillExample(mode ExampleMode) {
	_ = f.SetJSON(f.Example(mode))
}

type exampler struct {
	mode   ExampleMode
	active map[*Shape]int // shapes on the current path, for recursion
	// tag is a union's discriminator: the variant written next includes it
	// even when optional, or the value could match several variants.
	tag string
}

func (g *exampler) write(b *bytes.Buffer, s *Shape, depth int) {
	if v := g.given(s); v != nil {
		b.Write(v)
		return
	}
	if depth > maxExampleDepth || g.active[s] >= maxExampleRepeat {
		b.WriteString("null")
		return
	}
	g.active[s]++
	defer func() { g.active[s]-- }()
	switch s.Kind {
	case KindString:
		writeString(b, exampleString(s))
	case KindNumber, KindInteger:
		b.WriteString(exampleNumber(s))
	case KindBoolean:
		b.WriteString("false")
	case KindConst:
		b.Write(s.Const)
	case KindEnum:
		b.Write(firstChoice(s.Choices))
	case KindMultiSelect:
		g.writeSelection(b, s)
	case KindObject, KindMap:
		g.writeObject(b, s, depth)
	case KindArray:
		g.writeArray(b, s, depth)
	case KindUnion:
		g.tag = s.Discriminator
		g.write(b, firstVariant(s), depth+1)
	default:
		b.WriteString("null")
	}
}

// given returns the schema's own default or first example when it fits.
func (g *exampler) given(s *Shape) json.RawMessage {
	for _, cand := range append([]json.RawMessage{s.Default}, s.Examples...) {
		if cand == nil {
			continue
		}
		if v, err := jsondoc.Parse(cand); err == nil && len(checkValue(s, v)) == 0 && fit(s, v, 0) > 1 {
			return cand
		}
	}
	return nil
}

func firstChoice(cs []Choice) json.RawMessage {
	for _, c := range cs {
		if string(c.Value) != "null" {
			return c.Value
		}
	}
	return cs[0].Value
}

func firstVariant(s *Shape) *Shape {
	for _, v := range s.Variants {
		if v.Shape.Kind != KindNull && v.Shape.Kind != KindRaw {
			return v.Shape
		}
	}
	return s.Variants[0].Shape
}

func (g *exampler) writeObject(b *bytes.Buffer, s *Shape, depth int) {
	r := &s.Object
	include := map[string]bool{}
	if g.tag != "" {
		include[g.tag], g.tag = true, ""
	}
	for _, p := range r.Properties {
		recursive := g.active[p.Shape] > 0 || (p.Shape.Kind == KindArray && r.Properties != nil && g.active[p.Shape.Array.Items] > 0)
		if p.Required || (g.mode == Full && !recursive && !p.Shape.ReadOnly) {
			include[p.Name] = true
		}
	}
	for name, needs := range r.DependentRequired {
		if include[name] {
			for _, n := range needs {
				include[n] = true
			}
		}
	}
	b.WriteByte('{')
	n := 0
	for _, p := range r.Properties {
		if !include[p.Name] {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		writeString(b, p.Name)
		b.WriteByte(':')
		g.write(b, p.Shape, depth+1)
	}
	want := 0
	if r.MinProperties != nil {
		want = *r.MinProperties
	}
	if s.Kind == KindMap && g.mode == Full {
		want = max(want, 1)
	}
	for i := 0; n < want && r.Additional != nil && i < want+len(r.Properties); i++ {
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		writeString(b, "key"+strconv.Itoa(i+1))
		b.WriteByte(':')
		g.write(b, r.Additional, depth+1)
	}
	b.WriteByte('}')
}

func (g *exampler) writeArray(b *bytes.Buffer, s *Shape, depth int) {
	r := &s.Array
	count := len(r.Prefix)
	if r.MinItems != nil {
		count = max(count, *r.MinItems)
	}
	if g.mode == Full && r.Items != nil && g.active[r.Items] == 0 {
		count = max(count, len(r.Prefix)+1)
	}
	if r.MaxItems != nil {
		count = min(count, *r.MaxItems)
	}
	if r.Items == nil {
		count = min(count, len(r.Prefix))
	}
	b.WriteByte('[')
	for i := 0; i < count; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		shape := r.Items
		if i < len(r.Prefix) {
			shape = r.Prefix[i]
		}
		if r.UniqueItems && shape.Kind == KindEnum && i < len(shape.Choices) {
			b.Write(shape.Choices[i].Value)
			continue
		}
		var item bytes.Buffer
		g.write(&item, shape, depth+1)
		b.Write(distinctItem(item.Bytes(), i, r.UniqueItems))
	}
	b.WriteByte(']')
}

// distinctItem varies the i-th copy of a scalar so uniqueItems holds.
func distinctItem(item []byte, i int, unique bool) []byte {
	if !unique || i == 0 {
		return item
	}
	var s string
	if json.Unmarshal(item, &s) == nil {
		out, _ := json.Marshal(s + strconv.Itoa(i+1))
		return out
	}
	if f, err := strconv.ParseFloat(string(item), 64); err == nil {
		return []byte(strconv.FormatFloat(f+float64(i), 'f', -1, 64))
	}
	return item
}

func (g *exampler) writeSelection(b *bytes.Buffer, s *Shape) {
	count := 0
	if r := s.Array; r.MinItems != nil {
		count = *r.MinItems
	}
	if g.mode == Full {
		count = max(count, 1)
	}
	count = min(count, len(s.Choices))
	b.WriteByte('[')
	for i := 0; i < count; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(s.Choices[i].Value)
	}
	b.WriteByte(']')
}

// formatExamples are valid values for the formats JSON Schema defines.
var formatExamples = map[string]string{
	"date": "2026-01-15", "date-time": "2026-01-15T09:30:00Z", "time": "09:30:00Z",
	"duration": "P1D", "email": "user@example.com", "idn-email": "user@example.com",
	"hostname": "example.com", "idn-hostname": "example.com", "ipv4": "192.0.2.1", "ipv6": "2001:db8::1",
	"uri": "https://example.com/", "uri-reference": "https://example.com/", "iri": "https://example.com/",
	"iri-reference": "https://example.com/", "url": "https://example.com/",
	"uuid": "123e4567-e89b-12d3-a456-426614174000", "regex": "^.*$", "json-pointer": "/a",
	"relative-json-pointer": "0", "uri-template": "https://example.com/{id}", "json": "{}",
	"byte": "ZXhhbXBsZQ==", "binary": "example", "password": "example",
}

func exampleString(s *Shape) string {
	r := &s.String
	out := "example"
	if v, ok := formatExamples[r.Format]; ok {
		out = v
	}
	if r.Pattern != "" && r.PatternError == "" {
		if gen, ok := generateFromPattern(r.Pattern); ok {
			out = gen
		}
	}
	n := len([]rune(out))
	if r.MinLength != nil && n < *r.MinLength {
		out += strings.Repeat("x", *r.MinLength-n)
	}
	if r.MaxLength != nil && len([]rune(out)) > *r.MaxLength {
		out = string([]rune(out)[:*r.MaxLength])
	}
	return out
}

// exampleNumber picks 1 when allowed (counts and pages start there), else
// 0, else the nearest bound, respecting multipleOf and integer-ness.
func exampleNumber(s *Shape) string {
	r := &s.Number
	lo, hi := math.Inf(-1), math.Inf(1)
	step := 0.0
	if s.Kind == KindInteger {
		step = 1
	}
	if r.MultipleOf != nil && r.MultipleOf.Value > 0 {
		step = r.MultipleOf.Value
	}
	if r.Minimum != nil {
		lo = r.Minimum.Value
	}
	if r.ExclusiveMinimum != nil {
		lo = math.Max(lo, r.ExclusiveMinimum.Value+math.Max(step, 1e-9)*0.5)
	}
	if r.Maximum != nil {
		hi = r.Maximum.Value
	}
	if r.ExclusiveMaximum != nil {
		hi = math.Min(hi, r.ExclusiveMaximum.Value-math.Max(step, 1e-9)*0.5)
	}
	for _, cand := range []float64{1, 0, lo, hi} {
		if math.IsInf(cand, 0) {
			continue
		}
		if step > 0 {
			cand = math.Ceil(cand/step-1e-9) * step
		}
		if cand >= lo && cand <= hi {
			return strconv.FormatFloat(cand, 'f', -1, 64)
		}
	}
	return "0"
}
