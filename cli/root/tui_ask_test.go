package root

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/peer"
)

// startEverything opens the workbench on server-everything over stdio in
// tmux, with the XDG directories in the test's temp dir, and waits for its
// tools, which include those that need elicitation, sampling and roots.
func startEverything(t *testing.T) *tmuxScreen {
	t.Helper()
	s := startEverythingAt(t, 120, 40)
	s.waitFor(e2eWait, "trigger-elicitation-request", "trigger-sampling-request", "get-roots-list")
	return s
}

// startEverythingAt is startEverything in a terminal of width×height,
// which may be too short to show every tool: it waits for the count (17
// with elicitation, sampling and roots declared).
func startEverythingAt(t *testing.T, width, height int) *tmuxScreen {
	t.Helper()
	bin := toolbenchBinary(t)
	dir := t.TempDir()
	argv := []string{"env", "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "XDG_STATE_HOME=" + filepath.Join(dir, "state"),
		"XDG_CONFIG_HOME=" + filepath.Join(dir, "config"), bin, "connect", peer.Node(t), peer.Entry(t, peer.Everything)}
	s := startTmux(t, width, height, argv...)
	s.waitFor(e2eWait, "● ready", "Tools 17")
	return s
}

// openTool filters the tool list to one tool and opens its form.
func (s *tmuxScreen) openTool(filter, name string) {
	s.t.Helper()
	s.keys("/")
	s.text(filter)
	s.keys("Enter", "Enter", "M-1")
	s.waitFor(e2eWait, name, "[Form]")
}

// selectRow presses Down until the form's cursor is on the row labelled
// label: the rows' order is the server's, not the test's.
func (s *tmuxScreen) selectRow(label string) {
	s.t.Helper()
	deadline := time.Now().Add(e2eWait)
	for !strings.Contains(s.screen(), "› "+label) {
		if time.Now().After(deadline) {
			s.t.Fatalf("no row %q to select:\n%s", label, s.screen())
		}
		s.keys("Down")
	}
}

// TestTUIEverythingElicitation answers trigger-elicitation-request
// through the modal: the defaults are filled in, the name is typed, and
// the server reports receiving all of them.
func TestTUIEverythingElicitation(t *testing.T) {
	t.Parallel()
	s := startEverything(t)
	s.openTool("elicitation", "trigger-elicitation-request")
	s.keys("C-s")
	s.waitFor(e2eWait, "The server asks: elicitation", "asks during the call of trigger-elicitation-request",
		"Please provide inputs for the following fields:", `"It was a dark and stormy night."`)
	s.selectRow("String *")
	s.text("Ada Lovelace")
	s.keys("Enter", "C-s")
	s.waitFor(e2eWait, "User provided the requested information!", "- Name: Ada Lovelace", "- Favorite Integer: 42",
		`"action": "accept"`, `"untitledSingleSelectEnum": "Monica"`, "trigger-elicitation-request ✓")
}

// TestTUIEverythingSampling answers trigger-sampling-request with a typed
// reply, and the server shows the result it got.
func TestTUIEverythingSampling(t *testing.T) {
	t.Parallel()
	s := startEverything(t)
	s.openTool("sampling", "trigger-sampling-request")
	s.text("capital of France?")
	s.keys("Enter", "C-s")
	s.waitFor(e2eWait, "The server asks: sampling request", "context: capital of France?", "You are a helpful test server.",
		"maxTokens: 100")
	s.text("The capital of France is Paris.")
	s.keys("C-s")
	s.waitFor(e2eWait, "LLM sampling result:", `"text": "The capital of France is Paris."`, `"model": "toolbench"`,
		`"stopReason": "endTurn"`, `"role": "assistant"`)
}

// TestTUIEverythingRoots adds a root on the roots screen, then
// get-roots-list shows it: the server was told the list changed and asked
// again.
func TestTUIEverythingRoots(t *testing.T) {
	t.Parallel()
	s := startEverything(t)
	root := t.TempDir()
	s.keys("M-o")
	s.waitFor(e2eWait, "Roots: the directories the server may use")
	s.keys("a")
	s.text(root)
	s.keys("Enter")
	s.waitFor(e2eWait, "added the root "+root)
	s.keys("Escape")
	s.openTool("roots", "get-roots-list")
	s.keys("C-s")
	s.waitFor(e2eWait, "Current MCP Roots (2 total)", "URI: file://"+root)
}

// TestTUIEverythingCancelInModal cancels the call while its elicitation
// is on screen: the modal closes and the call ends cancelled.
func TestTUIEverythingCancelInModal(t *testing.T) {
	t.Parallel()
	s := startEverything(t)
	s.openTool("elicitation", "trigger-elicitation-request")
	s.keys("C-s")
	s.waitFor(e2eWait, "The server asks: elicitation")
	s.keys("C-x")
	scr := s.waitFor(e2eWait, "Cancelled")
	if strings.Contains(scr, "The server asks") {
		t.Errorf("the modal is still open:\n%s", scr)
	}
}

// TestTUIEverythingLogLevel picks a log level with the picker, which the
// server takes, and the log shows its simulated messages with their level
// and data.
func TestTUIEverythingLogLevel(t *testing.T) {
	t.Parallel()
	s := startEverything(t)
	s.keys("M-v")
	s.waitFor(e2eWait, "Log level: the server's messages at this level and above")
	s.keys("Enter")
	s.waitFor(e2eWait, "log level debug: the server sends messages at this level and above")
	s.openTool("logging", "toggle-simulated-logging")
	s.keys("C-s")
	s.waitFor(e2eWait, "toggle-simulated-logging ✓")
	s.keys("M-l")
	s.waitFor(e2eWait, "-level message")
}
