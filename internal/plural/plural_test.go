package plural

import "testing"

func TestCount(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		n    int
		word string
		want string
	}{
		{1, "tool", "1 tool"},
		{0, "tool", "0 tools"},
		{2, "tool", "2 tools"},
		{1, "entry", "1 entry"},
		{3, "entry", "3 entries"},
		{2, "key", "2 keys"},
		{2, "match", "2 matches"},
		{2, "box", "2 boxes"},
		{2, "info", "2 infos"},
		{-1, "level", "-1 level"},
	} {
		if got := Count(tt.n, tt.word); got != tt.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tt.n, tt.word, got, tt.want)
		}
	}
}
