package root

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/testkit"
)

func TestCallOutcomes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		flags   []string
		code    int
		out     []string // fragments of stdout
		errOut  []string // fragments of stderr
		records string   // a fragment the fixture must have recorded
	}{
		{"success", []string{"call", "echo", "--arg", "message=hi"}, exitOK,
			[]string{"── content[0] text ──", "hi", "not checked: the tool declares no outputSchema"}, nil, `"arguments":{"message":"hi"}`},
		{"output matches", []string{"call", "weather_ok", "--args", `{"city":"Oslo"}`}, exitOK,
			[]string{"── structuredContent ──", "✓ structuredContent matches the outputSchema"}, nil, ""},
		{"output violates", []string{"call", "weather_broken", "--arg", "city=Oslo"}, exitOutputInvalid,
			[]string{"✗ structuredContent does not match the outputSchema (3 violations)", "/temperature: got string, want number", "[schema /properties/temperature/type]", "(root): missing property 'city'"}, nil, ""},
		{"output missing", []string{"call", "weather_missing", "--arg", "city=Oslo"}, exitOutputInvalid,
			[]string{"structuredContent is missing, but the tool declares an outputSchema"}, nil, ""},
		{"isError", []string{"call", "fail", "--arg", "reason=boom"}, exitToolError,
			[]string{"✗ the tool reported an error (isError: true)", "failed: boom"}, nil, ""},
		{"media", []string{"call", "media"}, exitOK,
			[]string{"── content[1] image ──", "image/png", "16×8 px", "── content[2] audio ──", "audio/wav", "── content[3] resource_link ──", "file:///tmp/demo.txt", "── content[4] resource ──", "demo://note"}, nil, ""},
		{"coerced integers", []string{"call", "set_priority", "--arg", "task_id=T-1", "--arg", "priority=3", "--arg", "mode=0"}, exitOK,
			nil, nil, `"arguments":{"task_id":"T-1","priority":3,"mode":0}`},
		{"invalid arguments", []string{"call", "echo", "--args", `{"message": 5}`}, exitUsage,
			nil, []string{`the arguments do not match the inputSchema of "echo"`, "/message: got number, want string", "--no-validate"}, ""},
		{"invalid arguments sent anyway", []string{"call", "echo", "--no-validate", "--args", `{"message": 5}`}, exitToolError,
			[]string{"isError: true", "is not a string"}, nil, `"arguments":{"message":5}`},
		{"missing required", []string{"call", "create_order"}, exitUsage,
			nil, []string{"(root): missing properties 'items', 'shipping_address'"}, ""},
		{"args not JSON", []string{"call", "echo", "--args", `{"message": "hi",}`}, exitUsage,
			nil, []string{"--args is not valid JSON", "at byte 18", "⟨here⟩"}, ""},
		{"args not an object", []string{"call", "echo", "--args", `["hi"]`}, exitUsage,
			nil, []string{"--args must be a JSON object of arguments, not an array"}, ""},
		{"arg for an absent property", []string{"call", "echo", "--arg", "mesage=hi"}, exitUsage,
			nil, []string{`--arg mesage=hi: the inputSchema has no property "mesage" (it has: message)`}, ""},
		{"arg of the wrong type", []string{"call", "progress", "--arg", "steps=many"}, exitUsage,
			nil, []string{`property "steps" wants integer; "many" is not one`}, ""},
		{"unknown tool", []string{"call", "ech0"}, exitUsage,
			nil, []string{`the server has no tool "ech0"; did you mean "echo"?`}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			target, recorded := fixtureCmd(t)
			r := runToolbench(t, context.Background(), "", withTarget(target, tt.flags...)...)
			if r.code != tt.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, tt.code, r.out, r.err)
			}
			for _, w := range tt.out {
				if !strings.Contains(r.out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, r.out)
				}
			}
			for _, w := range tt.errOut {
				if !strings.Contains(r.err, w) {
					t.Errorf("stderr lacks %q:\n%s", w, r.err)
				}
			}
			if tt.records != "" && !testkit.Eventually(2*time.Second, func() bool { return strings.Contains(recorded(), tt.records) }) {
				t.Errorf("fixture did not record %s:\n%s", tt.records, recorded())
			}
		})
	}
}

