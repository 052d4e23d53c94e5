package root

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/toolbench/toolbench/collection"
	"github.com/toolbench/toolbench/internal/fixture/asks"
	"github.com/toolbench/toolbench/internal/fixture/fault"
	"github.com/toolbench/toolbench/internal/peer"
)

// everythingCollection exercises every expectation kind against
// server-everything, passing and failing, with per-test answers and a
// timeout. wantPass names the tests that must pass; the rest must fail
// with the check given.
const everythingCollection = `tests:
  - name: echo
    tool: echo
    arguments: {message: hi}
    expect: {isError: false, match: {/content/0/text: "Echo: hi"}}
  - name: echo wrong text
    tool: echo
    arguments: {message: hi}
    expect: {match: {/content/0/text: {regex: "^Bye"}}}
  - name: sum
    tool: get-sum
    arguments: {a: 2, b: 3}
    expect: {match: {/content/0/text: {regex: "is 5\\.$"}}}
  - name: bad input on purpose
    tool: get-sum
    arguments: {a: "x", b: 1}
    expect: {isError: true, match: {/content/0/text: {regex: "expected number"}}}
  - name: bad input not expected
    tool: get-sum
    arguments: {a: "x", b: 1}
    expect: {isError: false}
  - name: weather
    tool: get-structured-content
    arguments: {location: Chicago}
    expect:
      outputValid: true
      match:
        /structuredContent: {schema: {type: object, required: [temperature, conditions, humidity]}}
        /structuredContent/humidity: 82.0
      snapshot: true
      ignore: [/structuredContent/temperature]
  - name: weather wrong schema
    tool: get-structured-content
    arguments: {location: Chicago}
    expect: {match: {/structuredContent/conditions: {schema: {type: number}}}}
  - name: weather absent
    tool: get-structured-content
    arguments: {location: Chicago}
    expect: {match: {/structuredContent/wind: 3}}
  - name: weather not invalid
    tool: get-structured-content
    arguments: {location: Chicago}
    expect: {outputValid: false}
  - name: elicit declined
    tool: trigger-elicitation-request
    elicit: decline
    expect: {match: {/content/0/text: {regex: "declined"}}}
  - name: elicit content
    tool: trigger-elicitation-request
    elicit: {name: Ada Lovelace, check: true, email: ada@example.org, integer: 7}
    expect: {match: {/content/0/text: {regex: "User provided"}}}
  - name: sample reply
    tool: trigger-sampling-request
    arguments: {prompt: "What is six times seven?"}
    sample: {role: assistant, content: {type: text, text: "Forty-two, said the test."}, model: toolbench-test-model}
    expect: {match: {/content/0/text: {regex: "Forty-two"}}}
  - name: sample rejected
    tool: trigger-sampling-request
    arguments: {prompt: hi}
    sample: reject
    expect: {isError: true}
  - name: too slow
    tool: trigger-long-running-operation
    arguments: {duration: 10, steps: 10}
    timeout: 300ms
  - name: unknown tool
    tool: ech
`

var everythingPass = map[string]bool{"echo": true, "sum": true, "bad input on purpose": true, "weather": true,
	"elicit declined": true, "elicit content": true, "sample reply": true, "sample rejected": true}

// everythingFails is the check each failing test fails, and words of its
// reason.
var everythingFails = map[string][2]string{
	"echo wrong text":        {"match", "does not match /^Bye/"},
	"bad input not expected": {"isError", "isError is true, want false"},
	"weather wrong schema":   {"match", "breaks the schema: (root): got string, want number"},
	"weather absent":         {"match", "absent: the result has nothing at /structuredContent/wind"},
	"weather not invalid":    {"outputValid", "meets the outputSchema"},
	"too slow":               {"call", "no result within the test's timeout 300ms"},
	"unknown tool":           {"call", `did you mean "echo"`},
}

// TestTestCommandEverything runs the collection on each transport, in
// parallel; goleak checks, once both are done, that no session left a
// goroutine behind.
func TestTestCommandEverything(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) })
	targets := map[string][]string{
		"stdio": {"stdio", peer.Node(t), peer.Entry(t, peer.Everything)},
		// Over HTTP the server's asks come on another stream than the
		// call's; the answerer must still find the test's policies.
		"http": {"http", peer.StartEverythingHTTP(t, "streamableHttp")},
	}
	for name, target := range targets {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testEverythingCollection(t, target)
		})
	}
}

