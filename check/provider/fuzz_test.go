package provider

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/tool"
)

// FuzzConvert feeds arbitrary schemas to every provider: conversion must
// not panic, must make valid JSON whenever the input was JSON, and must
// name every property it leaves out (assertDropsNamed).
func FuzzConvert(f *testing.F) {
	for _, seed := range []string{`{"type":"object"}`, `{"$ref":"#"}`, `{"type":"object","properties":{"a":{"$ref":"#"}},"$defs":{"x":{"allOf":[{"$ref":"#/$defs/x"}]}}}`,
		`{"type":["object","null"],"properties":{"a":{"type":["string","array"],"items":{"const":1}}}}`, `{"anyOf":[true,false,{"type":"null"}]}`,
		`{"type":"object","properties":{"r":{"$ref":"#"}}}`,
		`{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"object","properties":{"b":{"$ref":"#/$defs/B"}}},"B":{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}}}}}`,
		`{"type":"object","properties":{"t":{"type":"array","prefixItems":[{"type":"object","properties":{"x":{"type":"string"}}}]}},"additionalProperties":{"type":"object","properties":{"y":{}}}}`,
		`{"type":"object","$ref":"#/$defs/x","properties":{"p":{"type":"string"}},"$defs":{"x":{"$ref":"#"}}}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, schema []byte) {
		tl := tool.Tool{Name: "f.z", Description: "Fuzzed.", InputSchema: schema}
		for _, p := range All() {
			out, _, err := Convert(tl, p)
			if err == nil && !json.Valid(out) {
				t.Fatalf("%s: invalid JSON %s from %s", p, out, schema)
			}
			assertDropsNamed(t, tl, p)
		}
		Compat(tl)
	})
}

// TestConvertExplosive converts schemas whose $refs share definitions level
// after level, so that inlining or merging naively doubles the work at
// every level: each must finish with valid JSON, its output and findings
// bounded. The bound is on what the conversion makes, not on the time it
// takes, which depends on the machine and its load (the 10 s limit this
// test had tripped under -race on a shared machine); doubling at each of
// 30 levels would make gigabytes.
func TestConvertExplosive(t *testing.T) {
	t.Parallel()
	const levels = 30
	shapes := map[string]func(i int) string{
		"allOf": func(i int) string {
			return fmt.Sprintf(`"d%d":{"allOf":[{"$ref":"#/$defs/d%d"},{"$ref":"#/$defs/d%d"}]}`, i, i+1, i+1)
		},
		"described refs": func(i int) string {
			return fmt.Sprintf(`"d%d":{"type":"object","properties":{"a":{"$ref":"#/$defs/d%d","description":"A."},"b":{"$ref":"#/$defs/d%d","description":"B."}}}`, i, i+1, i+1)
		},
		"nullable unions": func(i int) string {
			return fmt.Sprintf(`"d%d":{"anyOf":[{"$ref":"#/$defs/d%d"},{"$ref":"#/$defs/d%d"},{"$ref":"#/$defs/d%d"}]}`, i, i+1, i+1, i+1)
		},
	}
	for name, def := range shapes {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			defs := make([]string, 0, levels+1)
			for i := range levels {
				defs = append(defs, def(i))
			}
			defs = append(defs, fmt.Sprintf(`"d%d":{"type":"object","properties":{"leaf":{"type":"string"}}}`, levels))
			schema := `{"type":"object","properties":{"x":{"$ref":"#/$defs/d0","description":"X."},"y":{"$ref":"#/$defs/d0"}},"$defs":{` + strings.Join(defs, ",") + `}}`
			tl := tool.Tool{Name: "boom", Description: "Shared definitions.", InputSchema: []byte(schema)}
			const maxOut, maxFindings = 4 << 20, 2000
			for _, p := range All() {
				out, fs := mustConvert(t, tl, p)
				if len(out) > maxOut || len(fs) > maxFindings {
					t.Errorf("%s: %d bytes and %d findings from a %d-byte schema", p, len(out), len(fs), len(schema))
				}
			}
			if fs := Compat(tl); len(fs) > maxFindings {
				t.Errorf("Compat: %d findings", len(fs))
			}
		})
	}
}
