package widget

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/ui/theme"
)

func TestListingHeadSaysWhyThereAreNoRows(t *testing.T) {
	t.Parallel()
	text := ListingText{Title: "Prompts", Counts: "2", Noun: "prompts", Empty: "the server lists no prompts",
		Evidence: func(error) []string { return []string{"evidence"} }}
	for _, tc := range []struct {
		name    string
		listing Listing
		entries int
		want    []string
	}{
		{"listed", Listing{Loaded: true}, 2, []string{"Prompts 2"}},
		{"on its way", Listing{Loading: 1}, 0, []string{"Prompts 2 · listing…"}},
		{"empty", Listing{Loaded: true}, 0, []string{"Prompts 2", "the server lists no prompts"}},
		{"undeclared", Listing{Loaded: true, Undeclared: true}, 0,
			[]string{"Prompts 2", `the server offers no prompts (its capabilities have no "prompts")`}},
		{"failed", Listing{Loaded: true, Err: errors.New("boom")}, 2,
			[]string{"Prompts 2", "Listing the prompts failed", "boom", "evidence"}},
	} {
		l := list(tc.entries, 5)
		got := tc.listing.Head(theme.Plain(), l, text, 80)
		for i := range got {
			got[i] = strings.TrimRight(ansi.Strip(got[i]), " ")
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: Head = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestListingHeadCountsMatchesAndRowsFitTheRoom(t *testing.T) {
	t.Parallel()
	l := list(10, 10)
	l.SetFilter("tool-003")
	got := (&Listing{Loaded: true}).Head(theme.Plain(), l, ListingText{Title: "Tools", Counts: "10"}, 80)
	if head := ansi.Strip(got[0]); head != "Tools 10 · 1 match" {
		t.Fatalf("head = %q, want the one match counted", head)
	}
	l.SetFilter("")
	rows := l.Rows(3, func(entry int, selected bool) string {
		if selected {
			return "> " + l.haystack[entry]
		}
		return l.haystack[entry]
	})
	if want := []string{"> tool-000", "tool-001", "tool-002"}; !slices.Equal(rows, want) {
		t.Fatalf("Rows(3) = %q, want %q", rows, want)
	}
	if rows := l.Rows(0, func(int, bool) string { return "x" }); len(rows) != 0 {
		t.Fatalf("Rows(0) = %q, want none", rows)
	}
}
