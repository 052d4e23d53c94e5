package root

import (
	"strings"
	"testing"
)

// openResearch opens simulate-research-query, which server-everything
// runs only as a task, and types the topic into its first field.
func openResearch(s *tmuxScreen, topic string) {
	s.t.Helper()
	s.openTool("research", "simulate-research-query")
	s.waitFor(e2eWait, "task required")
	s.text(topic)
	s.keys("Enter")
}

// TestTUIEverythingResearchTask calls simulate-research-query without
// ceremony: the result area shows the task, its status moving through the
// server's stages with the poll interval and TTL the server set, then the
// report. The Tasks screen lists the task as completed, with its tool,
// and enter fetches its result into the tool's Result tab.
func TestTUIEverythingResearchTask(t *testing.T) {
	t.Parallel()
	s := startEverything(t)
	openResearch(s, "tides")
	s.keys("C-s")
	s.waitFor(e2eWait, "calling simulate-research-query", "working", "poll every 1s · ttl 5m0s")
	// Four stages of a second each, polled every second: a poll may land
	// in any of them, and the message shows the one it saw.
	s.waitForAny(e2eWait, "Gathering sources...", "Analyzing content...", "Synthesizing findings...", "Generating report...")
	scr := s.waitFor(e2eWait, "Research Report: tides", "ran as task ", "completed")
	if strings.Contains(scr, "requires task augmentation") {
		t.Fatalf("the call was not sent as a task:\n%s", scr)
	}
	s.keys("M-t")
	// Listed by the server or seen in this session: the client knows
	// which; the row is the same.
	s.waitFor(e2eWait, "── Tasks", "completed  simulate-research-query")
	s.keys("Enter")
	s.waitFor(e2eWait, "[Result]", "Research Report: tides")
}

// TestTUIEverythingResearchClarification runs simulate-research-query
// with ambiguous=true: the server asks for a clarification through the
// task, the elicitation modal takes the answer, and the report carries it.
func TestTUIEverythingResearchClarification(t *testing.T) {
	t.Parallel()
	s := startEverything(t)
	openResearch(s, "python")
	s.selectRow("ambiguous")
	s.keys("Space", "C-s")
	s.waitFor(e2eWait, "The server asks: elicitation", "could have multiple interpretations", "Clarification")
	// The first interpretation is picked and sent.
	s.keys("Enter", "C-s")
	s.waitFor(e2eWait, "Research Report: python (programming)", "ran as task ", "completed")
}
