package root

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/testkit"
)

// TestCallProgress: `call` shows the demo's progress on stderr, never on
// stdout: on a terminal as one line rewritten in place (\r, erase to the
// end) and erased once the call ends; piped, as a plain line each with -v
// and not at all without (a script's stderr stays quiet); --json output is
// the result alone either way.
func TestCallProgress(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		errTTY, json  bool
		verbose       bool
		want, wantNot []string
		wantTail      string
	}{
		{"terminal", true, false, false, []string{"\rtoolbench: progress 1/3 step 1 of 3\x1b[K"},
			[]string{"progress 1/3 step 1 of 3\n"}, "\r\x1b[K"},
		{"terminal --json", true, true, false, []string{"\rtoolbench: progress 1/3 step 1 of 3\x1b[K"}, nil, "\r\x1b[K"},
		{"piped -v", false, false, true, []string{"toolbench: progress 1/3 step 1 of 3\n", "toolbench: progress 2/3 step 2 of 3\n"},
			[]string{"\r", "\x1b"}, ""},
		{"piped -v --json", false, true, true, []string{"toolbench: progress 1/3 step 1 of 3\n"}, []string{"\r", "\x1b"}, ""},
		{"piped", false, false, false, nil, []string{"progress"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var out, errOut testkit.Buffer
			st := &streams{In: strings.NewReader(""), Out: &out, Err: &errOut, ErrTTY: tt.errTTY}
			args := []string{"call", "progress", "--args", `{"steps":3,"delay_ms":30}`}
			if tt.json {
				args = append(args, "--json")
			}
			if tt.verbose {
				args = append(args, "-v")
			}
			if code := run(context.Background(), append(args, "demo"), testFactory(st)); code != exitOK {
				t.Fatalf("exit %d:\n%s%s", code, out.String(), errOut.String())
			}
			stderr, stdout := errOut.String(), out.String()
			for _, want := range tt.want {
				if !strings.Contains(stderr, want) {
					t.Errorf("stderr lacks %q:\n%q", want, stderr)
				}
			}
			for _, not := range tt.wantNot {
				if strings.Contains(stderr, not) {
					t.Errorf("stderr holds %q:\n%q", not, stderr)
				}
			}
			if !strings.HasSuffix(stderr, tt.wantTail) {
				t.Errorf("stderr does not end erased (%q):\n%q", tt.wantTail, stderr)
			}
			if strings.Contains(stdout, "progress") || strings.ContainsAny(stdout, "\r\x1b") {
				t.Errorf("stdout shows progress:\n%q", stdout)
			}
			if tt.json {
				var v map[string]json.RawMessage
				if err := json.Unmarshal([]byte(stdout), &v); err != nil || v["result"] == nil {
					t.Errorf("--json output is not the result object (%v):\n%s", err, stdout)
				}
			} else if !strings.Contains(stdout, "done after 3 steps") {
				t.Errorf("stdout lacks the result:\n%s", stdout)
			}
		})
	}
}

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
		steps func(p *progressLine)
		want  string
	}{
		{"a log line", 80, func(p *progressLine) {
			p.show(ev(1, "a"))
			_, _ = p.Write([]byte("toolbench: [server log] info x\n"))
			p.show(ev(2, "b"))
			p.end()
		}, "\rtoolbench: progress 1/4 a\x1b[K" + "\r\x1b[Ktoolbench: [server log] info x\n" + "toolbench: progress 1/4 a\x1b[K" +
			"\rtoolbench: progress 2/4 b\x1b[K" + "\r\x1b[K"},
		{"a question", 80, func(p *progressLine) {
			p.show(ev(1, "a"))
			_, _ = p.Write([]byte("Answer? "))
			p.show(ev(2, "b"))
			_, _ = p.Write([]byte("yes\n"))
			p.end()
		}, "\rtoolbench: progress 1/4 a\x1b[K" + "\r\x1b[KAnswer? " + "yes\n" + "toolbench: progress 2/4 b\x1b[K" + "\r\x1b[K"},
		{"after the end", 80, func(p *progressLine) {
			p.end()
			p.show(ev(1, "late"))
			_, _ = p.Write([]byte("error\n"))
		}, "error\n"},
		{"a flood", 80, func(p *progressLine) {
			clock := time.Unix(0, 0)
			p.now = func() time.Time { clock = clock.Add(redrawEvery / 4); return clock }
			for i := 1; i <= 4; i++ {
				p.show(ev(float64(i), ""))
			}
			// No total: each one may be the last, none is drawn early.
			for i := 5; i <= 9; i++ {
				p.show(client.ProgressEvent{Progress: float64(i)})
			}
		}, "\rtoolbench: progress 1/4\x1b[K" + "\rtoolbench: progress 4/4\x1b[K" + "\rtoolbench: progress 8\x1b[K"},
		{"narrow terminal", 20, func(p *progressLine) {
			p.show(ev(1, "a long message"))
		}, "\rtoolbench: progres…\x1b[K"},
		// probe's own steps: the line says which call runs, and is erased
		// before a tool's block goes to stdout on the same screen.
		{"a status, hidden", 80, func(p *progressLine) {
			p.status("toolbench: probe: 1 of 2 tools done; calling slow (valid-minimal)")
			p.hide()
			_, _ = p.Write([]byte("x\n"))
			p.status("toolbench: probe: 2 of 2 tools done")
			p.end()
		}, "\rtoolbench: probe: 1 of 2 tools done; calling slow (valid-minimal)\x1b[K" + "\r\x1b[K" + "x\n" +
			"\rtoolbench: probe: 2 of 2 tools done\x1b[K" + "\r\x1b[K"},
		{"hostile message", 80, func(p *progressLine) {
			p.show(ev(1, "\x1b]0;owned\x07\n"))
		}, "\rtoolbench: progress 1/4 \\e]0;owned\\x07\\n\x1b[K"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var b strings.Builder
			p := newProgressLine(&streams{Err: &b, ErrTTY: true}, false)
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
