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

// BenchmarkPreviewMoveHugeString is a key press that moves the focus on a
// form holding a 1 MB string, and the preview drawn after it: the JSON is
// drawn when it changes, not on every key or frame.
func BenchmarkPreviewMoveHugeString(b *testing.B) {
	f := compile(b, `{"type":"object","properties":{"s":{"type":"string"},"t":{"type":"string"}}}`)
	f.Root.Child("s").SetText(strings.Repeat("word ", 200_000))
	f.Root.Child("t").SetText("short")
	m := New(f, theme.Plain())
	m.SetPreviewSize(40, 20)
	keys := []string{"down", "up"}
	i := 0
	for b.Loop() {
		press(m, keys[i%2])
		_ = m.PreviewView()
		i++
	}
}

// BenchmarkPreviewTypeHugeString is a key typed into a short field of a
// form that also holds a 1 MB string, and the preview drawn after it.
func BenchmarkPreviewTypeHugeString(b *testing.B) {
	f := compile(b, `{"type":"object","properties":{"s":{"type":"string"},"t":{"type":"string"}}}`)
	f.Root.Child("s").SetText(strings.Repeat("word ", 200_000))
	m := New(f, theme.New(theme.DefaultPalette(true)))
	m.SetPreviewSize(40, 20)
	press(m, "down", "enter")
	for b.Loop() {
		press(m, "x")
		_ = m.PreviewView()
	}
}
