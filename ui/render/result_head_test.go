package render

import (
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/ui/theme"
)

func TestCallHead(t *testing.T) {
	t.Parallel()
	head := "── arguments sent · took 142 ms " + strings.Repeat("─", 8)
	long := `{"query":"` + strings.Repeat("lisbon weather ", 40) + `"}`
	for _, c := range []struct {
		name string
		args []byte
		want []string
	}{
		{"compact", []byte("{\n  \"city\": \"Lisbon\",\n  \"days\": 3\n}"),
			[]string{head, `{"city":"Lisbon","days":3}`}},
		{"empty object", []byte(`{}`), []string{head, "{}"}},
		{"unknown arguments", nil, []string{"── took 142 ms " + strings.Repeat("─", 25)}},
		{"escaped", []byte(`{"q":"\u001b[2J"}`), []string{head, `{"q":"\u001b[2J"}`}},
		{"cut", []byte(long), []string{head,
			`{"query":"lisbon weather lisbon weather`, "lisbon weather lisbon weather lisbon", "weather lisbon weather lisbon weather",
			"… 612 bytes of arguments in all; the", "Form tab holds them"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := CallHead(theme.Plain(), c.args, 142*time.Millisecond, 40)
			assertFits(t, got, 40)
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
			}
		})
	}
}

// TestAnnotationLines: a block's annotations are one muted row under its
// heading, escaped; a block without any adds no row. (Reading them from
// what the server sent is clientview's, tested there.)
func TestAnnotationLines(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, annotations, want string
	}{
		{"all three", "audience: user, assistant · priority: 0.8 · lastModified: 2025-01-12T15:00:58Z",
			"audience: user, assistant · priority: 0.8 · lastModified: 2025-01-12T15:00:58Z"},
		{"none", "", ""},
		{"hostile", "audience: \x1b]52;c;eA==\x07user", `audience: \e]52;c;eA==\x07user`},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := strings.Join(annotationLines(theme.Plain(), Block{Type: "text", Annotations: c.annotations}, 200), "\n")
			if got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
			if strings.ContainsRune(got, 0x1b) {
				t.Errorf("an escape reached the screen: %q", got)
			}
		})
	}
}

// TestCallHeadHugeArguments: 1 MB of arguments still come out as three
// rows and the note of their size.
func TestCallHeadHugeArguments(t *testing.T) {
	t.Parallel()
	args := []byte(`{"blob":"` + strings.Repeat("ab", 1<<19) + `"}`)
	got := CallHead(theme.Plain(), args, time.Second, 40)
	assertFits(t, got, 40)
	if len(got) != 1+3+2 || !strings.HasPrefix(got[4], "… 1.0 MB of arguments in all") {
		t.Errorf("got %q", got)
	}
}
