package schemaform

import (
	"fmt"
	"math"
	"net"
	"net/mail"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/internal/plural"
)

// Check returns what is wrong with the node's own value, for showing beside
// the field while the person types: a missing required value, a number that
// is not one, a bound, a pattern, a format. Children are checked on their
// own; Form.Validate runs the whole schema.
func (n *Node) Check() []string {
	if n.state == Unset {
		if n.Required && (n.Parent == nil || n.Parent.state == Set) {
			return []string{"required"}
		}
		return nil
	}
	if n.state == Null {
		if !n.Shape.Nullable && n.Shape.Kind != KindNull && n.Shape.Kind != KindRaw && n.Shape.Kind != KindUnion {
			return []string{"null is not allowed here"}
		}
		return nil
	}
	val := n.JSON()
	if msg := n.NotJSON(); msg != "" {
		return []string{msg}
	}
	if n.Shape.Kind == KindNumber || n.Shape.Kind == KindInteger {
		if _, err := strconv.ParseFloat(strings.TrimSpace(n.text), 64); err != nil || strings.TrimSpace(n.text) == "" {
			return []string{fmt.Sprintf("%q is not a number", n.text)}
		}
	}
	v, err := jsondoc.Parse(val)
	if err != nil {
		return nil
	}
	if n.Raw() && n.Shape.Kind != KindRaw {
		return nil // the full validation judges raw values against the schema
	}
	return checkValue(n.Shape, v)
}

// checkValue checks v against the constraints of s at this level only.
func checkValue(s *Shape, v *jsondoc.Value) []string {
	if v.Kind() == jsondoc.Null && (s.Nullable || s.Kind == KindNull) {
		return nil
	}
	switch s.Kind {
	case KindString:
		if v.IsString() {
			return checkString(&s.String, v.Text())
		}
	case KindNumber, KindInteger:
		if v.Kind() == jsondoc.Number {
			return checkNumber(s, v.Text())
		}
	case KindArray, KindMultiSelect:
		if v.IsArray() {
			return checkArray(&s.Array, v)
		}
	case KindObject, KindMap:
		if v.IsObject() {
			return checkObject(&s.Object, v)
		}
	}
	if fit(s, v, 0) == 0 {
		return []string{"does not fit this field's type"}
	}
	return nil
}

func checkString(r *StringRules, s string) []string {
	var out []string
	n := utf8.RuneCountInString(s)
	if r.MinLength != nil && n < *r.MinLength {
		out = append(out, fmt.Sprintf("at least %s (has %d)", plural.Count(*r.MinLength, "character"), n))
	}
	if r.MaxLength != nil && n > *r.MaxLength {
		out = append(out, fmt.Sprintf("at most %s (has %d)", plural.Count(*r.MaxLength, "character"), n))
	}
	if r.Pattern != "" && r.PatternError == "" {
		if re, err := compilePattern(r.Pattern); err == nil && !re.MatchString(s) {
			out = append(out, fmt.Sprintf("must match %s", r.Pattern))
		}
	}
	if msg := checkFormat(r.Format, s); msg != "" {
		out = append(out, msg)
	}
	return out
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// checkFormat checks the formats people mistype most; unknown formats are
// hints, not rules.
func checkFormat(format, s string) string {
	ok := true
	switch format {
	case "date":
		_, err := time.Parse("2006-01-02", s)
		ok = err == nil
	case "date-time":
		_, err := time.Parse(time.RFC3339Nano, strings.Replace(s, " ", "T", 1))
		ok = err == nil
	case "time":
		_, err := time.Parse("15:04:05Z07:00", s)
		_, err2 := time.Parse("15:04:05", s)
		ok = err == nil || err2 == nil
	case "email", "idn-email":
		a, err := mail.ParseAddress(s)
		ok = err == nil && a.Address == s
	case "uri", "iri", "url":
		u, err := url.Parse(s)
		ok = err == nil && u.Scheme != ""
	case "uuid":
		ok = uuidPattern.MatchString(s)
	case "ipv4":
		ip := net.ParseIP(s)
		ok = ip != nil && ip.To4() != nil && !strings.Contains(s, ":")
	case "ipv6":
		ip := net.ParseIP(s)
		ok = ip != nil && strings.Contains(s, ":")
	case "regex":
		_, err := compilePattern(s)
		ok = err == nil
	}
	if ok {
		return ""
	}
	return "not a valid " + format
}

func checkNumber(s *Shape, text string) []string {
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return []string{fmt.Sprintf("%q is not a number", text)}
	}
	var out []string
	r := &s.Number
	if s.Kind == KindInteger && f != math.Trunc(f) {
		out = append(out, "must be a whole number")
	}
	if r.Minimum != nil && f < r.Minimum.Value {
		out = append(out, "at least "+r.Minimum.Text)
	}
	if r.ExclusiveMinimum != nil && f <= r.ExclusiveMinimum.Value {
		out = append(out, "more than "+r.ExclusiveMinimum.Text)
	}
	if r.Maximum != nil && f > r.Maximum.Value {
		out = append(out, "at most "+r.Maximum.Text)
	}
	if r.ExclusiveMaximum != nil && f >= r.ExclusiveMaximum.Value {
		out = append(out, "less than "+r.ExclusiveMaximum.Text)
	}
	if m := r.MultipleOf; m != nil && m.Value > 0 {
		if q := f / m.Value; math.Abs(q-math.Round(q)) > 1e-9 {
			out = append(out, "a multiple of "+m.Text)
		}
	}
	return out
}

func checkArray(r *ArrayRules, v *jsondoc.Value) []string {
	var out []string
	if r.MinItems != nil && len(v.Items()) < *r.MinItems {
		out = append(out, fmt.Sprintf("at least %s (has %d)", plural.Count(*r.MinItems, "item"), len(v.Items())))
	}
	if r.MaxItems != nil && len(v.Items()) > *r.MaxItems {
		out = append(out, fmt.Sprintf("at most %s (has %d)", plural.Count(*r.MaxItems, "item"), len(v.Items())))
	}
	if r.UniqueItems {
		seen := map[string]bool{}
		for _, x := range v.Items() {
			if k := canonical(x); seen[k] {
				out = append(out, "items must be unique; "+string(x.Raw())+" repeats")
				break
			} else {
				seen[k] = true
			}
		}
	}
	return out
}

func checkObject(r *ObjectRules, v *jsondoc.Value) []string {
	var out []string
	if r.MinProperties != nil && len(v.Keys()) < *r.MinProperties {
		out = append(out, fmt.Sprintf("at least %s (has %d)", plural.Count(*r.MinProperties, "entry"), len(v.Keys())))
	}
	if r.MaxProperties != nil && len(v.Keys()) > *r.MaxProperties {
		out = append(out, fmt.Sprintf("at most %s (has %d)", plural.Count(*r.MaxProperties, "entry"), len(v.Keys())))
	}
	for _, name := range sortedKeys(r.DependentRequired) {
		if v.Get(name) == nil {
			continue
		}
		for _, need := range r.DependentRequired[name] {
			if v.Get(need) == nil {
				out = append(out, fmt.Sprintf("%s needs %s as well", name, need))
			}
		}
	}
	return out
}
