package collection

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// benchTests is a collection of n tests, each with a literal, a regex, a
// schema match and a snapshot, as JSON.
func benchTests(n int) string {
	var b strings.Builder
	b.WriteString(`{"tests": [`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name": "t%d", "tool": "get-sum", "arguments": {"a": %d, "b": 2}, "expect": {"isError": false,
		  "match": {"/structuredContent/sum": 3, "/content/0/text": {"regex": "^The sum"}, "/structuredContent": {"schema": {"type": "object"}}},
		  "snapshot": true, "ignore": ["/structuredContent/at"]}}`, i, i)
	}
	b.WriteString(`]}`)
	return b.String()
}

// BenchmarkLoad1k decodes a 1,000-test collection; LoadFloor1k is
// encoding/json decoding the same text into any, the least a reader does.
func BenchmarkLoad1k(b *testing.B) {
	data := []byte(benchTests(1000))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Decode("c.json", data); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadFloor1k(b *testing.B) {
	data := []byte(benchTests(1000))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRun1k judges 1,000 results (every kind of match and a stored
// snapshot each) from a caller that answers at once; RunFloor1k runs the
// same tests with no expectations, the cost of the loop and the caller.
func BenchmarkRun1k(b *testing.B) { benchRun(b, true) }

func BenchmarkRunFloor1k(b *testing.B) { benchRun(b, false) }

func benchRun(b *testing.B, expect bool) {
	c, err := Decode(filepath.Join(b.TempDir(), "c.json"), []byte(benchTests(1000)))
	if err != nil {
		b.Fatal(err)
	}
	if !expect {
		for i := range c.Tests {
			c.Tests[i].Expect = Expect{}
		}
	}
	caller := sumCaller()
	// The first run writes the snapshots; the measured ones compare.
	if _, err := Run(context.Background(), c, caller, RunOptions{}); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		caller.called = caller.called[:0]
		r, err := Run(context.Background(), c, caller, RunOptions{})
		if err != nil || r.Failed != 0 {
			b.Fatalf("%v %+v", err, r.Results[0])
		}
	}
}
