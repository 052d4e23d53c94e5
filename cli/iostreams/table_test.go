package iostreams

import (
	"strings"
	"testing"
)

// TestTableKeepsNamesWhole: a column kept whole stays whole even when
// nothing else can give way; the columns that may go are gone first.
func TestTableKeepsNamesWhole(t *testing.T) {
	t.Parallel()
	const name = "a_tool_name_wider_than_the_terminal"
	var out strings.Builder
	tb := NewTable(Keep("NAME"), Optional("TITLE", 5), Shorten("PARAMETERS", 12))
	tb.Row(name, "A title of its own", "query*, page, perPage")
	tb.Write(&Streams{Out: &out, OutTTY: true, Width: func() int { return 20 }})
	want := "NAME                                 PARAMETERS\n" + name + "  query*, pag…\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
