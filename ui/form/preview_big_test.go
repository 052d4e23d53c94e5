package form

import (
	"strings"
	"testing"

	"github.com/toolbench/toolbench/ui/theme"
)

// BenchmarkPreviewHugeString is the narrow preview of a 1 MB string: the
// wrapping is linear in its length.
func BenchmarkPreviewHugeString(b *testing.B) {
	f := compile(b, `{"type":"object","properties":{"s":{"type":"string"}}}`)
	f.Root.Child("s").SetText(strings.Repeat("word ", 200_000))
	m := New(f, theme.Plain())
	for b.Loop() {
		_ = m.Preview(40)
	}
}
