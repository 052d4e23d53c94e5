package snapshot

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// benchTools is n tools of a realistic shape (nested object, array of
// objects, enum, bounds, a $ref, annotations, an outputSchema); every
// changeEvery-th one is edited when changed is set, and every one is
// spaced differently when respaced is.
func benchTools(n, changeEvery int, changed, respaced bool) json.RawMessage {
	var b strings.Builder
	b.WriteByte('[')
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		edit := changed && changeEvery > 0 && i%changeEvery == 0
		required, kinds, maxLen, desc := `["owner","repo"]`, `["issue","pr","discussion"]`, 100, "Search the repository for issues that match a query"
		if edit {
			required, kinds, maxLen, desc = `["owner","repo","query"]`, `["issue","pr"]`, 80, "Search the repository for open issues that match the query"
		}
		sep := ","
		if respaced {
			sep = ", "
		}
		fmt.Fprintf(&b, `{"name":"tool_%d","title":"Tool %d","description":%q`+sep+
			`"inputSchema":{"type":"object","properties":{"owner":{"type":"string","description":"the owner"},`+
			`"repo":{"type":"string","minLength":1,"maxLength":%d},"query":{"type":"string","pattern":"^[a-z]"},`+
			`"kind":{"type":"string","enum":%s},"limit":{"type":"integer","minimum":1,"maximum":100,"default":10},`+
			`"filter":{"type":"object","properties":{"labels":{"type":"array","items":{"type":"string"}},"since":{"type":"string","format":"date-time"},"author":{"$ref":"#/$defs/user"}}},`+
			`"sort":{"type":"array","items":{"type":"object","properties":{"field":{"type":"string"},"asc":{"type":"boolean"}},"required":["field"]}}},`+
			`"required":%s,"additionalProperties":false,"$defs":{"user":{"type":"object","properties":{"login":{"type":"string"},"id":{"type":"integer"}}}}},`+
			`"outputSchema":{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"id":{"type":"integer"},"title":{"type":"string"}},"required":["id"]}},"total":{"type":"integer"}},"required":["items"]},`+
			`"annotations":{"readOnlyHint":true,"openWorldHint":true}}`,
			i, i, desc, maxLen, kinds, required)
	}
	b.WriteByte(']')
	return json.RawMessage(b.String())
}

// BenchmarkDiff10000 diffs two 10,000-tool snapshots, 3% of the tools
// changed, the rest byte for byte the same; BenchmarkDiff10000Respaced
// has every tool spaced differently, so that each one is walked;
// BenchmarkDiff10000Floor is the floor: decoding both files.
func BenchmarkDiff10000(b *testing.B) { benchDiff(b, false) }

func BenchmarkDiff10000Respaced(b *testing.B) { benchDiff(b, true) }

func benchDiff(b *testing.B, respaced bool) {
	old, new := benchFiles(b, respaced)
	b.ReportAllocs()
	b.SetBytes(int64(len(old) + len(new)))
	for b.Loop() {
		x, err := Parse(old)
		if err != nil {
			b.Fatal(err)
		}
		y, err := Parse(new)
		if err != nil {
			b.Fatal(err)
		}
		r, err := Diff(x, y)
		if err != nil || r.Breaking == 0 {
			b.Fatalf("Diff: %v, %d breaking", err, r.Breaking)
		}
	}
}

// BenchmarkDiff10000Parsed is Diff alone, on snapshots parsed before,
// every tool respaced so that each one is walked.
func BenchmarkDiff10000Parsed(b *testing.B) {
	old, new := benchFiles(b, true)
	x, err := Parse(old)
	if err != nil {
		b.Fatal(err)
	}
	y, err := Parse(new)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Diff(x, y); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDiff10000Floor(b *testing.B) {
	old, new := benchFiles(b, false)
	b.ReportAllocs()
	b.SetBytes(int64(len(old) + len(new)))
	for b.Loop() {
		var x, y any
		if err := json.Unmarshal(old, &x); err != nil {
			b.Fatal(err)
		}
		if err := json.Unmarshal(new, &y); err != nil {
			b.Fatal(err)
		}
	}
}

func benchFiles(b *testing.B, respaced bool) (old, new []byte) {
	b.Helper()
	var err error
	old, err = (&Snapshot{Format: Format, Tools: benchTools(10000, 33, false, false)}).Encode()
	if err != nil {
		b.Fatal(err)
	}
	new, err = (&Snapshot{Format: Format, Tools: benchTools(10000, 33, true, respaced)}).Encode()
	if err != nil {
		b.Fatal(err)
	}
	return old, new
}
