package history

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// The re-executed test binary appends records when these are set, so the
// concurrency test has real processes, not goroutines, contending.
const (
	envAppendDir   = "TOOLBENCH_HISTORY_TEST_APPEND_DIR"
	envAppendCount = "TOOLBENCH_HISTORY_TEST_APPEND_N"
	envAppendID    = "TOOLBENCH_HISTORY_TEST_APPEND_ID"
)

func TestMain(m *testing.M) {
	if dir := os.Getenv(envAppendDir); dir != "" {
		os.Exit(appendFromChild(dir))
	}
	// Read decodes segments on goroutines of its own.
	goleak.VerifyTestMain(m)
}

// appendFromChild is the child process's whole life: append N records
// tagged with its id, then exit.
func appendFromChild(dir string) int {
	n, _ := strconv.Atoi(os.Getenv(envAppendCount))
	id := os.Getenv(envAppendID)
	s, err := Open(dir, Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	for i := range n {
		if err := s.Log.Append(testRecord(id, i, 2000)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
	}
	return 0
}

// testRecord is a record of tool id whose arguments say i and whose
// result has pad bytes, so a torn or interleaved write cannot parse.
func testRecord(id string, i, pad int) Record {
	result, _ := json.Marshal(map[string]any{"content": []any{map[string]any{"type": "text", "text": strings.Repeat("x", pad)}}})
	return Record{
		Time:      time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC),
		Server:    Server{Key: "00ab", Label: "srv " + id},
		Tool:      id,
		Arguments: json.RawMessage(fmt.Sprintf(`{"i":%d}`, i)),
		Result:    result,
	}
}

func openTemp(t *testing.T, opts Options) *Store {
	t.Helper()
	s, err := Open(t.TempDir(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func readAll(t *testing.T, l *Log, f Filter) ([]Record, []Warning) {
	t.Helper()
	recs, warns, err := l.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return recs, warns
}

func argIndex(t *testing.T, r Record) int {
	t.Helper()
	var a struct{ I int }
	if err := json.Unmarshal(r.Arguments, &a); err != nil {
		t.Fatalf("arguments %s: %v", r.Arguments, err)
	}
	return a.I
}

func TestLogSurvivesRestarts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for run := range 3 {
		s, err := Open(dir, Options{})
		if err != nil {
			t.Fatal(err)
		}
		recs, warns := readAll(t, s.Log, Filter{})
		if len(recs) != run*2 || len(warns) != 0 {
			t.Fatalf("run %d: read %d records, %v; want %d and no warnings", run, len(recs), warns, run*2)
		}
		for i := range 2 {
			if err := s.Log.Append(testRecord("t", run*2+i, 10)); err != nil {
				t.Fatal(err)
			}
		}
	}
	s, _ := Open(dir, Options{})
	recs, _ := readAll(t, s.Log, Filter{})
	for i, r := range recs {
		if got := argIndex(t, r); got != i || r.V != RecordVersion {
			t.Errorf("record %d: i=%d v=%d; want i=%d v=%d", i, got, r.V, i, RecordVersion)
		}
	}
}

func TestTornLastLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		torn string
	}{
		{"cut record", `{"v":1,"tool":"half","argum`},
		{"garbage", "\x00\x00\x00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := openTemp(t, Options{})
			if err := s.Log.Append(testRecord("a", 0, 10)); err != nil {
				t.Fatal(err)
			}
			seg := filepath.Join(s.Dir, "history", segmentName(1))
			f, err := os.OpenFile(seg, os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteString(tt.torn); err != nil {
				t.Fatal(err)
			}
			_ = f.Close()
			recs, warns := readAll(t, s.Log, Filter{})
			if len(recs) != 1 || len(warns) != 1 || warns[0].Line != 2 || !strings.Contains(warns[0].Problem, "torn") {
				t.Fatalf("before the next append: %d records, warnings %v; want 1 and a torn line 2", len(recs), warns)
			}
			if err := s.Log.Append(testRecord("a", 1, 10)); err != nil {
				t.Fatal(err)
			}
			recs, warns = readAll(t, s.Log, Filter{})
			if len(recs) != 2 || argIndex(t, recs[1]) != 1 {
				t.Fatalf("after the next append: %d records; want both, the new one whole", len(recs))
			}
			if len(warns) != 1 || warns[0].Line != 2 || warns[0].File != seg {
				t.Fatalf("warnings %v; want one for %s:2", warns, seg)
			}
		})
	}
}

func TestSkippedLines(t *testing.T) {
	t.Parallel()
	s := openTemp(t, Options{})
	if err := s.Log.Append(testRecord("a", 0, 10)); err != nil {
		t.Fatal(err)
	}
	seg := filepath.Join(s.Dir, "history", segmentName(1))
	f, _ := os.OpenFile(seg, os.O_WRONLY|os.O_APPEND, 0)
	_, _ = f.WriteString("not json\n{\"v\":2,\"tool\":\"future\"}\n")
	_ = f.Close()
	if err := s.Log.Append(testRecord("a", 1, 10)); err != nil {
		t.Fatal(err)
	}
	recs, warns := readAll(t, s.Log, Filter{})
	if len(recs) != 2 {
		t.Fatalf("read %d records; want 2", len(recs))
	}
	want := []struct {
		line    int
		problem string
	}{{2, "not a JSON record"}, {3, "record version 2"}}
	if len(warns) != len(want) {
		t.Fatalf("warnings %v; want %d", warns, len(want))
	}
	for i, w := range want {
		if warns[i].Line != w.line || !strings.Contains(warns[i].Problem, w.problem) {
			t.Errorf("warning %d = %v; want line %d with %q", i, warns[i], w.line, w.problem)
		}
	}
}

func TestConcurrentProcesses(t *testing.T) {
	t.Parallel()
	const procs, each = 8, 50
	dir := t.TempDir()
	cmds := make([]*exec.Cmd, procs)
	for p := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), envAppendDir+"="+dir, envAppendCount+"="+strconv.Itoa(each), envAppendID+"="+strconv.Itoa(p))
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds[p] = cmd
	}
	for p, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatalf("appender %d: %v", p, err)
		}
	}
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	recs, warns := readAll(t, s.Log, Filter{})
	if len(warns) != 0 || len(recs) != procs*each {
		t.Fatalf("read %d records and warnings %v; want %d and none", len(recs), warns, procs*each)
	}
	next := map[string]int{}
	for _, r := range recs {
		if got := argIndex(t, r); got != next[r.Tool] {
			t.Fatalf("process %s: record %d came where %d was due", r.Tool, got, next[r.Tool])
		}
		next[r.Tool]++
	}
}
