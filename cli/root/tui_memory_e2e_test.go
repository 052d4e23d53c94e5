package root

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// memoTools are the tools the mock server of the memory tests serves:
// before is the first run's, after the second's, with add removed and a
// required parameter added to echo.
const (
	memoToolsBefore = `{"tools": [
  {"name": "echo", "description": "Echo a message", "inputSchema": {"type": "object",
    "properties": {"message": {"type": "string"}}, "required": ["message"]}},
  {"name": "add", "description": "Add two numbers", "inputSchema": {"type": "object",
    "properties": {"a": {"type": "number"}, "b": {"type": "number"}}}}]}`
	memoToolsAfter = `{"tools": [
  {"name": "echo", "description": "Echo a message", "inputSchema": {"type": "object",
    "properties": {"message": {"type": "string"}, "times": {"type": "integer"}}, "required": ["message", "times"]}}]}`
	// memoSecret is typed into a call, echoed back by the server and
	// given as -e: no file may hold it.
	memoSecret = "tui-S3CRET-echoed-4"
)

// memoRun is one workbench run of the memory test: the real binary in
// tmux, on the mock server of tools, with the test's state directory and
// working directory, so history, presets, snapshots and the default
// collection all land where the test reads them.
func memoRun(t *testing.T, dir, tools string) *tmuxScreen {
	t.Helper()
	bin := toolbenchBinary(t)
	argv := []string{"env", "-C", dir, "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "XDG_STATE_HOME=" + filepath.Join(dir, "state"),
		"XDG_CONFIG_HOME=" + filepath.Join(dir, "config"), bin, "connect", "-e", "MEMO_TOKEN=" + memoSecret,
		"--", bin, "mock", "--tools-file", tools}
	s := startTmux(t, 120, 40, argv...)
	s.waitFor(e2eWait, "● ready", "echo")
	return s
}

// quit ends the workbench and waits for its tmux session to go with it,
// so the next run starts from what this one wrote.
func (s *tmuxScreen) quit() {
	s.t.Helper()
	s.keys("C-c")
	deadline := time.Now().Add(e2eWait)
	for exec.Command("tmux", "-L", s.socket, "has-session", "-t", "main").Run() == nil {
		if time.Now().After(deadline) {
			s.t.Fatalf("the workbench did not quit:\n%s", s.screen())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestTUIMemoryAcrossRestarts uses the workbench's memory as a person
// does over two sessions: a call saved as a test and as a preset, then,
// after the server changed, the banner and the diff screen, the first
// session's call in the history, re-run, and the preset loaded. The
// collection it saved passes with `toolbench test`, and no file written
// holds the secret the call carried.
func TestTUIMemoryAcrossRestarts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tools := filepath.Join(dir, "tools.json")
	writeMemoTools(t, tools, memoToolsBefore)

	s := memoRun(t, dir, tools)
	s.openTool("echo", "echo")
	s.keys("Enter")
	s.text(memoSecret)
	s.keys("Enter", "C-s")
	s.waitFor(e2eWait, "mock echo called with arguments", "[Result]")
	s.keys("t")
	s.waitFor(e2eWait, "Save the call of echo as a test", "[x] isError = false", "[x] snapshot")
	s.keys("Enter")
	s.waitFor(e2eWait, "saved test echo-1 in toolbench.tests.json")
	s.keys("M-1", "M-s")
	s.waitFor(e2eWait, "Save the arguments of echo as a preset")
	s.text("greeting")
	s.keys("Enter")
	s.waitFor(e2eWait, "as preset greeting")
	s.keys("M-h")
	s.waitFor(e2eWait, "History 1 call", "echo", "ok")
	s.quit()

	writeMemoTools(t, tools, memoToolsAfter)
	s = memoRun(t, dir, tools)
	s.waitFor(e2eWait, "since last time: 2 breaking, 0 other changes")
	s.keys("M-c")
	s.waitFor(e2eWait, "Changes since last time", "tool add", "tool-removed", "required-parameter-added", "'times'")
	s.keys("Escape", "M-h")
	s.waitFor(e2eWait, "History 1 call", "echo")
	// Re-run: echo now requires times, and the mock says so.
	s.keys("Enter")
	s.waitFor(e2eWait, "[Result]", "times")
	s.keys("M-h")
	s.waitFor(e2eWait, "History 2 calls")
	s.keys("M-h", "M-1", "M-b")
	s.waitFor(e2eWait, "Presets of echo", "greeting")
	s.keys("Enter")
	s.waitFor(e2eWait, "[Form]", memoSecret)
	s.quit()

	if n := auditSecrets(t, dir, memoSecret); n < 6 {
		t.Errorf("audited %d files; want the history, its lock, presets, a snapshot, the collection and its snapshots", n)
	}
	hist, err := os.ReadFile(filepath.Join(dir, "toolbench.tests.json"))
	if err != nil || !strings.Contains(string(hist), `"$MEMO_TOKEN"`) {
		t.Errorf("the saved test does not refer to the secret by name (%v):\n%s", err, hist)
	}

	// The saved collection passes against the server it was saved from.
	writeMemoTools(t, tools, memoToolsBefore)
	bin := toolbenchBinary(t)
	cmd := exec.Command(bin, "test", "toolbench.tests.json", "-e", "MEMO_TOKEN="+memoSecret, "--", bin, "mock", "--tools-file", tools)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "XDG_STATE_HOME="+filepath.Join(dir, "state"))
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "PASS echo-1") {
		t.Errorf("toolbench test on the saved collection: %v\n%s", err, out)
	}
}

func writeMemoTools(t *testing.T, path, tools string) {
	t.Helper()
	if !json.Valid([]byte(tools)) {
		t.Fatalf("the test's tools are not JSON:\n%s", tools)
	}
	if err := os.WriteFile(path, []byte(tools), 0o600); err != nil {
		t.Fatal(err)
	}
}
