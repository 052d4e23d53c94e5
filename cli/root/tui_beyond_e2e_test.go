package root

import (
	"testing"

	"github.com/toolbench/toolbench/internal/peer"
)

// startEverythingTUI runs the workbench on server-everything over stdio and
// waits for its tools.
func startEverythingTUI(t *testing.T) *tmuxScreen {
	t.Helper()
	bin := toolbenchBinary(t)
	s := startTmux(t, 120, 36, bin, "connect", peer.Node(t), peer.Entry(t, peer.Everything))
	s.waitFor(e2eWait, "● ready", "Tools 17")
	return s
}

// TestTUIEverythingResources: the resources screen lists
// server-everything's seven documents and two templates, reads one, and
// reads a template's URI filled in through its form.
func TestTUIEverythingResources(t *testing.T) {
	t.Parallel()
	s := startEverythingTUI(t)
	s.keys("M-e")
	s.waitFor(e2eWait, "Resources 7 · templates 2", "architecture.md", "⧉ Dynamic Text Resource")
	s.keys("Enter")
	s.waitFor(e2eWait, "Resource demo://resource/static/document/architecture.md", "text · text/markdown", "Architecture")
	s.keys("Escape", "/")
	s.text("Dynamic Text")
	s.keys("Enter", "Enter")
	s.waitFor(e2eWait, "Template demo://resource/dynamic/text/{resourceId}", "resourceId")
	s.keys("C-s")
	s.waitFor(e2eWait, "the variable resourceId is empty")
	s.text("7")
	s.waitFor(e2eWait, "→ demo://resource/dynamic/text/7")
	s.keys("C-s")
	s.waitFor(e2eWait, "Resource demo://resource/dynamic/text/7", "Resource 7: This is a plaintext resource")
}

// TestTUIEverythingArgsPrompt: args-prompt with its city filled comes
// back as a conversation.
func TestTUIEverythingArgsPrompt(t *testing.T) {
	t.Parallel()
	s := startEverythingTUI(t)
	s.keys("M-p")
	s.waitFor(e2eWait, "Prompts 4", "args-prompt(city*, state)", "completable-prompt(department*, name*)")
	s.keys("/")
	s.text("args")
	s.keys("Enter", "Enter")
	s.waitFor(e2eWait, "Prompt args-prompt", "Name of the city")
	s.text("Oslo")
	s.keys("C-s")
	s.waitFor(e2eWait, "[0] user · text", "What's weather in Oslo?")
}

// TestTUIEverythingCompletions: completable-prompt's department is
// suggested as it is typed, the suggestion taken, and the name's
// suggestions follow from the department chosen.
func TestTUIEverythingCompletions(t *testing.T) {
	t.Parallel()
	s := startEverythingTUI(t)
	s.keys("M-p")
	// Keys typed before the list arrives filter and open nothing.
	s.waitFor(e2eWait, "Prompts 4", "completable-prompt(department*, name*)")
	s.keys("/")
	s.text("completable")
	s.keys("Enter", "Enter")
	s.waitFor(e2eWait, "Prompt completable-prompt", "department")
	s.text("S")
	s.waitFor(e2eWait, "suggestions for department", "› Sales", "Support")
	s.keys("M-Down")
	s.waitFor(e2eWait, "› Support")
	s.keys("C-y")
	s.waitFor(e2eWait, "Support")
	s.keys("Down")
	s.text("K")
	s.waitFor(e2eWait, "suggestions for name", "› Kim")
	s.keys("C-y", "C-s")
	s.waitFor(e2eWait, "Please promote Kim to the head of the Support team.")
}
