package collection

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/schemaform"
)

// The keys a test and its expect may hold.
var (
	testKeys   = []string{"name", "tool", "arguments", "expect", "elicit", "sample", "roots", "timeout"}
	expectKeys = []string{"isError", "outputValid", "match", "snapshot", "ignore"}
	// matcherKeys are the one-key objects that are matchers rather than
	// literal values.
	matcherKeys = []string{"equals", "regex", "schema"}
)

// decodeTest reads one test. The returned Test carries its name even with
// an error, so the error can name it.
func decodeTest(v *jsondoc.Value) (Test, *fieldError) {
	var t Test
	if !v.IsObject() {
		return t, fieldErrorf("", "want an object with name, tool and expect, not %s", v.Kind())
	}
	name, ok := v.GetString("name")
	t.Name = name
	switch {
	case !v.Has("name"):
		return t, fieldErrorf("name", "missing; every test needs a unique name")
	case !ok || name == "":
		return t, fieldErrorf("name", "want a non-empty string")
	}
	if err := onlyKeys(v, testKeys...); err != nil {
		return t, err
	}
	if t.Tool, ok = v.GetString("tool"); !ok || t.Tool == "" {
		return t, fieldErrorf("tool", "missing; name the tool to call")
	}
	if a := v.Get("arguments"); a != nil {
		if !a.IsObject() {
			return t, fieldErrorf("arguments", "want an object of the tool's arguments, not %s", a.Kind())
		}
		t.Arguments = json.RawMessage(a.Marshal())
	}
	if e := v.Get("expect"); e != nil {
		exp, err := decodeExpect(e)
		if err != nil {
			err.field = joinField("expect", err.field)
			return t, err
		}
		t.Expect = exp
	}
	return t, decodeAnswers(v, &t)
}

// decodeAnswers reads a test's elicit, sample, roots and timeout. The
// elicit and sample answers are only kept here: what they may say is the
// answering side's to check.
func decodeAnswers(v *jsondoc.Value, t *Test) *fieldError {
	if e := v.Get("elicit"); e != nil {
		t.Elicit = json.RawMessage(e.Marshal())
	}
	if s := v.Get("sample"); s != nil {
		t.Sample = json.RawMessage(s.Marshal())
	}
	if r := v.Get("roots"); r != nil {
		if !r.IsArray() {
			return fieldErrorf("roots", "want an array of directories, not %s", r.Kind())
		}
		for _, d := range r.Items() {
			if !d.IsString() || d.Text() == "" {
				return fieldErrorf("roots", "want directories as non-empty strings")
			}
			t.Roots = append(t.Roots, d.Text())
		}
	}
	if to := v.Get("timeout"); to != nil {
		d, err := time.ParseDuration(to.Text())
		if !to.IsString() || err != nil || d <= 0 {
			return fieldErrorf("timeout", "%s is not a duration (want a positive one such as \"30s\" or \"1m30s\")", to.Marshal())
		}
		t.Timeout = to.Text()
	}
	return nil
}

// decodeExpect reads a test's expect object.
func decodeExpect(v *jsondoc.Value) (Expect, *fieldError) {
	var e Expect
	if !v.IsObject() {
		return e, fieldErrorf("", "want an object, not %s", v.Kind())
	}
	if err := onlyKeys(v, expectKeys...); err != nil {
		return e, err
	}
	var err *fieldError
	if e.IsError, err = optionalBool(v, "isError"); err != nil {
		return e, err
	}
	if e.OutputValid, err = optionalBool(v, "outputValid"); err != nil {
		return e, err
	}
	if snap, err := optionalBool(v, "snapshot"); err != nil {
		return e, err
	} else if snap != nil {
		e.Snapshot = *snap
	}
	if ig := v.Get("ignore"); ig != nil {
		if !ig.IsArray() {
			return e, fieldErrorf("ignore", "want an array of JSON pointers, not %s", ig.Kind())
		}
		for i, p := range ig.Items() {
			if err := checkPointer(p); err != nil {
				err.field = fmt.Sprintf("ignore[%d]", i)
				return e, err
			}
			e.Ignore = append(e.Ignore, p.Text())
		}
	}
	if m := v.Get("match"); m != nil {
		if e.Match, err = decodeMatches(m); err != nil {
			err.field = joinField("match", err.field)
			return e, err
		}
	}
	return e, nil
}

// decodeMatches reads the match object, in the file's order.
func decodeMatches(v *jsondoc.Value) ([]Match, *fieldError) {
	if !v.IsObject() {
		return nil, fieldErrorf("", `want an object {"<JSON pointer>": <expected>}, not %s`, v.Kind())
	}
	if err := noDuplicates(v); err != nil {
		return nil, err
	}
	var out []Match
	for i, ptr := range v.Keys() {
		if _, ok := jsondoc.Split(ptr); !ok {
			return nil, fieldErrorf(ptr, `not a JSON pointer (want "" or one starting with "/", such as "/structuredContent/sum")`)
		}
		m, err := decodeMatch(ptr, v.Values()[i])
		if err != nil {
			err.field = joinField(ptr, err.field)
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// decodeMatch reads one expected value: a one-key object naming a matcher,
// or a literal.
func decodeMatch(ptr string, v *jsondoc.Value) (Match, *fieldError) {
	m := Match{Pointer: ptr}
	if !v.IsObject() || v.Len() != 1 || !contains(matcherKeys, v.Keys()[0]) {
		m.Equals = json.RawMessage(v.Marshal())
		return m, nil
	}
	inner := v.Values()[0]
	switch v.Keys()[0] {
	case "equals":
		m.Equals = json.RawMessage(inner.Marshal())
	case "regex":
		if !inner.IsString() {
			return m, fieldErrorf("regex", "want the pattern as a string, not %s", inner.Kind())
		}
		if _, err := regexp.Compile(inner.Text()); err != nil {
			return m, fieldErrorf("regex", "does not compile: %v", err)
		}
		m.Regex = inner.Text()
		if m.Regex == "" {
			// Match tells its matchers apart by which field is set; the
			// empty pattern is written as an equivalent one that is not
			// empty, so it stays a regex (one that only asks for the value
			// to be there).
			m.Regex = "(?:)"
		}
	case "schema":
		m.Schema = json.RawMessage(inner.Marshal())
		if _, err := schemaform.NewValidator(m.Schema); err != nil {
			// The validator's message lists the metaschema's verdict over
			// several lines; a LoadError is one line.
			return m, fieldErrorf("schema", "does not compile: %s", strings.Join(strings.Fields(err.Error()), " "))
		}
	}
	return m, nil
}

// optionalBool reads member key as a boolean; nil when absent.
func optionalBool(v *jsondoc.Value, key string) (*bool, *fieldError) {
	m := v.Get(key)
	if m == nil {
		return nil, nil
	}
	if !m.IsTrue() && !m.IsFalse() {
		return nil, fieldErrorf(key, "want true or false, not %s", m.Marshal())
	}
	b := m.IsTrue()
	return &b, nil
}

// checkPointer says when v is not a JSON pointer string.
func checkPointer(v *jsondoc.Value) *fieldError {
	if _, ok := jsondoc.Split(v.Text()); !v.IsString() || !ok {
		return fieldErrorf("", `%s is not a JSON pointer (want "" or one starting with "/")`, v.Marshal())
	}
	return nil
}

// joinField joins field names with dots, skipping empty ones.
func joinField(parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, ".")
}
