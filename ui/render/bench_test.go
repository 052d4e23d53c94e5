package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/ui/theme"
)

const benchSize = 20 << 20

// bigJSON is about n bytes of compact JSON shaped like a tool result: an
// array of records with strings, numbers, literals, nesting and some
// non-ASCII text.
func bigJSON(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"items":[`)
	for i := 0; b.Len() < n; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"id":%d,"name":"item-%d","price":%d.%02d,"ok":%t,"tags":["alpha","beta"],`+
			`"note":"Grüße aus Lisboa — 天気は晴れ","geo":{"lat":38.72,"lon":-9.14},"parent":null}`,
			i, i, i%1000, i%100, i%2 == 0)
	}
	b.WriteString(`]}`)
	return []byte(b.String())
}

// bigText is about n bytes of prose in paragraphs, with some wide runes.
func bigText(n int) string {
	const para = "The quick brown fox jumps over the lazy dog while the server streams its " +
		"results; 東京の天気は晴れです and the tool reports success. Supercalifragilisticexpialidocious words " +
		"must be broken when they are longer than the width of the pane.\n\n"
	return strings.Repeat(para, n/len(para)+1)[:n]
}

func BenchmarkJSON(b *testing.B) {
	doc := bigJSON(benchSize)
	for _, bc := range []struct {
		name string
		st   *theme.Styles
	}{{"plain", theme.Plain()}, {"styled", theme.New(theme.DefaultPalette(true))}} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(doc)))
			b.ReportAllocs()
			for b.Loop() {
				if lines := JSON(bc.st, doc, 120); len(lines) < 1000 {
					b.Fatal("too few lines")
				}
			}
		})
	}
}

func BenchmarkWrap(b *testing.B) {
	text := bigText(benchSize)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		if rows := Wrap(text, 80); len(rows) < 1000 {
			b.Fatal("too few rows")
		}
	}
}

func BenchmarkResult(b *testing.B) {
	r := &ResultView{Content: []Block{{Type: "text", Text: bigText(benchSize)}}}
	v := check.OutputVerdict{Skipped: check.SkipNoSchema}
	st := theme.New(theme.DefaultPalette(true))
	b.SetBytes(benchSize)
	b.ReportAllocs()
	for b.Loop() {
		if lines := Result(st, r, v, 120); len(lines) < 1000 {
			b.Fatal("too few lines")
		}
	}
}
