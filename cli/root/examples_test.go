package root

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/internal/testkit"
)

// everyCommand is every command a person can run, the root included:
// cobra's help command and hidden commands are left out.
func everyCommand(root *cobra.Command) []*cobra.Command {
	out := []*cobra.Command{root}
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			out = append(out, everyCommand(c)...)
		}
	}
	return out
}

// exampleRuns are the toolbench command lines of an Examples section, split
// into words as a shell would (quotes removed, variables left as written),
// up to a pipe or redirection; comment lines are skipped.
func exampleRuns(example string) [][]string {
	var runs [][]string
	for _, line := range strings.Split(example, "\n") {
		line = strings.TrimSpace(line)
		at := strings.Index(line, "toolbench ")
		if strings.HasPrefix(line, "#") || at < 0 {
			continue
		}
		runs = append(runs, shellSplit(line[at:]))
	}
	return runs
}

// shellSplit splits s into words at blanks outside quotes, stopping at
// the first unquoted operator (| > < ; & or a closing parenthesis).
func shellSplit(s string) []string {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'' && c == '\'', quote == '"' && c == '"':
			quote = 0
		case quote == '"' && c == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0:
			i++
			cur.WriteByte(s[i])
		case quote != 0:
			cur.WriteByte(c)
		case c == '\'' || c == '"':
			quote, inWord = c, true
		case c == ' ' || c == '\t':
			if inWord {
				words, inWord = append(words, cur.String()), false
				cur.Reset()
			}
		case strings.IndexByte("|><;&)", c) >= 0:
			if inWord {
				words = append(words, cur.String())
			}
			return words
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words
}

// leadingArgs is how many positional words a command's Use names before
// its flags (call TOOL [flags] TARGET: one); the command reads its flags
// again after them.
func leadingArgs(use string) int {
	n := 0
	for _, w := range strings.Fields(use)[1:] {
		if strings.HasPrefix(w, "[") || strings.HasPrefix(w, "(") || strings.HasPrefix(w, "-") {
			break
		}
		n++
	}
	return n
}

// TestEveryCommandHasExamples: every command's --help has an Examples
// section, every toolbench line in it runs that command (or one of its
// subcommands) with flags it has, and a command that names a server shows
// one by URL, one by config name and, unless it is about OAuth, one over
// stdio.
func TestEveryCommandHasExamples(t *testing.T) {
	t.Parallel()
	st := &streams{In: strings.NewReader(""), Out: &testkit.Buffer{}, Err: &testkit.Buffer{}}
	for _, cmd := range everyCommand(newRootCmd(testFactory(st))) {
		t.Run(cmd.CommandPath(), func(t *testing.T) {
			t.Parallel()
			if !cmd.HasExample() {
				t.Fatalf("%s has no Examples section", cmd.CommandPath())
			}
			runs := exampleRuns(cmd.Example)
			if len(runs) == 0 {
				t.Fatalf("the examples of %s run no toolbench command:\n%s", cmd.CommandPath(), cmd.Example)
			}
			for _, words := range runs {
				checkExample(t, cmd, words)
			}
			if !strings.Contains(cmd.Use, "TARGET") {
				return
			}
			kinds := map[string]string{"a URL": "://", "a config name": " github"}
			if !strings.HasPrefix(cmd.CommandPath(), "toolbench auth") {
				kinds["a stdio server"] = " -- "
			}
			for kind, mark := range kinds {
				if !strings.Contains(cmd.Example, mark) {
					t.Errorf("the examples of %s name no server by %s:\n%s", cmd.CommandPath(), kind, cmd.Example)
				}
			}
		})
	}
}

// checkExample parses one example line's flags as cmd's would be, on a
// root of its own (parsing sets the flags).
func checkExample(t *testing.T, cmd *cobra.Command, words []string) {
	t.Helper()
	st := &streams{In: strings.NewReader(""), Out: &testkit.Buffer{}, Err: &testkit.Buffer{}}
	root := newRootCmd(testFactory(st))
	root.InitDefaultHelpCmd()
	c, rest, err := root.Find(words[1:])
	if p := cmd.CommandPath(); err != nil || c.CommandPath() != p && !strings.HasPrefix(c.CommandPath(), p+" ") {
		t.Errorf("%q runs %s, not %s (%v)", words, c.CommandPath(), cmd.CommandPath(), err)
		return
	}
	if err := c.ParseFlags(rest); err != nil {
		t.Errorf("%q: %v", words, err)
		return
	}
	if n := leadingArgs(c.Use); n > 0 && len(c.Flags().Args()) >= n {
		if err := c.Flags().Parse(c.Flags().Args()[n:]); err != nil {
			t.Errorf("%q: %v", words, err)
		}
	}
}

// TestExampleWords: the splitter the examples test reads lines with.
func TestExampleWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line string
		want []string
	}{
		{`toolbench call echo --args '{"a":"b c"}' -- node x`, []string{"toolbench", "call", "echo", "--args", `{"a":"b c"}`, "--", "node", "x"}},
		{`toolbench tools -H "Authorization: Bearer $TOKEN" http://h/mcp > tools.json`,
			[]string{"toolbench", "tools", "-H", "Authorization: Bearer $TOKEN", "http://h/mcp"}},
		{`toolbench completion bash)`, []string{"toolbench", "completion", "bash"}},
		{`toolbench x "a \"q\""`, []string{"toolbench", "x", `a "q"`}},
	}
	for _, tt := range tests {
		if got := shellSplit(tt.line); strings.Join(got, "\x00") != strings.Join(tt.want, "\x00") {
			t.Errorf("shellSplit(%s) = %q, want %q", tt.line, got, tt.want)
		}
	}
}
