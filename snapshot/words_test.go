package snapshot

import (
	"reflect"
	"strings"
	"testing"
)

func TestWordDiff(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, a, b string
		want       []Edit
	}{
		{"same", "list the tools", "list the tools", []Edit{{"=", "list the tools"}}},
		{"word replaced", "Search the repo owner", "Search the repository owner",
			[]Edit{{"=", "Search the "}, {"-", "repo"}, {"+", "repository"}, {"=", " owner"}}},
		{"word added at end", "Reads a file", "Reads a file safely",
			[]Edit{{"=", "Reads a file"}, {"+", " safely"}}},
		{"from nothing", "", "new text", []Edit{{"+", "new text"}}},
		{"to nothing", "old text", "", []Edit{{"-", "old text"}}},
		{"punctuation apart", "works end to end.", "works end to end., loudly",
			[]Edit{{"=", "works end to end."}, {"+", ", loudly"}}},
		{"leading space kept", "  a b", "  a c", []Edit{{"=", "  a "}, {"-", "b"}, {"+", "c"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := wordDiff(tt.a, tt.b)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("wordDiff(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
			if old, new := sides(got); old != tt.a || new != tt.b {
				t.Errorf("the edits rebuild %q and %q", old, new)
			}
		})
	}
}

func TestWordDiffHugeFallsBack(t *testing.T) {
	t.Parallel()
	a, b := strings.Repeat("a ", 2000)+"x", strings.Repeat("b ", 2000)+"y"
	got := wordDiff(a, b)
	if len(got) != 2 || got[0].Op != "-" || got[1].Op != "+" {
		t.Errorf("got %d edits, want one removal and one addition", len(got))
	}
	// Past the bound too, but only one word differs: the shared start and
	// end are kept and the one word shown.
	long := strings.Repeat("word ", 3000)
	got = wordDiff(long+"old "+long, long+"new "+long)
	want := []Edit{{"=", long}, {"-", "old"}, {"+", "new"}, {"=", " " + long}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("one word changed in a long text: %d edits", len(got))
	}
}

// sides rebuilds the two texts a word diff was made from.
func sides(edits []Edit) (old, new string) {
	for _, e := range edits {
		if e.Op != "+" {
			old += e.Text
		}
		if e.Op != "-" {
			new += e.Text
		}
	}
	return old, new
}
