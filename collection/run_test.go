package collection

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeCaller answers each tool with a fixed outcome, or an error.
type fakeCaller struct {
	outcomes map[string]Outcome
	errs     map[string]error
	called   []string
}

func (f *fakeCaller) Call(_ context.Context, t Test) (Outcome, error) {
	f.called = append(f.called, t.Name)
	if err := f.errs[t.Tool]; err != nil {
		return Outcome{}, err
	}
	return f.outcomes[t.Tool], nil
}

const sumResult = `{"content":[{"type":"text","text":"The sum of 1 and 2 is 3."}],"structuredContent":{"sum":3,"at":"12:00","parts":[1,2]},"isError":false}`

func sumCaller() *fakeCaller {
	return &fakeCaller{outcomes: map[string]Outcome{
		"get-sum": {Result: json.RawMessage(sumResult), OutputChecked: true, OutputValid: true, Duration: 12 * time.Millisecond},
		"bad-out": {Result: json.RawMessage(`{"content":[],"structuredContent":{"sum":"x"}}`), OutputChecked: true,
			OutputErrors: []string{"/sum: got string, want number"}},
		"failing": {Result: json.RawMessage(`{"content":[{"type":"text","text":"no"}],"isError":true}`), IsError: true, OutputValid: true},
	}}
}

