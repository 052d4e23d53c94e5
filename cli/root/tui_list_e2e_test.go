package root

import (
	"path/filepath"
	"strings"
	"testing"
)

// githubTools is the GitHub reference server's tool list, whose five
// get_pull_request_* names the old 24-column list cut to one text.
var githubTools = filepath.Join("..", "..", "ui", "testdata", "corpus", "github.tools.json")

// TestTUIListTellsToolsApart: on a mock of GitHub's tools at 80 columns
// every get_pull_request_* name reads whole; narrowed to 60 columns (the
// list at its 24) the cut rows still all differ.
func TestTUIListTellsToolsApart(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	s := startTmux(t, 80, 40, bin, "connect", "--", bin, "mock", "--tools-file", githubTools)
	scr := s.waitFor(e2eWait, "● ready", "Tools 26")
	for _, name := range []string{"get_pull_request ", "get_pull_request_files ", "get_pull_request_status ",
		"get_pull_request_comments ", "get_pull_request_reviews ", "update_pull_request_branch "} {
		if !strings.Contains(scr, "  "+name) {
			t.Errorf("%q is not shown whole at 80 columns:\n%s", name, scr)
		}
	}
	s.tmux("resize-window", "-t", "main", "-x", "60", "-y", "40")
	scr = s.waitFor(e2eWait, "get_pu…")
	seen := map[string]bool{}
	for _, l := range strings.Split(scr, "\n")[2:28] {
		row := []rune(l)
		name := strings.Fields(string(row[2:min(len(row), 24)]))
		if len(name) == 0 {
			t.Fatalf("an empty row in the list:\n%s", scr)
		}
		if seen[name[0]] {
			t.Errorf("two rows read %q at 60 columns:\n%s", name[0], scr)
		}
		seen[name[0]] = true
	}
}

// TestTUIEnterLandsOnForm: after a call the Result tab is up; going back
// to the list and opening the next tool shows its form, and what is typed
// goes into it: the Result tab's y and c do not copy.
func TestTUIEnterLandsOnForm(t *testing.T) {
	t.Parallel()
	bin := toolbenchBinary(t)
	s := startTmux(t, 120, 36, bin, "connect", "--", bin, "mock", "--tools-file", githubTools)
	s.waitFor(e2eWait, "● ready", "Tools 26")
	s.keys("/")
	s.text("search_users")
	s.keys("Enter", "Enter")
	s.waitFor(e2eWait, "[Form]", "q *")
	s.text("ada")
	s.keys("Enter", "C-s")
	s.waitFor(e2eWait, "[Result]", "mock search_users called with arguments")
	s.keys("Escape", "/", "Escape")
	s.keys("/")
	s.text("get_issue")
	s.keys("Enter", "Enter")
	s.waitFor(e2eWait, "[Form]", "owner *")
	s.text("yc")
	scr := s.waitFor(e2eWait, `"owner": "yc"`)
	if strings.Contains(scr, "copied") {
		t.Errorf("a copy key fired:\n%s", scr)
	}
}