func TestCallJSON(t *testing.T) {
	t.Parallel()
	target, _ := fixtureCmd(t)
	r := runToolbench(t, context.Background(), "", withTarget(target, "call", "weather_broken", "--json", "--arg", "city=Oslo")...)
	if r.code != exitOutputInvalid {
		t.Fatalf("exit %d: %s", r.code, r.err)
	}
	var got struct {
		Result           map[string]json.RawMessage `json:"result"`
		OutputValidation struct {
			Valid  bool `json:"valid"`
			Errors []struct {
				InstancePath string `json:"instancePath"`
				SchemaPath   string `json:"schemaPath"`
				Message      string `json:"message"`
			} `json:"errors"`
		} `json:"outputValidation"`
		DurationMs *int64 `json:"durationMs"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.out)
	}
	if got.Result["structuredContent"] == nil || got.Result["content"] == nil || got.DurationMs == nil {
		t.Errorf("result incomplete: %s", r.out)
	}
	if got.OutputValidation.Valid || len(got.OutputValidation.Errors) != 3 {
		t.Errorf("verdict = %+v", got.OutputValidation)
	}
	for _, e := range got.OutputValidation.Errors {
		if e.SchemaPath == "" || e.Message == "" {
			t.Errorf("error without paths: %+v", e)
		}
	}
}

func TestCallArgsFromStdinAndFile(t *testing.T) {
	t.Parallel()
	target, recorded := fixtureCmd(t)
	r := runToolbench(t, context.Background(), `{"message":"from stdin"}`, withTarget(target, "call", "echo", "--args-file", "-")...)
	if r.code != exitOK || !strings.Contains(r.out, "from stdin") {
		t.Errorf("stdin args: exit %d\n%s%s", r.code, r.out, r.err)
	}
	r = runToolbench(t, context.Background(), "", withTarget(target, "call", "echo", "--args-file", "testdata/no-such.json")...)
	if r.code != exitUsage || !strings.Contains(r.err, "--args-file") {
		t.Errorf("missing file: exit %d: %s", r.code, r.err)
	}
	_ = recorded
}

// TestCallTimeoutTellsServer: a call that outlives --timeout exits 5 naming
// the timeout, and the server hears that the call was cancelled. --timeout
// bounds every request, initialize included, so against a stdio child the
// 300 ms also bounded a test binary starting up: on a loaded machine that
// took longer about twice in a hundred runs (exit 3, "no answer to
// initialize within 300ms"). The fixture is served in process here, so no
// process has to start within the timeout; it bounds the call and two
// loopback round trips.
func TestCallTimeoutTellsServer(t *testing.T) {
	t.Parallel()
	target, recorded := fixtureHTTP(t)
	r := runToolbench(t, context.Background(), "", withTarget(target, "call", "slow", "--timeout", "0.3")...)
	if r.code != exitTimeout || !strings.Contains(r.err, "call slow: timed out: no answer within 300ms") {
		t.Errorf("exit %d, want %d and the timeout named\nstderr:\n%s", r.code, exitTimeout, r.err)
	}
	cancelled := func() bool { return strings.Contains(recorded(), `"tool":"slow","event":"cancelled"`) }
	if !testkit.Eventually(2*time.Second, cancelled) {
		t.Errorf("the fixture did not hear the cancellation:\n%s", recorded())
	}
}

func TestCallCancelTellsServer(t *testing.T) {
	t.Parallel()
	target, recorded := fixtureCmd(t)
	// Ctrl-C cancels the command's context; a parent context ending is the
	// same path, without signalling the test process.
	ctx, cancel := context.WithCancel(context.Background())
	// Once the call is under way, however long the child took to start.
	cancelWhen(cancel, func() bool { return strings.Contains(recorded(), `"tool":"slow","event":"call"`) })
	r := runToolbench(t, ctx, "", withTarget(target, "call", "slow")...)
	if r.code != exitTimeout || !strings.Contains(r.err, "cancelled") {
		t.Errorf("exit %d, want %d: %s", r.code, exitTimeout, r.err)
	}
	if !strings.Contains(recorded(), `"event":"cancelled"`) {
		t.Errorf("the fixture did not see the cancellation before toolbench exited:\n%s", recorded())
	}
}

func TestCallFlagsAfterToolAndTargetFlags(t *testing.T) {
	t.Parallel()
	// The tool comes first, toolbench flags next, and the target keeps its
	// own flags: `sh -c SCRIPT` must receive -c.
	r := runToolbench(t, context.Background(), "", "call", "echo", "--timeout", "1", "--args", `{"message":"x"}`,
		"sh", "-c", `echo "fatal: from sh" >&2; exit 7`)
	if r.code != exitConnect || !strings.Contains(r.err, "fatal: from sh") || !strings.Contains(r.err, "exit status 7") {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.err)
	}
}
