package root

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/internal/testkit"
)

// runIn runs toolbench with its history store in stateDir, a directory
// of the test's own: the tests of the history see only their calls.
func runIn(t *testing.T, stateDir string, args ...string) result {
	t.Helper()
	return runWithStore(t, func() (*history.Store, error) { return history.Open(stateDir, history.Options{}) }, args...)
}

// runWithStore runs toolbench with open as its history store.
func runWithStore(t *testing.T, open func() (*history.Store, error), args ...string) result {
	t.Helper()
	var out, errOut testkit.Buffer
	st := &streams{In: strings.NewReader(""), Out: &out, Err: &errOut}
	f := testFactory(st)
	f.History = open
	code := run(context.Background(), args, f)
	return result{out: out.String(), err: errOut.String(), code: code}
}

// historyJSON is `toolbench history --json FLAGS` in stateDir, decoded.
func historyJSON(t *testing.T, stateDir string, flags ...string) []history.Record {
	t.Helper()
	r := runIn(t, stateDir, append([]string{"history", "--json"}, flags...)...)
	if r.code != exitOK {
		t.Fatalf("history --json %v: exit %d\n%s", flags, r.code, r.err)
	}
	var recs []history.Record
	if err := json.Unmarshal([]byte(r.out), &recs); err != nil {
		t.Fatalf("history --json is not an array of records: %v\n%s", err, r.out)
	}
	return recs
}

func TestCallRecordsHistory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target, _ := fixtureHTTP(t)
	calls := []struct {
		flags []string
		code  int
	}{
		{[]string{"call", "echo", "--arg", "message=first"}, exitOK},
		{[]string{"call", "fail", "--arg", "reason=boom"}, exitToolError},
		{[]string{"call", "weather_broken", "--arg", "city=Oslo"}, exitOutputInvalid},
		{[]string{"call", "slow", "--arg", "seconds=30", "--timeout", "0.5"}, exitTimeout},
		{[]string{"call", "echo", "--no-history", "--arg", "message=unrecorded"}, exitOK},
		{[]string{"call", "echo", "--arg", "message=last"}, exitOK},
	}
	for _, c := range calls {
		if r := runIn(t, dir, withTarget(target, c.flags...)...); r.code != c.code {
			t.Fatalf("%v: exit %d, want %d\n%s", c.flags, r.code, c.code, r.err)
		}
	}
	recs := historyJSON(t, dir)
	if len(recs) != 5 {
		t.Fatalf("history holds %d calls; want 5 (--no-history skipped)", len(recs))
	}
	want := []struct {
		tool, args, outcome string
	}{
		{"echo", `{"message":"last"}`, "ok"},
		{"slow", `{"seconds":30}`, "failed"},
		{"weather_broken", `{"city":"Oslo"}`, "invalid"},
		{"fail", `{"reason":"boom"}`, "isError"},
		{"echo", `{"message":"first"}`, "ok"},
	}
	for i, w := range want {
		r := recs[i]
		if r.Tool != w.tool || compactedJSON(r.Arguments) != w.args || r.Outcome() != w.outcome {
			t.Errorf("record %d (newest first) = %s %s %s; want %s %s %s", i, r.Tool, r.Arguments, r.Outcome(), w.tool, w.args, w.outcome)
		}
		if r.V != history.RecordVersion || r.From != "cli" || r.Server.Key == "" || r.Server.Reported == "" ||
			r.Era == "" || r.ProtocolVersion == "" || r.Time.IsZero() {
			t.Errorf("record %d lacks its identity: %+v", i, r)
		}
	}
	if recs[1].Result != nil || recs[1].Error == "" {
		t.Errorf("the timed-out call: result %s, error %q; want no result and the error in words", recs[1].Result, recs[1].Error)
	}
	if o := recs[2].Output; o == nil || !o.Checked || o.Valid || !strings.Contains(strings.Join(o.Errors, "\n"), "/temperature: ") {
		t.Errorf("the invalid output's verdict = %+v; want the violations with their pointers", o)
	}
	if !strings.Contains(string(recs[0].Result), `"last"`) {
		t.Errorf("the result is not kept as sent: %s", recs[0].Result)
	}
}

