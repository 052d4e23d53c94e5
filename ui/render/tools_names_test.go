package render

import (
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/tool"
)

func TestFitNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		names []string
		room  int
		want  []string
	}{
		{"all fit", []string{"echo", "get_sum"}, 10, []string{"echo", "get_sum"}},
		{"middle cut", []string{"get_pull_request_comments", "echo"}, 15, []string{"get_pul…omments", "echo"}},
		{"shared head and tail: the split moves", []string{"get_pull_request_files", "get_pull_request_reviews_files"}, 12,
			[]string{"get_…t_files", "get_…s_files"}},
		{"only the middle differs: a window", []string{"aaaaaa_1_bbbbbb", "aaaaaa_2_bbbbbb"}, 6,
			[]string{"…aa_1…", "…aa_2…"}},
		{"a cut never reads as a whole name", []string{"ab…yz", "abcdxyz"}, 5, []string{"ab…yz", "a…xyz"}},
		{"wide runes", []string{"天気予報を取得する", "天気予報を更新する"}, 9, []string{"天…得する", "天…新する"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := FitNames(tt.names, widthsOf(tt.names), tt.room)
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("FitNames = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestFitNamesCorpus cuts the tool lists of real servers to every width
// from a stub to whole names: no two rows read the same, none is wider
// than its room, a name that fits is kept whole, and from 10 cells (the
// list's name column is at least 12) each cut stands for one name only.
func TestFitNamesCorpus(t *testing.T) {
	t.Parallel()
	for _, file := range []string{"../testdata/corpus/github.tools.json", "../testdata/corpus/notion.tools.json",
		"../../schemaform/testdata/servers/everything.tools.json"} {
		t.Run(file, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			tools, err := tool.ParseList(data)
			if err != nil {
				t.Fatal(err)
			}
			names := make([]string, len(tools))
			longest := 0
			for i, tl := range tools {
				names[i] = ToolRowOf(tl, 0).Name
				longest = max(longest, ansi.StringWidth(names[i]))
			}
			widths := widthsOf(names)
			for room := 6; room <= longest; room++ {
				got := FitNames(names, widths, room)
				seen := map[string]string{}
				for i, g := range got {
					if w := ansi.StringWidth(g); w > room {
						t.Errorf("room %d: %q is %d cells", room, g, w)
					}
					if widths[i] <= room && g != names[i] {
						t.Errorf("room %d: %q fits but was cut to %q", room, names[i], g)
					}
					// Below 10 cells "API-" and a letter are all Notion's
					// names have room for: they differ, but say little.
					if room >= 10 && g != names[i] && matching(names, g) != 1 {
						t.Errorf("room %d: %q, cut from %q, fits %d names", room, g, names[i], matching(names, g))
					}
					if other, ok := seen[g]; ok {
						t.Errorf("room %d: %q and %q both read %q", room, other, names[i], g)
					}
					seen[g] = names[i]
				}
			}
		})
	}
}

// matching counts the names a cut could stand for: those with its head
// and tail, or holding its window.
func matching(names []string, cut string) int {
	n := 0
	for _, name := range names {
		if head, tail, ok := strings.Cut(cut, "…"); ok && head != "" {
			if strings.HasPrefix(name, head) && strings.HasSuffix(name, tail) && len(name) > len(head)+len(tail) {
				n++
			}
		} else if strings.Contains(name, strings.Trim(cut, "…")) {
			n++
		}
	}
	return n
}

func widthsOf(names []string) []int {
	w := make([]int, len(names))
	for i, n := range names {
		w[i] = ansi.StringWidth(n)
	}
	return w
}