func loadString(t *testing.T, body string) *Collection {
	t.Helper()
	c, err := Load(writeFile(t, "tests.json", body))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestRunExpectations(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, expect string
		tool         string
		fails        []Failure // nil: passes
	}{
		{"nothing expected", `{}`, "get-sum", nil},
		// With nothing said about isError, a tool error is not what the
		// test saved: an absent isError expects false.
		{"nothing expected of an error", `{}`, "failing",
			[]Failure{{Check: "isError", Pointer: "/isError", Expected: json.RawMessage("false"), Got: json.RawMessage("true"), Reason: "isError is true, want false (a test without expect.isError expects false)"}}},
		{"an error expected", `{"isError": true}`, "failing", nil},
		{"isError holds", `{"isError": false}`, "get-sum", nil},
		{"isError fails", `{"isError": false}`, "failing",
			[]Failure{{Check: "isError", Pointer: "/isError", Expected: json.RawMessage("false"), Got: json.RawMessage("true"), Reason: "isError is true, want false"}}},
		{"outputValid holds", `{"outputValid": true}`, "get-sum", nil},
		{"outputValid fails", `{"outputValid": true}`, "bad-out",
			[]Failure{{Check: "outputValid", Expected: json.RawMessage("true"), Got: json.RawMessage("false"), Reason: "structuredContent breaks the outputSchema: /sum: got string, want number"}}},
		{"outputValid false without a schema", `{"isError": true, "outputValid": false}`, "failing",
			[]Failure{{Check: "outputValid", Expected: json.RawMessage("false"), Got: json.RawMessage("true"), Reason: "no outputSchema judged the result (the tool declares none), want a failed verdict"}}},
		{"equals by value", `{"match": {"/structuredContent/sum": 3.0, "/structuredContent": {"parts": [1, 2], "at": "12:00", "sum": 3}}}`, "get-sum", nil},
		{"equals fails", `{"match": {"/structuredContent/sum": 4}}`, "get-sum",
			[]Failure{{Check: "match", Pointer: "/structuredContent/sum", Expected: json.RawMessage("4"), Got: json.RawMessage("3"), Reason: "not equal to the expected value"}}},
		{"equals a matcher-shaped literal", `{"match": {"/structuredContent": {"equals": {"sum": 3}}}}`, "get-sum",
			[]Failure{{Check: "match", Pointer: "/structuredContent", Expected: json.RawMessage(`{"sum":3}`), Got: json.RawMessage(`{"sum":3,"at":"12:00","parts":[1,2]}`), Reason: "not equal to the expected value"}}},
		{"absent", `{"match": {"/structuredContent/total": 3}}`, "get-sum",
			[]Failure{{Check: "match", Pointer: "/structuredContent/total", Expected: json.RawMessage("3"), Reason: "absent: the result has nothing at /structuredContent/total"}}},
		{"regex on a string", `{"match": {"/content/0/text": {"regex": "is 3\\.$"}}}`, "get-sum", nil},
		{"regex on JSON text", `{"match": {"/structuredContent/parts": {"regex": "^\\[1,2\\]$"}}}`, "get-sum", nil},
		{"regex fails", `{"match": {"/content/0/text": {"regex": "^Sum"}}}`, "get-sum",
			[]Failure{{Check: "match", Pointer: "/content/0/text", Expected: json.RawMessage(`{"regex":"^Sum"}`), Got: json.RawMessage(`"The sum of 1 and 2 is 3."`), Reason: "does not match /^Sum/"}}},
		{"schema holds", `{"match": {"/structuredContent": {"schema": {"type": "object", "required": ["sum"]}}}}`, "get-sum", nil},
		{"schema fails", `{"match": {"/structuredContent/sum": {"schema": {"type": "string"}}}}`, "get-sum",
			[]Failure{{Check: "match", Pointer: "/structuredContent/sum", Expected: json.RawMessage(`{"schema":{"type":"string"}}`), Got: json.RawMessage("3"), Reason: "breaks the schema: (root): got number, want string"}}},
		{"failures in order", `{"isError": true, "match": {"/b": 1, "/a": 2}}`, "get-sum", []Failure{
			{Check: "isError", Pointer: "/isError", Expected: json.RawMessage("true"), Got: json.RawMessage("false"), Reason: "isError is false, want true"},
			{Check: "match", Pointer: "/b", Expected: json.RawMessage("1"), Reason: "absent: the result has nothing at /b"},
			{Check: "match", Pointer: "/a", Expected: json.RawMessage("2"), Reason: "absent: the result has nothing at /a"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := loadString(t, `{"tests": [{"name": "t", "tool": "`+tt.tool+`", "expect": `+tt.expect+`}]}`)
			r, err := Run(context.Background(), c, sumCaller(), RunOptions{})
			if err != nil {
				t.Fatal(err)
			}
			res := r.Results[0]
			if res.Passed != (tt.fails == nil) || (r.Passed == 1) != res.Passed || r.Failed+r.Passed != 1 {
				t.Errorf("passed = %v (report %d/%d), want %v", res.Passed, r.Passed, r.Failed, tt.fails == nil)
			}
			if got, want := mustJSON(t, res.Failures), mustJSON(t, tt.fails); got != want {
				t.Errorf("failures =\n%s\nwant\n%s", got, want)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var errGone = errors.New("server gone")

func TestRunCallErrors(t *testing.T) {
	t.Parallel()
	c := loadString(t, `{"tests": [{"name": "a", "tool": "get-sum"}, {"name": "b", "tool": "nope"}, {"name": "c", "tool": "gone"}, {"name": "d", "tool": "get-sum"}]}`)
	caller := sumCaller()
	caller.errs = map[string]error{"nope": errors.New(`no tool "nope" (did you mean "get-sum"?)`), "gone": errGone}
	r, err := Run(context.Background(), c, caller, RunOptions{Unreachable: func(err error) bool { return errors.Is(err, errGone) }})
	if !errors.Is(err, errGone) || !strings.Contains(err.Error(), `test "c"`) {
		t.Fatalf("err = %v, want the unreachable error naming test c", err)
	}
	if strings.Join(caller.called, ",") != "a,b,c" {
		t.Errorf("called %v, want the run to stop at c", caller.called)
	}
	if len(r.Results) != 2 || !r.Results[0].Passed || r.Results[1].Passed || r.Passed != 1 || r.Failed != 1 {
		t.Fatalf("report = %+v", r)
	}
	if f := r.Results[1].Failures; len(f) != 1 || f[0].Check != "call" || !strings.Contains(f[0].Reason, "did you mean") {
		t.Errorf("failures of b = %+v, want one call failure", f)
	}
	if r.Results[0].DurationMs != 12 {
		t.Errorf("durationMs = %d, want 12", r.Results[0].DurationMs)
	}
}

func TestRunCancelled(t *testing.T) {
	t.Parallel()
	c := loadString(t, `{"tests": [{"name": "a", "tool": "get-sum"}]}`)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	caller := sumCaller()
	if _, err := Run(ctx, c, caller, RunOptions{}); !errors.Is(err, context.Canceled) || len(caller.called) != 0 {
		t.Errorf("err = %v, called %v", err, caller.called)
	}
}

func readSnapshots(t *testing.T, c *Collection) map[string]json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(SnapshotPath(c.Path))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	for k, v := range m {
		m[k] = canonical(v)
	}
	return m
}

func TestRunSnapshots(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "tests.yaml")
	body := "tests:\n  - {name: sum, tool: get-sum, expect: {snapshot: true, ignore: [/structuredContent/at, /parts/0]}}\n" +
		"  - {name: err, tool: failing, expect: {isError: true, snapshot: true}}\n"
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := SnapshotPath(path); got != filepath.Join(dir, "tests.snapshots.json") {
		t.Fatalf("SnapshotPath = %s", got)
	}
	scrub := func(b []byte) ([]byte, error) { return []byte(strings.ReplaceAll(string(b), "no", "$WORD")), nil }

	// First run: no snapshots yet; both are written and pass.
	r, err := Run(context.Background(), c, sumCaller(), RunOptions{Scrub: scrub})
	if err != nil || r.Failed != 0 || r.Results[0].Snapshot != "written" || r.Results[1].Snapshot != "written" {
		t.Fatalf("first run: %v %+v", err, r)
	}
	snaps := readSnapshots(t, c)
	if string(snaps["sum"]) != `{"parts":[2],"sum":3}` || !strings.Contains(string(snaps["err"]), `"$WORD"`) {
		t.Errorf("snapshots = %s", mustJSON(t, snaps))
	}
	data, _ := os.ReadFile(SnapshotPath(path))
	if !strings.HasPrefix(string(data), "{\n  \"err\": [") {
		t.Errorf("file not indented with sorted keys:\n%s", data)
	}
	before, _ := os.Stat(SnapshotPath(path))

	// Second run: the same results (the ignored time changed) match and
	// the file is left alone.
	caller := sumCaller()
	o := caller.outcomes["get-sum"]
	o.Result = json.RawMessage(strings.Replace(sumResult, "12:00", "13:00", 1))
	caller.outcomes["get-sum"] = o
	r, err = Run(context.Background(), c, caller, RunOptions{Scrub: scrub})
	if err != nil || r.Failed != 0 || r.Results[0].Snapshot != "matched" || r.Results[1].Snapshot != "matched" {
		t.Fatalf("second run: %v %+v", err, r)
	}
	if after, _ := os.Stat(SnapshotPath(path)); !after.ModTime().Equal(before.ModTime()) {
		t.Error("snapshots rewritten though nothing changed")
	}

	// A changed value fails with the first difference...
	o.Result = json.RawMessage(strings.Replace(sumResult, `"sum":3`, `"sum":4`, 1))
	caller.outcomes["get-sum"] = o
	r, err = Run(context.Background(), c, caller, RunOptions{Scrub: scrub})
	if err != nil || r.Failed != 1 {
		t.Fatalf("third run: %v %+v", err, r)
	}
	want := []Failure{{Check: "snapshot", Pointer: "/sum", Expected: json.RawMessage("3"), Got: json.RawMessage("4"),
		Reason: "differs from the stored snapshot at /sum (run with --update to accept it)"}}
	if got := mustJSON(t, r.Results[0].Failures); got != mustJSON(t, want) {
		t.Errorf("failures = %s", got)
	}
	// ...and --update rewrites it.
	r, err = Run(context.Background(), c, caller, RunOptions{Update: true, Scrub: scrub})
	if err != nil || r.Failed != 0 || r.Results[0].Snapshot != "updated" || r.Results[1].Snapshot != "matched" {
		t.Fatalf("update run: %v %+v", err, r)
	}
	if got := string(readSnapshots(t, c)["sum"]); got != `{"parts":[2],"sum":4}` {
		t.Errorf("updated snapshot = %s", got)
	}
}

func TestRunCorruptSnapshots(t *testing.T) {
	t.Parallel()
	c := loadString(t, `{"tests": [{"name": "a", "tool": "get-sum", "expect": {"snapshot": true}}]}`)
	if err := os.WriteFile(SnapshotPath(c.Path), []byte("[1"), 0o644); err != nil {
		t.Fatal(err)
	}
	var le *LoadError
	if _, err := Run(context.Background(), c, sumCaller(), RunOptions{}); !errors.As(err, &le) || le.Path != SnapshotPath(c.Path) {
		t.Errorf("err = %v, want a LoadError naming the snapshots file", err)
	}
}

func TestSnapshotValue(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, result string
		ignore       []string
		want         string
	}{
		{"structured", `{"structuredContent":{"b":1,"a":[1,2,3]},"content":[]}`, nil, `{"a":[1,2,3],"b":1}`},
		{"content when no structured", `{"content":[{"type":"text","text":"x"}]}`, nil, `[{"text":"x","type":"text"}]`},
		{"ignore member and item", `{"structuredContent":{"b":1,"a":[1,2,3]}}`, []string{"/b", "/a/1"}, `{"a":[1,3]}`},
		{"ignore through the result", `{"content":[{"id":7,"text":"x"}]}`, []string{"/content/0/id"}, `[{"text":"x"}]`},
		{"ignore nowhere", `{"structuredContent":{"b":1}}`, []string{"/zz/1", "/b/c"}, `{"b":1}`},
		{"two items of one array, in order", `{"structuredContent":[0,1,2,3]}`, []string{"/0", "/0"}, `[2,3]`},
		{"ignore the root", `{"structuredContent":{"b":1}}`, []string{""}, `null`},
		{"not a pointer", `{"structuredContent":{"b":1}}`, []string{"b"}, `{"b":1}`},
		{"big numbers kept", `{"structuredContent":{"n":12345678901234567890}}`, nil, `{"n":12345678901234567890}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := SnapshotValue(json.RawMessage(tt.result), tt.ignore)
			if err != nil || string(got) != tt.want {
				t.Errorf("SnapshotValue = %s, %v; want %s", got, err, tt.want)
			}
		})
	}
}

func TestRunBuiltInCode(t *testing.T) {
	t.Parallel()
	// A collection that never went through Load (the workbench builds
	// one) is judged without panicking on what Load would have refused.
	c := &Collection{Path: filepath.Join(t.TempDir(), "c.json"), Tests: []Test{
		{Name: "t", Tool: "get-sum", Expect: Expect{Match: []Match{{Pointer: "/content/0/text", Regex: "a("}}}}}}
	r, err := Run(context.Background(), c, sumCaller(), RunOptions{})
	if err != nil || r.Failed != 1 || !strings.HasPrefix(r.Results[0].Failures[0].Reason, "the regex does not compile") {
		t.Errorf("Run = %+v, %v", r, err)
	}
}
