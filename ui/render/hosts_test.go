package render

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/ui/theme"
)

func TestHostFinding(t *testing.T) {
	t.Parallel()
	sourced := host.Finding{Rule: "schema.r", Verdict: host.Rejected, Whole: true, Message: "found \x1b[31mthis",
		Does: "It refuses the list.", Fix: "Change it.", Via: host.Gemini,
		Sources: []host.Source{{Ref: "a/b#1", Date: "2026-08-01"}, {Ref: "https://x.example/post", Date: "2026-07", Secondary: true}},
		Seen:    "1.2+"}
	tests := []struct {
		name    string
		f       host.Finding
		want    []string
		notWant []string
	}{
		{"sourced, through a provider", sourced, []string{"REJ schema.r  whole server", `found: found \e[31mthis`,
			"does: It refuses the list.", "fix: Change it.", "with a gemini model behind the host",
			"source: a/b#1 (2026-08-01); https://x.example/post (2026-07, secondary)", "seen: 1.2+"}, []string{"not known"}},
		{"unknown", host.Finding{Rule: "schema.r", Verdict: host.Unknown, Message: "m", Does: "Whether Zed keeps it is not known."},
			[]string{"?   schema.r", "found: m", "not known: Whether Zed keeps it is not known."}, []string{"does:", "source:"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := ansi.Strip(strings.Join(HostFinding(theme.Plain(), tt.f, 200), "\n"))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
			for _, w := range tt.notWant {
				if strings.Contains(got, w) {
					t.Errorf("has %q:\n%s", w, got)
				}
			}
			if strings.Contains(got, "\x1b") {
				t.Errorf("an escape from the server reached the terminal:\n%q", got)
			}
		})
	}
}

func TestHostMatrixFitsEightyColumns(t *testing.T) {
	t.Parallel()
	var shorts []string
	var verdicts []host.Verdict
	for _, h := range host.Hosts() {
		shorts = append(shorts, h.Short)
		verdicts = append(verdicts, host.Rejected)
	}
	nameWidth := 80 - len(shorts)*HostColumn
	st := theme.Plain()
	for _, line := range []string{HostMatrixHead(st, "tool", shorts, nameWidth, 80),
		HostMatrixRow(st, strings.Repeat("long_tool_name_", 5), verdicts, 3, true, nameWidth, 80)} {
		plain := ansi.Strip(line)
		if w := ansi.StringWidth(plain); w > 80 {
			t.Errorf("%d cells: %q", w, plain)
		}
		if strings.Contains(plain, "…") && !strings.Contains(plain, "… REJ") {
			t.Errorf("a cut name runs into the codes: %q", plain)
		}
	}
	if head := ansi.Strip(HostMatrixHead(st, "tool", shorts, nameWidth, 80)); !strings.HasSuffix(strings.TrimRight(head, " "), "CON") {
		t.Errorf("the last host's head is cut at 80 columns: %q", head)
	}
}
