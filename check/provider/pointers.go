package provider

import (
	"github.com/toolbench/toolbench/internal/jsondoc"
)

// keywordPointer is the pointer of keyword k of schema s, whose value is v: the
// value's own pointer when it was parsed, so that keywords a conversion
// merged in from a $ref target still point where they were written.
func keywordPointer(s *jsondoc.Value, k string, v *jsondoc.Value) string {
	if v != nil && v.Pointer() != "" {
		return v.Pointer()
	}
	return jsondoc.Join(s.Pointer(), k)
}

func rootTypePointer(root *jsondoc.Value) string {
	if t := root.Get("type"); t != nil {
		return keywordPointer(root, "type", t)
	}
	return "/inputSchema"
}

func rootTypeText(root *jsondoc.Value) string {
	if !root.IsObject() {
		return "no schema object at all"
	}
	if t := root.Get("type"); t != nil {
		return "type " + string(t.Marshal())
	}
	return "no type"
}
