package root

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/probe"
	"github.com/toolbench/toolbench/tool"
)

// envMockArgs makes the test binary run `toolbench mock` with these
// arguments (a JSON array) and exit: the stdio mock as a real child.
const envMockArgs = "TOOLBENCH_TEST_MOCK_ARGS"

func init() {
	raw := os.Getenv(envMockArgs)
	if raw == "" {
		return
	}
	var args []string
	if err := json.Unmarshal([]byte(raw), &args); err != nil {
		fmt.Fprintln(os.Stderr, "mock test child:", err)
		os.Exit(exitUsage)
	}
	os.Exit(run(context.Background(), append([]string{"mock"}, args...), testFactory(iostreams.System())))
}

// mockFiles are the saved tool lists the mock serves in these tests.
func mockFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../mock/testdata/*.tools.json")
	if err != nil || len(files) < 4 {
		t.Fatalf("tools files: %v %v", files, err)
	}
	return files
}

// mockTarget returns target arguments reaching a mock of file: a stdio
// child, or the mock command serving "http" or "sse" in-process.
func mockTarget(t *testing.T, file, transport string) []string {
	t.Helper()
	abs, err := filepath.Abs(file)
	if err != nil {
		t.Fatal(err)
	}
	if transport == "stdio" {
		self, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		args, _ := json.Marshal([]string{"--tools-file", abs})
		return []string{"-e", envMockArgs + "=" + string(args), self}
	}
	return []string{transport, startMock(t, "--tools-file", abs, "--"+transport)}
}

var servingURL = regexp.MustCompile(`mock: serving \d+ tools? at (http://\S+)`)

// startMock runs `toolbench mock ARGS` until the test ends and returns the
// URL it announces on stderr.
func startMock(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut testkit.Buffer
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, append([]string{"mock"}, args...), testFactory(&streams{In: strings.NewReader(""), Out: &out, Err: &errOut}))
	}()
	t.Cleanup(func() {
		cancel()
		if code := <-done; code != exitOK {
			t.Errorf("mock exited %d: %s", code, errOut.String())
		}
	})
	var url string
	if !testkit.Eventually(10*time.Second, func() bool {
		m := servingURL.FindStringSubmatch(errOut.String())
		if m != nil {
			url = m[1]
		}
		return m != nil
	}) {
		t.Fatalf("the mock announced no URL: %s", errOut.String())
	}
	return url
}

// TestMockListsSavedTools runs `toolbench tools --json` against the mock of
// every saved file over every transport. Tools come back in the saved order,
// with schemas byte for byte as saved (after both are indented alike); the
// tool objects compare as JSON values, because mcp-go writes a tool's own
// keys (name, title, inputSchema...) in sorted order.
func TestMockListsSavedTools(t *testing.T) {
	// Not parallel with the rest: it starts many servers, and on a small
	// machine that load would trip the tight timeouts of other tests.
	for _, file := range mockFiles(t) {
		for _, tr := range []string{"stdio", "sse", "http"} {
			t.Run(filepath.Base(file)+"/"+tr, func(t *testing.T) {
				t.Parallel()
				r := runToolbench(t, context.Background(), "", withTarget(mockTarget(t, file, tr), "tools", "--json")...)
				if r.code != exitOK {
					t.Fatalf("exit %d: %s", r.code, r.err)
				}
				saved, _ := os.ReadFile(file)
				compareTools(t, []byte(r.out), saved)
			})
		}
	}
}

func compareTools(t *testing.T, listed, saved []byte) {
	t.Helper()
	got, err := tool.ParseList(listed)
	if err != nil {
		t.Fatal(err)
	}
	want, err := tool.ParseList(saved)
	if err != nil || len(got) != len(want) {
		t.Fatalf("listed %d tools, saved %d (%v)", len(got), len(want), err)
	}
	for i := range want {
		if got[i].Name != want[i].Name {
			t.Fatalf("tool %d: %q, saved %q", i, got[i].Name, want[i].Name)
		}
		if !bytes.Equal(got[i].InputSchema, want[i].InputSchema) || !bytes.Equal(got[i].OutputSchema, want[i].OutputSchema) {
			t.Errorf("%s: schemas differ:\n got %s %s\nwant %s %s", want[i].Name,
				got[i].InputSchema, got[i].OutputSchema, want[i].InputSchema, want[i].OutputSchema)
		}
		var g, w any
		_ = json.Unmarshal(got[i].Raw, &g)
		_ = json.Unmarshal(want[i].Raw, &w)
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s:\n got %s\nwant %s", want[i].Name, compactedJSON(got[i].Raw), compactedJSON(want[i].Raw))
		}
	}
}

// TestMockCalls calls the mock through `toolbench call`: invalid arguments
// get isError listing every violation, valid ones a structuredContent that
// passes the output check.
func TestMockCalls(t *testing.T) {
	// Not parallel with the rest: it starts many servers, and on a small
	// machine that load would trip the tight timeouts of other tests.
	tests := []struct {
		args []string
		code int
		out  []string
	}{
		{[]string{"call", "get-sum", "--no-validate", "--args", `{"a": "x"}`}, exitToolError, []string{
			"isError: true", "invalid arguments for get-sum: 2 violations of the inputSchema",
			"(root): missing property 'b'", "/a: got string, want number"}},
		{[]string{"call", "get-structured-content", "--arg", "location=Chicago"}, exitOK, []string{
			`mock get-structured-content called with arguments {"location":"Chicago"}`,
			"── structuredContent ──", "✓ structuredContent matches the outputSchema"}},
	}
	for _, tt := range tests {
		for _, tr := range []string{"stdio", "http"} {
			t.Run(tt.args[1]+"/"+tr, func(t *testing.T) {
				t.Parallel()
				target := mockTarget(t, "../../mock/testdata/everything.tools.json", tr)
				r := runToolbench(t, context.Background(), "", withTarget(target, tt.args...)...)
				if r.code != tt.code {
					t.Errorf("exit %d, want %d: %s%s", r.code, tt.code, r.out, r.err)
				}
				for _, w := range tt.out {
					if !strings.Contains(r.out, w) {
						t.Errorf("lacks %q:\n%s", w, r.out)
					}
				}
			})
		}
	}
}

// TestMockRoundTripsThroughProbe: the mock of each tools file, probed with
// every tool included, has zero failures.
func TestMockRoundTripsThroughProbe(t *testing.T) {
	// Not parallel with the rest: it starts many servers, and on a small
	// machine that load would trip the tight timeouts of other tests.
	for _, file := range mockFiles(t) {
		for _, tr := range []string{"stdio", "http"} {
			t.Run(filepath.Base(file)+"/"+tr, func(t *testing.T) {
				t.Parallel()
				r := runToolbench(t, context.Background(), "", withTarget(mockTarget(t, file, tr), "probe", "--allow-destructive", "--json")...)
				var rep probe.Report
				if err := json.Unmarshal([]byte(r.out), &rep); err != nil {
					t.Fatalf("exit %d, %v: %s", r.code, err, r.err)
				}
				s := rep.Summary
				if r.code != exitOK || s.Failed != 0 || s.FailedCalls != 0 || s.Warned != untaskable(rep) || s.Calls < s.Tools-untaskable(rep) {
					t.Errorf("exit %d, summary %+v: %s", r.code, s, r.out)
				}
			})
		}
	}
}

// untaskable counts the tools of rep that require a task the mock could
// not offer: mcp-go serves tasks on 2025-11-25 only, not the 2026-07-28
// extension, so on the modern era the probe notes them instead of calling.
func untaskable(rep probe.Report) int {
	n := 0
	for _, t := range rep.Tools {
		if t.Verdict == probe.Warn && len(t.Notes) == 1 && t.Notes[0] == probe.MsgTaskUnoffered {
			n++
		}
	}
	return n
}
