package root

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/internal/testkit"
)

// inlineRun is an inline code span of the README that runs toolbench;
// it may wrap onto the next line.
var inlineRun = regexp.MustCompile("`(toolbench [^`]+)`")

// readmeRuns are the toolbench command lines of README.md: inline code
// spans and the lines of code blocks, with the synopsis notation turned
// into words ([-o FILE] is -o FILE, get|cancel|result is get, ... goes).
func readmeRuns(text string) [][]string {
	var lines []string
	for _, m := range inlineRun.FindAllStringSubmatch(text, -1) {
		lines = append(lines, strings.ReplaceAll(m[1], "\n", " "))
	}
	inBlock := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inBlock = !inBlock
			continue
		}
		line = strings.TrimPrefix(strings.TrimSpace(line), "$ ")
		if inBlock && strings.HasPrefix(line, "toolbench ") {
			lines = append(lines, line)
		}
		if rest, ok := strings.CutPrefix(line, "go run ./cmd/"); inBlock && ok {
			lines = append(lines, rest)
		}
	}
	var runs [][]string
	for _, line := range lines {
		var words []string
		for _, w := range shellSplit(line) {
			w = strings.Trim(w, "[]")
			w, _, _ = strings.Cut(w, "|")
			if w == "N" { // --limit N
				w = "1"
			}
			if w != "" && w != "..." {
				words = append(words, w)
			}
		}
		runs = append(runs, words)
	}
	return runs
}

// TestReadmeCommandsParse: every toolbench command line of the README
// runs a command that exists, with flags it has, and writes toolbench's
// flags before the server, never after it: the README taught `snapshot
// TARGET -o FILE`, which gave -o to the server.
func TestReadmeCommandsParse(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	runs := readmeRuns(string(b))
	if len(runs) < 40 {
		t.Fatalf("found only %d toolbench lines in the README", len(runs))
	}
	for _, words := range runs {
		checkDocLine(t, words)
	}
}

// checkDocLine fails t when a documented command line has a problem.
func checkDocLine(t *testing.T, words []string) {
	t.Helper()
	if p := docLineProblem(words); p != "" {
		t.Errorf("%q: %s", words, p)
	}
}

// docLineProblem parses a documented command line with the real command
// tree, starting nothing, and says what is wrong with it: the command
// must exist, and its flags must be its own and stand before the server.
func docLineProblem(words []string) string {
	st := &streams{In: strings.NewReader(""), Out: &testkit.Buffer{}, Err: &testkit.Buffer{}}
	root := newRootCmd(testFactory(st))
	root.InitDefaultHelpCmd()
	c, rest, err := root.Find(words[1:])
	if err != nil || c == root && len(rest) > 0 && (rest[0] == "--" || rest[0] == "-" || !strings.HasPrefix(rest[0], "-")) {
		return fmt.Sprintf("names no command (%v)", err)
	}
	if !reach.IsTargetCommand(c) {
		if err := c.ParseFlags(rest); err != nil {
			return err.Error()
		}
		return ""
	}
	flags, ok := reach.FlagsAfterServer(c, words[1:])
	if !ok {
		return "a flag before the server is not one of " + c.CommandPath() + "'s"
	}
	if len(flags) > 0 {
		return fmt.Sprintf("%q after the server, where it is the server's", flags)
	}
	return ""
}

// TestDocLineChecker: the checker refuses what it is there to refuse.
func TestDocLineChecker(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		"toolbench snapshot TARGET -o FILE",
		"toolbench call echo http://h/mcp --json",
		"toolbench tools --jsn github",
		"toolbench frobnicate github",
		"toolbench history --lmit 3",
	} {
		if docLineProblem(shellSplit(line)) == "" {
			t.Errorf("%s: passed the check", line)
		}
	}
	if p := docLineProblem(shellSplit("toolbench call echo --json -- node s.js --json")); p != "" {
		t.Errorf("a flag after -- is the server's: %s", p)
	}
}

// quotedRun is a command line quoted in a --help text: 'toolbench ...'.
var quotedRun = regexp.MustCompile(`'(toolbench [^']+)'`)

// docCommands is every command of the tree; for the --help examples.
func docCommands() []*cobra.Command {
	st := &streams{In: strings.NewReader(""), Out: &testkit.Buffer{}, Err: &testkit.Buffer{}}
	return everyCommand(newRootCmd(testFactory(st)))
}

// TestHelpExamplesPutFlagsFirst: no --help example, and no command line a
// --help text quotes, writes toolbench's flags after the server (diff's
// help taught 'toolbench snapshot TARGET -o FILE').
func TestHelpExamplesPutFlagsFirst(t *testing.T) {
	t.Parallel()
	for _, c := range docCommands() {
		runs := exampleRuns(c.Example)
		for _, m := range quotedRun.FindAllStringSubmatch(c.Long, -1) {
			runs = append(runs, shellSplit(strings.ReplaceAll(m[1], "\n", " ")))
		}
		for _, words := range runs {
			checkDocLine(t, words)
		}
	}
}