// testEverythingCollection runs everythingCollection against target as
// JSON with JUnit, then as text.
func testEverythingCollection(t *testing.T, target []string) {
	dir := t.TempDir()
	passing := len(everythingPass)
	file := writeTestFile(t, dir, "tests.yaml", everythingCollection)
	junit := filepath.Join(dir, "junit.xml")
	ctx := context.Background()

	r := runToolbench(t, ctx, "", withTarget(target, "test", file, "--json", "--junit", junit)...)
	if r.code != exitToolError {
		t.Errorf("exit %d, want %d\n%s", r.code, exitToolError, r.err)
	}
	var rep collection.Report
	if err := json.Unmarshal([]byte(r.out), &rep); err != nil {
		t.Fatalf("--json: %v\n%s", err, r.out)
	}
	if rep.Passed != passing || rep.Failed != len(everythingFails) {
		t.Errorf("passed %d failed %d, want %d and %d", rep.Passed, rep.Failed, passing, len(everythingFails))
	}
	for _, res := range rep.Results {
		if everythingPass[res.Name] != res.Passed {
			t.Errorf("%s: passed = %v: %+v", res.Name, res.Passed, res.Failures)
			continue
		}
		if want, ok := everythingFails[res.Name]; ok {
			if len(res.Failures) != 1 || res.Failures[0].Check != want[0] || !strings.Contains(res.Failures[0].Reason, want[1]) {
				t.Errorf("%s: failures %+v, want %s: %q", res.Name, res.Failures, want[0], want[1])
			}
		}
	}
	if got := rep.Results[5].Snapshot; got != "written" {
		t.Errorf("weather snapshot = %q, want written", got)
	}
	snaps, err := os.ReadFile(filepath.Join(dir, "tests.snapshots.json"))
	if err != nil || !strings.Contains(string(snaps), `"weather": {`) || strings.Contains(string(snaps), "temperature") {
		t.Errorf("snapshots (%v):\n%s", err, snaps)
	}
	checkEverythingJUnit(t, junit, passing+len(everythingFails))

	// Text output; the snapshot now matches.
	r = runToolbench(t, ctx, "", withTarget(target, "test", file)...)
	for _, want := range []string{"PASS echo (", "FAIL echo wrong text (", "  match /content/0/text: does not match /^Bye/\n",
		`    expected: {"regex":"^Bye"}` + "\n", `    got:      "Echo: hi"` + "\n", fmt.Sprintf("%d passed, 7 failed\n", passing)} {
		if !strings.Contains(r.out, want) {
			t.Errorf("text output lacks %q:\n%s", want, r.out)
		}
	}
	if r.code != exitToolError || r.err != "" {
		t.Errorf("exit %d, stderr %q", r.code, r.err)
	}
}

