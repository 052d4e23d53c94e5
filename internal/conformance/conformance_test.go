package conformance

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"go.uber.org/goleak"

	"github.com/toolbench/toolbench/internal/peer"
)

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "toolbench-conformance")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	code := m.Run()
	_ = os.RemoveAll(dir)
	if code == 0 {
		if err := goleak.Find(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			code = 1
		}
	}
	os.Exit(code)
}

// binDir holds the binary the tests build, for the run.
var binDir string

// scenarioLimit bounds one run of the suite: its own client timeout is 30 s,
// and the scenario server starts and stops around it.
const scenarioLimit = 60 * time.Second

// heldTo are the client scenarios toolbench must pass: the core four the
// eras issue names, and the 2026-07-28 ones on request metadata, input
// rounds and HTTP headers.
var heldTo = []string{"initialize", "tools_call", "elicitation-sep1034-client-defaults", "sse-retry",
	"request-metadata", "sep-2322-client-request-state", "http-standard-headers", "http-invalid-tool-headers"}

// TestCoreClientScenarios runs the client scenarios toolbench is held to
// through scripts/conformance-client, the way scripts/conformance does, and
// fails unless each has a passed check and no failed one.
func TestCoreClientScenarios(t *testing.T) {
	t.Parallel()
	node, suite := peer.Node22(t), peer.Conformance(t)
	bin := toolbench(t)
	client := shellQuoted(repoPath(t, "scripts/conformance-client"))
	for _, scenario := range heldTo {
		t.Run(scenario, func(t *testing.T) {
			t.Parallel()
			out := t.TempDir()
			ctx, cancel := context.WithTimeout(context.Background(), scenarioLimit)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, suite, "client", "--command", client, "--scenario", scenario, "-o", out)
			cmd.Env = append(os.Environ(), "TOOLBENCH="+bin, "NODE="+node)
			// The suite's exit status also counts warnings and the client's
			// exit status; the verdict here is the checks themselves.
			printed, runErr := cmd.CombinedOutput()
			checks, err := readChecks(out, scenario)
			if err != nil {
				t.Fatalf("%v (the suite: %v)\n%s", err, runErr, ansi.Strip(string(printed)))
			}
			for _, c := range checks {
				if c.Status == statusWarning {
					t.Logf("warning: %s: %s", c.ID, c.ErrorMessage)
				}
			}
			if err := judge(checks); err != nil {
				t.Errorf("scenario %s: %v\nthe suite printed:\n%s\nthe client's stderr:\n%s",
					scenario, err, ansi.Strip(string(printed)), clientStderr(out, scenario))
			}
		})
	}
}

// TestScriptPinsTheSameVersions: scripts/conformance installs what the
// tests install, so that a person's run and the test suite judge the same
// suite on the same Node.
func TestScriptPinsTheSameVersions(t *testing.T) {
	t.Parallel()
	script, err := os.ReadFile(repoPath(t, "scripts/conformance"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ variable, want string }{
		{"conformance_version", peer.ConformanceVersion},
		{"node_version", peer.NodeRuntimeVersion},
	} {
		m := regexp.MustCompile(`(?m)^` + tc.variable + `=(\S+)$`).FindSubmatch(script)
		switch {
		case m == nil:
			t.Errorf("scripts/conformance sets no %s", tc.variable)
		case string(m[1]) != tc.want:
			t.Errorf("scripts/conformance sets %s=%s, internal/peer pins %s", tc.variable, m[1], tc.want)
		}
	}
}

// TestScriptRunsTheSuite runs scripts/conformance as a person would, on one
// scenario, with the suite's -o passed through.
func TestScriptRunsTheSuite(t *testing.T) {
	t.Parallel()
	peer.Node22(t) // installs under the lock, so that a parallel install cannot clash with the script's
	peer.Conformance(t)
	out := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), scenarioLimit)
	defer cancel()
	printed, err := exec.CommandContext(ctx, repoPath(t, "scripts/conformance"), "tools_call", "-o", out).CombinedOutput()
	if err != nil {
		t.Fatalf("scripts/conformance tools_call: %v\n%s", err, ansi.Strip(string(printed)))
	}
	checks, err := readChecks(out, "tools_call")
	if err != nil {
		t.Fatal(err)
	}
	if err := judge(checks); err != nil {
		t.Errorf("scripts/conformance tools_call exited 0, but %v", err)
	}
}

var (
	buildOnce  sync.Once
	builtPath  string
	builtError error
	builtOut   []byte
)

// toolbench builds the binary once for every test of the package.
func toolbench(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		builtPath = filepath.Join(binDir, "toolbench")
		builtOut, builtError = exec.Command("go", "build", "-o", builtPath, "github.com/toolbench/toolbench/cmd/toolbench").CombinedOutput()
	})
	if builtError != nil {
		t.Fatalf("go build: %v\n%s", builtError, builtOut)
	}
	return builtPath
}

// repoPath is the absolute path of rel, relative to the module's root.
func repoPath(t *testing.T, rel string) string {
	t.Helper()
	p, err := filepath.Abs(filepath.Join("..", "..", filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// shellQuoted quotes p for the shell the suite runs its --command in (it
// splits the command at spaces, then joins the words again for the shell).
func shellQuoted(p string) string {
	return "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
}

// clientStderr is what the client printed on stderr during scenario, as
// the suite saved it.
func clientStderr(out, scenario string) string {
	found, _ := filepath.Glob(filepath.Join(out, filepath.FromSlash(scenario)+"-*", "stderr.txt"))
	if len(found) == 0 {
		return "(not saved)"
	}
	b, _ := os.ReadFile(found[0])
	return string(b)
}
