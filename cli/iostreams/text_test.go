package iostreams

import (
	"testing"
	"time"
)

func TestFieldWords(t *testing.T) {
	t.Parallel()
	if got := OrDash(""); got != "-" {
		t.Errorf("OrDash(\"\") = %q", got)
	}
	for n, want := range map[int]string{1: "1 byte", 1023: "1023 bytes", 1536: "1.5 KB", 3 << 20: "3.0 MB"} {
		if got := HumanBytes(n); got != want {
			t.Errorf("HumanBytes(%d) = %q, want %q", n, got, want)
		}
	}
	paris := time.FixedZone("CET", 3600)
	if got := Stamp(time.Date(2026, 1, 2, 4, 5, 6, 0, paris)); got != "2026-01-02T03:05:06Z" {
		t.Errorf("Stamp = %q, want UTC", got)
	}
	if got := Stamp(time.Time{}); got != "-" {
		t.Errorf("Stamp(zero) = %q", got)
	}
}
