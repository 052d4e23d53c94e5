package output

import (
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/client"
)

// TestProgressLineInterleaves: on a terminal, what else is written to
// stderr erases the live line and the line comes back below it; text left
// mid-line (a question) is not drawn over; nothing is drawn after the end;
// a flood is drawn at most once per redrawEvery, and its last step always.
func TestProgressLineInterleaves(t *testing.T) {
	t.Parallel()
	ev := func(n float64, msg string) client.ProgressEvent {
		return client.ProgressEvent{Progress: n, Total: 4, Message: msg}
	}
	tests := []struct {
		name  string
		width int
		steps func(p *ProgressLine)
		want  string
	}{
		{"a log line", 80, func(p *ProgressLine) {
			p.Show(ev(1, "a"))
			_, _ = p.Write([]byte("toolbench: [server log] info x\n"))
			p.Show(ev(2, "b"))
			p.End()
		}, "\rtoolbench: progress 1/4 a\x1b[K" + "\r\x1b[Ktoolbench: [server log] info x\n" + "toolbench: progress 1/4 a\x1b[K" +
			"\rtoolbench: progress 2/4 b\x1b[K" + "\r\x1b[K"},
		{"a question", 80, func(p *ProgressLine) {
			p.Show(ev(1, "a"))
			_, _ = p.Write([]byte("Answer? "))
			p.Show(ev(2, "b"))
			_, _ = p.Write([]byte("yes\n"))
			p.End()
		}, "\rtoolbench: progress 1/4 a\x1b[K" + "\r\x1b[KAnswer? " + "yes\n" + "toolbench: progress 2/4 b\x1b[K" + "\r\x1b[K"},
		{"after the end", 80, func(p *ProgressLine) {
			p.End()
			p.Show(ev(1, "late"))
			_, _ = p.Write([]byte("error\n"))
		}, "error\n"},
		{"a flood", 80, func(p *ProgressLine) {
			clock := time.Unix(0, 0)
			p.now = func() time.Time { clock = clock.Add(redrawEvery / 4); return clock }
			for i := 1; i <= 4; i++ {
				p.Show(ev(float64(i), ""))
			}
			// No total: each one may be the last, none is drawn early.
			for i := 5; i <= 9; i++ {
				p.Show(client.ProgressEvent{Progress: float64(i)})
			}
		}, "\rtoolbench: progress 1/4\x1b[K" + "\rtoolbench: progress 4/4\x1b[K" + "\rtoolbench: progress 8\x1b[K"},
		{"narrow terminal", 20, func(p *ProgressLine) {
			p.Show(ev(1, "a long message"))
		}, "\rtoolbench: progres…\x1b[K"},
		// probe's own steps: the line says which call runs, and is erased
		// before a tool's block goes to stdout on the same screen.
		{"a status, hidden", 80, func(p *ProgressLine) {
			p.Status("toolbench: probe: 1 of 2 tools done; calling slow (valid-minimal)")
			p.Hide()
			_, _ = p.Write([]byte("x\n"))
			p.Status("toolbench: probe: 2 of 2 tools done")
			p.End()
		}, "\rtoolbench: probe: 1 of 2 tools done; calling slow (valid-minimal)\x1b[K" + "\r\x1b[K" + "x\n" +
			"\rtoolbench: probe: 2 of 2 tools done\x1b[K" + "\r\x1b[K"},
		{"hostile message", 80, func(p *ProgressLine) {
			p.Show(ev(1, "\x1b]0;owned\x07\n"))
		}, "\rtoolbench: progress 1/4 \\e]0;owned\\x07\\n\x1b[K"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			p := NewProgressLine(&iostreams.Streams{Err: &b, ErrTTY: true}, false)
			p.width = func() int { return tt.width }
			clock := time.Unix(0, 0)
			p.now = func() time.Time { clock = clock.Add(redrawEvery); return clock }
			tt.steps(p)
			if b.String() != tt.want {
				t.Errorf("stderr\n%q\nwant\n%q", b.String(), tt.want)
			}
		})
	}
}
