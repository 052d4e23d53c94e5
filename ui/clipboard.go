package ui

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/toolbench/toolbench/target"
)

// copyKind is what a copy key puts on the clipboard.
type copyKind int

const (
	copyResult copyKind = iota
	copyArgs
	copyCommand
)

// copy puts the last result, its arguments or a toolbench call command
// line that repeats it on the clipboard with OSC 52, which works over SSH
// and in tmux.
func (m *Model) copy(what copyKind) tea.Cmd {
	t := m.detail.tool
	tr := m.calls.results[t.Name]
	if tr == nil {
		m.setStatus(levelInfo, "nothing to copy yet: call the tool first")
		return nil
	}
	var text, done string
	switch what {
	case copyResult:
		if tr.result == nil {
			m.setStatus(levelInfo, "the call failed; there is no result to copy")
			return nil
		}
		text, done = string(tr.result.Raw), "copied the result to the clipboard"
	case copyArgs:
		text, done = string(tr.args), "copied the arguments to the clipboard"
	case copyCommand:
		text, done = callCommand(t.Name, tr.args, m.copyTarget), "copied the command line to the clipboard"
		if len(m.copyVars) > 0 {
			done += "; set " + joinWords(m.copyVars) + " in the shell before running it"
		}
	}
	m.setStatus(levelOK, done)
	return tea.SetClipboard(text)
}

// callCommand is the `toolbench call` that repeats a call from a shell.
func callCommand(tool string, args []byte, target string) string {
	return "toolbench call " + shellQuote(tool) + " --args " + shellQuote(string(args)) + " " + target
}

// copyableTarget is the target as a copied command line names it: each
// URL's secrets replaced by references to shell variables, in double
// quotes so the shell fills them in, and the names of those variables.
func copyableTarget(t string) (string, []string) {
	words := strings.Split(t, " ")
	var vars []string
	for i, w := range words {
		if !strings.Contains(w, "://") {
			continue
		}
		// Escaped first, so that only the placeholders expand.
		out, names := target.Placeholders(doubleQuoteEscape(w))
		if len(names) > 0 {
			words[i] = `"` + out + `"`
			vars = append(vars, names...)
		}
	}
	return strings.Join(words, " "), vars
}

// doubleQuoteEscape escapes what a POSIX shell acts on inside double
// quotes.
func doubleQuoteEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "`", "\\`", `$`, `\$`).Replace(s)
}

// joinWords lists words as a sentence does: "A", "A and B", "A, B and C".
func joinWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// shellQuote quotes s for POSIX shells when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '-' || r == '_' || r == '.' || r == '/' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
