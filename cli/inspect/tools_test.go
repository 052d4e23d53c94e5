package inspect

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/tool"
)

// githubTools is the GitHub server's tools/list, the corpus's largest.
var githubTools = filepath.Join("..", "..", "ui", "testdata", "corpus", "github.tools.json")

// listing is a table command's printer, on the streams given.
type listing struct {
	name string
	// first are the first cells of its rows, which must show whole.
	first []string
	print func(st *iostreams.Streams)
}

// tableListings are real-sized listings: the GitHub server's tools.
// (History's and presets' are cli/memory's, tasks' cli/beyond's.)
func tableListings(t *testing.T) []listing {
	t.Helper()
	b, err := os.ReadFile(githubTools)
	if err != nil {
		t.Fatal(err)
	}
	tools, err := tool.ParseList(b)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools {
		names = append(names, tl.Name)
	}
	return []listing{
		{"tools", names, func(st *iostreams.Streams) { printTools(st, tools) }},
	}
}

// TestTablesFitTheTerminal: on a terminal of 80 or 120 columns, every
// line of a listing fits, the first column whole; piped, the table is as
// it always was (the goldens of "piped" were written before tables
// fitted anything).
func TestTablesFitTheTerminal(t *testing.T) {
	t.Parallel()
	for _, l := range tableListings(t) {
		for _, width := range []int{0, 80, 120} {
			name := "piped"
			if width > 0 {
				name = strconv.Itoa(width)
			}
			t.Run(l.name+"/"+name, func(t *testing.T) {
				t.Parallel()
				var out testkit.Buffer
				st := &iostreams.Streams{Out: &out}
				if width > 0 {
					st.OutTTY, st.Width = true, func() int { return width }
				}
				l.print(st)
				golden.RequireEqual(t, out.String())
				if width == 0 {
					return
				}
				lines := strings.Split(out.String(), "\n")
				for _, line := range lines {
					if w := ansi.StringWidth(line); w > width && isTableLine(line, lines) {
						t.Errorf("%d columns at %d:\n%s", w, width, line)
					}
				}
				for _, f := range l.first {
					if !strings.Contains(out.String(), "\n"+f+" ") {
						t.Errorf("%q is not shown whole at the start of a row:\n%s", f, out.String())
					}
				}
			})
		}
	}
}

// isTableLine reports whether line is a row of the table: the header and
// the lines up to the first empty one. The sentences under a table wrap
// as the terminal wraps them.
func isTableLine(line string, lines []string) bool {
	for _, l := range lines {
		if l == "" {
			return false
		}
		if l == line {
			return true
		}
	}
	return false
}
