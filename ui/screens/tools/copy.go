package tools

import (
	"strings"

	"github.com/toolbench/toolbench/ui/render"
	"github.com/toolbench/toolbench/ui/screen"
)

// copyKind is what a copy key puts on the clipboard.
type copyKind int

const (
	copyResult copyKind = iota
	copyArgs
	copyCommand
)

// copy asks the root to put the last result, its arguments or a
// toolbench call command line that repeats it on the clipboard.
func (s *Screen) copy(what copyKind) {
	t := s.detail.tool
	tr := s.calls.results[t.Name]
	if tr == nil {
		s.status(render.LevelInfo, "nothing to copy yet: call the tool first")
		return
	}
	c := screen.Copy{}
	switch what {
	case copyResult:
		if tr.result == nil {
			s.status(render.LevelInfo, "the call failed; there is no result to copy")
			return
		}
		c.Text, c.What = string(tr.result.Raw), "the result"
	case copyArgs:
		c.Text, c.What = string(tr.args), "the arguments"
	case copyCommand:
		if s.d.Command == nil {
			s.status(render.LevelInfo, "this workbench cannot write a command line for its server")
			return
		}
		var vars []string
		c.Text, vars = s.d.Command(t.Name, tr.args)
		c.What = "the command line"
		if len(vars) > 0 {
			c.Then = "; set " + joinWords(vars) + " in the shell before running it"
		}
	}
	s.acts = append(s.acts, c)
}

// joinWords lists words as a sentence does: "A", "A and B", "A, B and C".
func joinWords(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
