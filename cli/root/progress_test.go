package root

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

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
