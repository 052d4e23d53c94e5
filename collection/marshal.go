package collection

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// Marshal writes c in the shape Load reads: indented JSON, or YAML when
// asYAML is set. Match expectations keep their order; a literal that
// would read back as a matcher is written as {"equals": ..}.
func Marshal(c *Collection, asYAML bool) ([]byte, error) {
	tests := jsondoc.NewArray()
	for _, t := range c.Tests {
		v, err := testValue(t)
		if err != nil {
			return nil, fmt.Errorf("test %q: %w", t.Name, err)
		}
		tests.Append(v)
	}
	root := jsondoc.NewObject()
	root.Set("tests", tests)
	if asYAML {
		return toYAML(root)
	}
	var b bytes.Buffer
	if err := json.Indent(&b, root.Marshal(), "", "  "); err != nil {
		return nil, err
	}
	b.WriteByte('\n')
	return b.Bytes(), nil
}

// testValue is t as the file holds it.
func testValue(t Test) (*jsondoc.Value, error) {
	v := jsondoc.NewObject()
	v.Set("name", jsondoc.NewString(t.Name))
	v.Set("tool", jsondoc.NewString(t.Tool))
	if err := setRaw(v, "arguments", t.Arguments); err != nil {
		return nil, err
	}
	exp, err := expectValue(t.Expect)
	if err != nil {
		return nil, err
	}
	v.Set("expect", exp)
	if err := setRaw(v, "elicit", t.Elicit); err != nil {
		return nil, err
	}
	if err := setRaw(v, "sample", t.Sample); err != nil {
		return nil, err
	}
	if len(t.Roots) > 0 {
		v.Set("roots", jsondoc.NewStrings(t.Roots...))
	}
	if t.Timeout != "" {
		v.Set("timeout", jsondoc.NewString(t.Timeout))
	}
	return v, nil
}

// expectValue is e as the file holds it.
func expectValue(e Expect) (*jsondoc.Value, error) {
	v := jsondoc.NewObject()
	if e.IsError != nil {
		v.Set("isError", jsondoc.NewBool(*e.IsError))
	}
	if e.OutputValid != nil {
		v.Set("outputValid", jsondoc.NewBool(*e.OutputValid))
	}
	if len(e.Match) > 0 {
		m := jsondoc.NewObject()
		for _, mt := range e.Match {
			mv, err := matchValue(mt)
			if err != nil {
				return nil, fmt.Errorf("match %q: %w", mt.Pointer, err)
			}
			m.Set(mt.Pointer, mv)
		}
		v.Set("match", m)
	}
	if e.Snapshot {
		v.Set("snapshot", jsondoc.NewBool(true))
	}
	if len(e.Ignore) > 0 {
		v.Set("ignore", jsondoc.NewStrings(e.Ignore...))
	}
	return v, nil
}

// matchValue is one expectation as the file holds it.
func matchValue(m Match) (*jsondoc.Value, error) {
	wrap := func(key string, val *jsondoc.Value) *jsondoc.Value {
		o := jsondoc.NewObject()
		o.Set(key, val)
		return o
	}
	switch {
	case m.Regex != "":
		return wrap("regex", jsondoc.NewString(m.Regex)), nil
	case m.Schema != nil:
		s, err := jsondoc.Parse(m.Schema)
		if err != nil {
			return nil, fmt.Errorf("schema: %w", err)
		}
		return wrap("schema", s), nil
	}
	val, err := jsondoc.Parse(m.Equals)
	if err != nil {
		return nil, fmt.Errorf("expected value: %w", err)
	}
	if val.IsObject() && val.Len() == 1 && contains(matcherKeys, val.Keys()[0]) {
		return wrap("equals", val), nil
	}
	return val, nil
}

// setRaw sets member key to the JSON raw, when there is one.
func setRaw(v *jsondoc.Value, key string, raw json.RawMessage) error {
	if len(raw) == 0 {
		return nil
	}
	val, err := jsondoc.Parse(raw)
	if err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	v.Set(key, val)
	return nil
}
