package snapshot

import (
	"encoding/json"
	"errors"
	"testing"
)

// FuzzDiff compares two schemas the fuzzer mutates: Diff must never fail
// or panic on JSON, and a snapshot compared with itself has no change.
func FuzzDiff(f *testing.F) {
	seeds := []string{
		`{}`, `true`, `{"type":"object","properties":{"a":{"type":"string","enum":["x"]}},"required":["a"]}`,
		`{"$ref":"#"}`, `{"properties":{"n":{"$ref":"#/$defs/n"}},"$defs":{"n":{"$ref":"#/$defs/m"},"m":{"$ref":"#/$defs/n"}}}`,
		`{"anyOf":[{"type":"string"},{"type":"null"}],"items":[{"minimum":1}],"allOf":[{"maxLength":3}]}`,
		`{"type":["integer","null"],"additionalProperties":{"type":"number"},"exclusiveMinimum":true}`,
	}
	for _, a := range seeds {
		for _, b := range seeds {
			f.Add(a, b)
		}
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if !json.Valid([]byte(a)) || !json.Valid([]byte(b)) {
			return
		}
		x := snap(tool("t", a), `{"name":"o","inputSchema":{},"outputSchema":`+b+`}`)
		y := snap(tool("t", b), `{"name":"o","inputSchema":{},"outputSchema":`+a+`}`)
		if _, err := Diff(x, y); err != nil {
			t.Fatalf("Diff: %v", err)
		}
		for _, s := range []*Snapshot{x, y} {
			r, err := Diff(s, s)
			if err != nil {
				t.Fatalf("Diff with itself: %v", err)
			}
			if !r.Empty() {
				t.Fatalf("a snapshot differs from itself: %v", lines(r))
			}
		}
	})
}

// FuzzParse reads any text: Parse refuses it with a *FormatError or
// gives a snapshot whose file reads back to itself.
func FuzzParse(f *testing.F) {
	f.Add(`{"tools":[]}`)
	f.Add(`{"toolbenchSnapshot":1,"taken":"2026-01-01T00:00:00Z","server":{"name":"s"},"tools":[{"name":"a"}],"prompts":[{"name":"p"}]}`)
	f.Add(`{"toolbenchSnapshot":2}`)
	f.Fuzz(func(t *testing.T, in string) {
		s, err := Parse([]byte(in))
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("Parse error %T: %v", err, err)
			}
			return
		}
		b, err := s.Encode()
		if err != nil {
			t.Fatalf("Encode: %v", err)
		}
		back, err := Parse(b)
		if err != nil {
			t.Fatalf("Parse of Encode: %v\n%s", err, b)
		}
		if r, err := Diff(s, back); err != nil || !r.Empty() {
			t.Fatalf("the file differs from the snapshot: %v %v", err, r)
		}
	})
}