// TestCallWithoutHistory: a history that cannot be written costs the call
// one warning line, not its outcome; a preset asked for is an error.
func TestCallWithoutHistory(t *testing.T) {
	t.Parallel()
	target, _ := fixtureHTTP(t)
	broken := func() (*history.Store, error) { return nil, errors.New("history: /state belongs to uid 0") }
	r := runWithStore(t, broken, withTarget(target, "call", "echo", "--arg", "message=hi")...)
	warnings := strings.Count(r.err, "toolbench: warning: the call is not in the history: history: /state belongs to uid 0\n")
	if r.code != exitOK || warnings != 1 || strings.Count(r.err, "\n") != 1 {
		t.Errorf("exit %d, want 0 and one warning line:\n%s", r.code, r.err)
	}
	r = runWithStore(t, broken, withTarget(target, "call", "echo", "--arg", "message=hi", "--save-preset", "p")...)
	if r.code == exitOK || !strings.Contains(r.err, `save preset "p": history: /state belongs to uid 0`) {
		t.Errorf("--save-preset without a store: exit %d\n%s", r.code, r.err)
	}
}

func TestHistoryCommand(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	http, _ := fixtureHTTP(t)
	stdio, _ := fixtureCmd(t)
	for _, c := range [][]string{
		withTarget(http, "call", "echo", "--arg", "message=h1"),
		withTarget(stdio, "call", "echo", "--arg", "message=s1"),
		withTarget(http, "call", "no_params"),
		withTarget(stdio, "call", "echo", "--arg", "message=s2"),
	} {
		if r := runIn(t, dir, c...); r.code != exitOK {
			t.Fatalf("%v: exit %d\n%s", c, r.code, r.err)
		}
	}
	tests := []struct {
		name  string
		flags []string
		want  []string // the messages or tools, newest first
	}{
		{"all", nil, []string{"s2", "no_params", "s1", "h1"}},
		{"tool", []string{"--tool", "echo"}, []string{"s2", "s1", "h1"}},
		{"limit", []string{"--limit", "2"}, []string{"s2", "no_params"}},
		{"server", []string{"--server", "127.0.0.1"}, []string{"no_params", "h1"}},
		{"server and tool", []string{"--server", "http://", "--tool", "echo"}, []string{"h1"}},
		{"no match", []string{"--tool", "nope"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			recs := historyJSON(t, dir, tt.flags...)
			var got []string
			for _, r := range recs {
				var a struct{ Message string }
				_ = json.Unmarshal(r.Arguments, &a)
				if a.Message == "" {
					a.Message = r.Tool
				}
				got = append(got, a.Message)
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Errorf("history %v = %v; want %v", tt.flags, got, tt.want)
			}
		})
	}
	r := runIn(t, dir, "history", "--tool", "echo")
	lines := strings.Split(strings.TrimSpace(r.out), "\n")
	if r.code != exitOK || len(lines) != 4 || !strings.HasPrefix(lines[0], "TIME") ||
		!strings.Contains(lines[1], " ok ") || !strings.Contains(lines[1], `{"message":"s2"}`) {
		t.Errorf("history table: exit %d\n%s%s", r.code, r.out, r.err)
	}
}

func TestHistoryWarnsOfSkippedLines(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target, _ := fixtureHTTP(t)
	if r := runIn(t, dir, withTarget(target, "call", "echo", "--arg", "message=kept")...); r.code != exitOK {
		t.Fatalf("call: exit %d\n%s", r.code, r.err)
	}
	seg := filepath.Join(dir, "history", "calls-00000001.jsonl")
	f, err := os.OpenFile(seg, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.WriteString(`{"v":1,"tool":"torn`)
	_ = f.Close()
	r := runIn(t, dir, "history", "--json")
	var recs []history.Record
	if err := json.Unmarshal([]byte(r.out), &recs); err != nil || len(recs) != 1 {
		t.Fatalf("history --json: %v\n%s", err, r.out)
	}
	if !strings.Contains(r.err, "warning: "+seg+":2: skipped: torn") {
		t.Errorf("no warning for the torn line on stderr:\n%s", r.err)
	}
}

func TestHistoryFlagErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"history", "--limit", "-1"}, "--limit -1"},
		{[]string{"history", "extra"}, `toolbench history takes no arguments, got "extra"`},
		{[]string{"call", "echo", "--save-preset", "a\nb", "x"}, "--save-preset: a preset name must be one line"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			t.Parallel()
			r := runIn(t, t.TempDir(), tt.args...)
			if r.code != exitUsage || !strings.Contains(r.err, tt.want) {
				t.Errorf("exit %d, want %d with %q:\n%s", r.code, exitUsage, tt.want, r.err)
			}
		})
	}
}