// checkEverythingJUnit parses the JUnit file and checks it field by field.
func checkEverythingJUnit(t *testing.T, path string, total int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Suites []struct {
			Name     string `xml:"name,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Cases    []struct {
				Name      string `xml:"name,attr"`
				Classname string `xml:"classname,attr"`
				Failure   *struct {
					Message string `xml:"message,attr"`
					Type    string `xml:"type,attr"`
					Body    string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil || len(doc.Suites) != 1 {
		t.Fatalf("junit: %v\n%s", err, data)
	}
	s := doc.Suites[0]
	if s.Tests != total || s.Failures != 7 || len(s.Cases) != total || !strings.HasSuffix(s.Name, "tests.yaml") {
		t.Errorf("suite %s: tests %d failures %d cases %d", s.Name, s.Tests, s.Failures, len(s.Cases))
	}
	for _, c := range s.Cases {
		if (c.Failure == nil) != everythingPass[c.Name] {
			t.Errorf("case %s: failure %+v", c.Name, c.Failure)
		}
		if c.Name == "echo wrong text" && (c.Classname != "echo" || c.Failure.Type != "check" ||
			c.Failure.Message != "match /content/0/text: does not match /^Bye/" || !strings.Contains(c.Failure.Body, `got: "Echo: hi"`)) {
			t.Errorf("case %s = %+v", c.Name, c.Failure)
		}
	}
}

// TestTestCommandExitCodes runs its rows in parallel; goleak checks, once
// all are done, that none left a goroutine (the run a lost server stops
// included).
func TestTestCommandExitCodes(t *testing.T) {
	ignore := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, ignore) })
	dir := t.TempDir()
	everything := []string{"stdio", peer.Node(t), peer.Entry(t, peer.Everything)}
	good := writeTestFile(t, dir, "good.json", `{"tests": [{"name": "echo", "tool": "echo", "arguments": {"message": "hi"}, "expect": {"match": {"/content/0/text": "Echo: hi"}}}]}`)
	failing := writeTestFile(t, dir, "failing.json", `{"tests": [{"name": "echo", "tool": "echo", "arguments": {"message": "hi"}, "expect": {"isError": true}}]}`)
	// echo answers a number for its message with isError: true; a test
	// that expects nothing expects no error.
	toolError := writeTestFile(t, dir, "toolerror.json", `{"tests": [{"name": "echo", "tool": "echo", "arguments": {"message": 1}}]}`)
	empty := writeTestFile(t, dir, "empty.json", `{"tests": []}`)
	typo := writeTestFile(t, dir, "typo.json", `{"tests": [{"name": "echo", "tool": "echo", "expect": {"isErorr": true}}]}`)
	badElicit := writeTestFile(t, dir, "elicit.json", `{"tests": [{"name": "ask", "tool": "trigger-elicitation-request", "elicit": "accept"}]}`)
	badSample := writeTestFile(t, dir, "sample.json", `{"tests": [{"name": "ask", "tool": "trigger-sampling-request", "sample": {"role": "assistant"}}]}`)
	work := writeTestFile(t, dir, "work.json", `{"tests": [{"name": "first", "tool": "work"}, {"name": "never run", "tool": "work"}]}`)
	snapped := writeTestFile(t, dir, "snapped.json", `{"tests": [{"name": "echo", "tool": "echo", "arguments": {"message": "hi"}, "expect": {"snapshot": true}}]}`)
	writeTestFile(t, dir, "snapped.snapshots.json", `["not", "an", "object"]`)
	badRoots := writeTestFile(t, dir, "roots.json", `{"tests": [{"name": "r", "tool": "get-roots-list", "roots": ["missing"]}]}`)
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"all pass", withTarget(everything, "test", good), exitOK, "PASS echo (", ""},
		{"one fails", withTarget(everything, "test", failing), exitToolError, "0 passed, 1 failed", ""},
		{"tool error expected nowhere", withTarget(everything, "test", toolError), exitToolError, "isError is true, want false", ""},
		{"no tests", withTarget(everything, "test", empty), exitUsage, "", "empty.json: tests: no tests to run"},
		{"typo in the file", withTarget(everything, "test", typo), exitUsage, "",
			`typo.json: test 0 "echo": expect.isErorr: unknown key (known: ignore, isError, match, outputValid, snapshot)`},
		{"bad elicit", withTarget(everything, "test", badElicit), exitUsage, "", `elicit.json: test 0 "ask": elicit: "accept" is not a policy`},
		{"bad sample", withTarget(everything, "test", badSample), exitUsage, "", `sample.json: test 0 "ask": sample: (inline): not a CreateMessageResult`},
		{"bad roots", withTarget(everything, "test", badRoots), exitUsage, "", `roots.json: test 0 "r": roots: `},
		{"bad snapshots file", withTarget(everything, "test", snapped), exitUsage, "", "snapped.snapshots.json: not a snapshots file"},
		{"no such file", withTarget(everything, "test", filepath.Join(dir, "none.yaml")), exitUsage, "", "none.yaml: cannot read it: no such file or directory"},
		{"no file", []string{"test"}, exitUsage, "", "test needs a collection FILE"},
		{"server does not start", []string{"test", good, "stdio", filepath.Join(dir, "no-such-server")}, exitConnect, "", "no-such-server"},
		{"server dies mid-run", append([]string{"test", work}, faultArgs(fault.ExitMidCall)...), exitConnect, "0 passed, 0 failed, 2 not run\n", `test "first": call work: connection closed`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := runToolbench(t, context.Background(), "", tt.args...)
			if r.code != tt.code || !strings.Contains(r.out, tt.stdout) || !strings.Contains(r.err, tt.stderr) {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tt.code, r.out, r.err)
			}
		})
	}
}

func TestTestCommandUpdateAndSecrets(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const secret = "s3cr3t-value-for-the-test"
	file := writeTestFile(t, dir, "env.json", `{"tests": [
	  {"name": "env", "tool": "get-env", "expect": {"snapshot": true}},
	  {"name": "echo", "tool": "echo", "arguments": {"message": "`+secret+`"}, "expect": {"snapshot": true}}]}`)
	snapshots := filepath.Join(dir, "env.snapshots.json")
	everything := []string{"-e", "API_TOKEN=" + secret, "stdio", peer.Node(t), peer.Entry(t, peer.Everything)}
	ctx := context.Background()
	r := runToolbench(t, ctx, "", withTarget(everything, "test", file, "--junit", filepath.Join(dir, "junit.xml"))...)
	if r.code != exitOK {
		t.Fatalf("first run: exit %d\n%s%s", r.code, r.out, r.err)
	}
	for _, f := range []string{snapshots, filepath.Join(dir, "junit.xml")} {
		data, err := os.ReadFile(f)
		if err != nil || strings.Contains(string(data), secret) {
			t.Errorf("%s holds the secret (%v):\n%s", f, err, data)
		}
	}
	if data, _ := os.ReadFile(snapshots); !strings.Contains(string(data), "$API_TOKEN") {
		t.Errorf("snapshot does not refer to the secret by name:\n%s", data)
	}

	// A changed snapshot fails; --update accepts it.
	if err := os.WriteFile(snapshots, []byte(`{"env": {"stale": true}, "echo": [{"text": "Echo: $API_TOKEN", "type": "text"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runToolbench(t, ctx, "", withTarget(everything, "test", file)...)
	if r.code != exitToolError || !strings.Contains(r.out, "FAIL env") || !strings.Contains(r.out, "PASS echo") || !strings.Contains(r.out, "--update") {
		t.Errorf("stale run: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = runToolbench(t, ctx, "", withTarget(everything, "test", file, "--update", "--json")...)
	var rep collection.Report
	if err := json.Unmarshal([]byte(r.out), &rep); err != nil || r.code != exitOK || rep.Results[0].Snapshot != "updated" || rep.Results[1].Snapshot != "matched" {
		t.Errorf("--update: exit %d, %v\n%s%s", r.code, err, r.out, r.err)
	}
	if data, _ := os.ReadFile(snapshots); strings.Contains(string(data), "stale") || strings.Contains(string(data), secret) {
		t.Errorf("after --update:\n%s", data)
	}
}

// TestTestCommandRootsPerTest gives two tests their own roots (relative to
// the collection) and a third none, against a server that asks for roots
// during each call, on both eras. (server-everything caches its roots and
// asks again only after roots/list_changed, which toolbench sends, but
// whether its answer or the next call reaches it first is not toolbench's
// to order, so it is not the server to test this on.)
func TestTestCommandRootsPerTest(t *testing.T) {
	t.Parallel()
	for _, era := range []asks.Era{asks.Legacy, asks.Modern} {
		t.Run(string(era), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			for _, sub := range []string{"sub", "other"} {
				if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			uri := func(d string) string { return (&url.URL{Scheme: "file", Path: filepath.ToSlash(d)}).String() }
			file := writeTestFile(t, dir, "roots.json", `{"tests": [
			  {"name": "sub", "tool": "roots", "roots": ["sub"], "expect": {"match": {"/content/0/text": {"regex": "`+regexp.QuoteMeta(uri(filepath.Join(dir, "sub")))+`\""}}}},
			  {"name": "other", "tool": "roots", "roots": ["other"], "expect": {"match": {"/content/0/text": {"regex": "`+regexp.QuoteMeta(uri(filepath.Join(dir, "other")))+`\""}}}},
			  {"name": "flag", "tool": "roots", "expect": {"match": {"/content/0/text": {"regex": "`+regexp.QuoteMeta(uri(dir))+`\""}}}}]}`)
			path, env := asks.Command(era, filepath.Join(t.TempDir(), "asks.log"))
			args := []string{"test", file, "--root", dir}
			for _, e := range env {
				args = append(args, "-e", e)
			}
			r := runToolbench(t, context.Background(), "", append(args, path)...)
			if r.code != exitOK || !strings.Contains(r.out, "3 passed, 0 failed") {
				t.Errorf("exit %d\n%s%s", r.code, r.out, r.err)
			}
		})
	}
}

// TestTestCommandFillsSecretReferences runs a collection that holds a
// secret as "$API_TOKEN", as one saved from the workbench does: the run
// sends the value -e gives, and the report, JUnit and snapshot keep it
// out.
func TestTestCommandFillsSecretReferences(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	const secret = "filled-S3CRET-at-run-time"
	file := writeTestFile(t, dir, "refs.json", `{"tests": [{"name": "echo", "tool": "echo",
	  "arguments": {"message": "$API_TOKEN"},
	  "expect": {"snapshot": true, "match": {"/content/0/text": {"regex": "^Echo: filled-S3CRET-at-[a-z-]+$"}}}}]}`)
	everything := []string{"-e", "API_TOKEN=" + secret, "stdio", peer.Node(t), peer.Entry(t, peer.Everything)}
	junit := filepath.Join(dir, "junit.xml")
	r := runToolbench(t, context.Background(), "", withTarget(everything, "test", file, "--junit", junit)...)
	if r.code != exitOK || !strings.Contains(r.out, "PASS echo") {
		t.Fatalf("exit %d, want the reference filled and the test passing:\n%s%s", r.code, r.out, r.err)
	}
	if strings.Contains(r.out, secret) {
		t.Errorf("the report shows the secret:\n%s", r.out)
	}
	if n := auditSecrets(t, dir, secret); n != 3 {
		t.Errorf("audited %d files, want the collection, its snapshots and the JUnit file", n)
	}
}
