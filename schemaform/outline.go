package schemaform

import (
	"fmt"
	"sort"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/internal/plural"
)

// OutlineRow is one field of a form as the outline lists it.
type OutlineRow struct {
	// Pointer is the field's place in the value; "*" stands for every list
	// item or map entry.
	Pointer     string   `json:"pointer"`
	Depth       int      `json:"depth"`
	Label       string   `json:"label"`
	Control     string   `json:"control"`
	Required    bool     `json:"required"`
	Nullable    bool     `json:"nullable,omitempty"`
	Constraints []string `json:"constraints,omitempty"`
	// Recursive names the field whose form this one repeats; the outline
	// stops there, as the form expands it only on request.
	Recursive string `json:"recursive,omitempty"`
	Note      string `json:"note,omitempty"`
}

// Outline lists every field the form can show, depth first, without
// values: what the form will be, for people and CI without a terminal.
func (f *Form) Outline() []OutlineRow {
	o := outliner{open: map[any]string{}}
	o.visit(f.Shape(), "", "(root)", 0, true)
	return o.rows
}

type outliner struct {
	rows []OutlineRow
	open map[any]string // shapes (by origin) on the current path -> their pointer
}

func (o *outliner) visit(s *Shape, ptr, label string, depth int, required bool) {
	row := OutlineRow{Pointer: displayPointer(ptr), Depth: depth, Label: label, Control: s.Control(),
		Required: required, Nullable: s.Nullable, Constraints: Constraints(s), Note: s.Note}
	key := any(s)
	if s.origin != nil {
		key = s.origin
	}
	if at, ok := o.open[key]; ok && s.Kind != KindRaw && !isLeaf(s) {
		row.Recursive = displayPointer(at)
		o.rows = append(o.rows, row)
		return
	}
	o.rows = append(o.rows, row)
	if isLeaf(s) {
		return
	}
	o.open[key] = ptr
	defer delete(o.open, key)
	switch s.Kind {
	case KindObject, KindMap:
		for _, p := range s.Object.Properties {
			o.visit(p.Shape, jsondoc.Join(ptr, p.Name), p.Shape.Label(p.Name), depth+1, p.Required)
		}
		for _, pp := range s.Object.PatternProperties {
			o.visit(pp.Shape, ptr+"/*", "entries matching "+pp.Pattern, depth+1, false)
		}
		if a := s.Object.Additional; a != nil && (s.Kind == KindMap || s.Object.AdditionalDeclared) {
			o.visit(a, ptr+"/*", "other entries", depth+1, false)
		}
	case KindArray:
		for i, p := range s.Array.Prefix {
			o.visit(p, fmt.Sprintf("%s/%d", ptr, i), fmt.Sprintf("[%d]", i), depth+1, true)
		}
		if s.Array.Items != nil {
			o.visit(s.Array.Items, ptr+"/*", "items", depth+1, false)
		}
	case KindUnion:
		for _, v := range s.Variants {
			o.visit(v.Shape, ptr, "variant: "+v.Label, depth+1, false)
		}
	}
}

func isLeaf(s *Shape) bool {
	if s.Any {
		return true
	}
	switch s.Kind {
	case KindObject, KindMap, KindArray, KindUnion:
		return false
	}
	return true
}

// Constraints describes a shape's rules briefly: "1 to 100", "pattern
// ^[0-9]{11}$", "format date", "3 choices". Forms show them beside fields.
func Constraints(s *Shape) []string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	switch s.Kind {
	case KindString:
		r := s.String
		if c := lengthRange(r.MinLength, r.MaxLength, "character"); c != "" {
			out = append(out, c)
		}
		if r.Pattern != "" {
			add("pattern %s", r.Pattern)
		}
		if r.PatternError != "" {
			add("pattern not enforced: %s", r.PatternError)
		}
		if r.Format != "" {
			add("format %s", r.Format)
		}
	case KindNumber, KindInteger:
		out = append(out, numberRange(s.Number)...)
	case KindEnum, KindMultiSelect:
		out = append(out, plural.Count(len(s.Choices), "choice"))
	case KindConst:
		add("always %s", string(s.Const))
	case KindArray:
		if c := lengthRange(s.Array.MinItems, s.Array.MaxItems, "item"); c != "" {
			out = append(out, c)
		}
		if s.Array.UniqueItems {
			out = append(out, "unique")
		}
	case KindObject, KindMap:
		if c := lengthRange(s.Object.MinProperties, s.Object.MaxProperties, "entry"); c != "" {
			out = append(out, c)
		}
		if s.Kind == KindObject && s.Object.AdditionalDeclared && s.Object.Additional == nil {
			out = append(out, "no other keys")
		}
	}
	if s.Kind == KindMultiSelect {
		if c := lengthRange(s.Array.MinItems, s.Array.MaxItems, "pick"); c != "" {
			out = append(out, c)
		}
	}
	if s.Default != nil {
		add("default %s", compactJSON(s.Default))
	}
	return out
}

// lengthRange says how many units (a singular noun) a range allows.
func lengthRange(lo, hi *int, unit string) string {
	switch {
	case lo != nil && hi != nil && *lo == *hi:
		return "exactly " + plural.Count(*lo, unit)
	case lo != nil && hi != nil:
		return fmt.Sprintf("%d to %s", *lo, plural.Count(*hi, unit))
	case lo != nil:
		return "at least " + plural.Count(*lo, unit)
	case hi != nil:
		return "at most " + plural.Count(*hi, unit)
	}
	return ""
}

func numberRange(r NumberRules) []string {
	var out []string
	lo, hi := "", ""
	switch {
	case r.Minimum != nil:
		lo = "≥ " + r.Minimum.Text
	case r.ExclusiveMinimum != nil:
		lo = "> " + r.ExclusiveMinimum.Text
	}
	switch {
	case r.Maximum != nil:
		hi = "≤ " + r.Maximum.Text
	case r.ExclusiveMaximum != nil:
		hi = "< " + r.ExclusiveMaximum.Text
	}
	if lo != "" || hi != "" {
		out = append(out, strings.TrimSpace(lo+" "+hi))
	}
	if r.MultipleOf != nil {
		out = append(out, "multiple of "+r.MultipleOf.Text)
	}
	if r.Format != "" {
		out = append(out, "format "+r.Format)
	}
	return out
}

func compactJSON(raw []byte) string {
	v, err := jsondoc.Parse(raw)
	if err != nil {
		return string(raw)
	}
	return canonical(v)
}

// OutlineSummary counts the outline's fields by control, for a one-line
// summary: "12 fields: 5 input, 2 select, 1 list, ...".
func OutlineSummary(rows []OutlineRow) string {
	count := map[string]int{}
	for _, r := range rows[min(1, len(rows)):] {
		count[r.Control]++
	}
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if count[keys[i]] != count[keys[j]] {
			return count[keys[i]] > count[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d %s", count[k], k)
	}
	return fmt.Sprintf("%d fields: %s", len(rows)-min(1, len(rows)), strings.Join(parts, ", "))
}
