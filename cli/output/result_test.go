package output

import (
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/internal/testkit"
)

// TestPrintResultAnnotations: a block's annotations are under it, in the
// words the workbench's Result tab uses (server-everything's
// get-annotated-message sends these).
func TestPrintResultAnnotations(t *testing.T) {
	t.Parallel()
	res, err := client.ParseCallResult(json.RawMessage(`{"content":[` +
		`{"type":"text","text":"Error: Operation failed","annotations":{"priority":1,"audience":["user","assistant"]}},` +
		`{"type":"text","text":"plain"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	var out testkit.Buffer
	PrintResult(&iostreams.Streams{Out: &out}, res, check.OutputVerdict{})
	want := "── content[0] text ──\nError: Operation failed\naudience: user, assistant · priority: 1\n── content[1] text ──\nplain\n"
	if !strings.HasPrefix(out.String(), want) {
		t.Errorf("got:\n%s\nwant it to start:\n%s", out.String(), want)
	}
}

// TestLargeTextIsWrittenInPieces: a large text block reaches stdout as
// it would whole (escaped on a terminal, exact on a pipe), without a
// second copy of it being made on the way.
func TestLargeTextIsWrittenInPieces(t *testing.T) {
	const size = 8 << 20
	line := "0123456789abcdef héllo \x1b[31mred\n"
	text := strings.Repeat(line, size/len(line))
	for _, tty := range []bool{false, true} {
		var b strings.Builder
		WriteBlock(&b, client.Content{Type: "text", Text: text}, Escaper{tty: tty})
		want := text
		if tty {
			want = termsafe.Text(strings.TrimRight(text, "\n")) + "\n"
		}
		if b.String() != want {
			t.Errorf("tty=%v: the output differs from the text written whole", tty)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		WriteBlock(io.Discard, client.Content{Type: "text", Text: text}, Escaper{tty: tty})
		runtime.ReadMemStats(&after)
		if grown := after.TotalAlloc - before.TotalAlloc; grown > size/2 && !tty {
			t.Errorf("writing %d bytes to a pipe allocated %d bytes", size, grown)
		}
	}
}
