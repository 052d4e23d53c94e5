package render_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/ui/clientview"
	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/theme"
)

// FuzzResult: any tools/call result the client accepts renders without
// panicking, within the width, and (with plain styles) with no escape
// sequence at all: every control the server sent is shown escaped.
func FuzzResult(f *testing.F) {
	for _, s := range []string{
		`{"content":[{"type":"text","text":"hello"}]}`,
		`{"content":[{"type":"text","text":"{\"a\":[1,2,{\"b\":null}]}"}],"structuredContent":{"a":1}}`,
		`{"content":[{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"},{"type":"resource_link","uri":"file:///x","name":"n"}]}`,
		`{"content":[{"type":"resource","resource":{"uri":"x://y","text":"\u001b[2Jhi"}}],"isError":true}`,
		`{"content":[{"type":"mystery","x":[1,2]}]}`,
	} {
		f.Add([]byte(s), 80)
	}
	f.Fuzz(func(t *testing.T, raw []byte, width int) {
		r, err := client.ParseCallResult(raw)
		if err != nil {
			return
		}
		width = 10 + abs(width)%200
		lines := render.Result(theme.Plain(), clientview.Result(r), check.Output(nil, r.StructuredContent, r.IsError), width)
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > width {
				t.Fatalf("line %d cells wide at width %d: %q", w, width, l)
			}
			if strings.ContainsAny(l, "\x1b\r\x07\u009b\u202e") {
				t.Fatalf("a control reached the output: %q", l)
			}
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
