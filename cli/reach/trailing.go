package reach

import (
	"net/http"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/cli/shellword"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/target/secrets"
)

// targetAnnotation marks a command whose last words name a server (see
// TargetCommand): toolbench stops reading its flags where the server begins.
const targetAnnotation = "toolbench:target"

// TrailingFlagsError is a stdio server's command line holding words that
// are also the flags of the toolbench command: toolbench cannot know whom
// they were for, so it asks rather than guess. The spellings are the
// whole command line for either reading, secrets masked.
type TrailingFlagsError struct {
	// Flags are the words after the server's command that toolbench's
	// command takes as its own flags (with their values), quoted.
	Flags string
	// ForToolbench and ForServer are the command lines that say which.
	ForToolbench, ForServer string
}

// Error says which words are ambiguous and both ways to write them.
func (e *TrailingFlagsError) Error() string {
	return `"` + e.Flags + `" after the server command would go to the server, not to toolbench` + "\n" +
		"  to give it to toolbench, put it before the server and mark where the server begins with --:\n" +
		"    " + e.ForToolbench + "\n" +
		"  to pass it to the server, write -- before the server:\n" +
		"    " + e.ForServer
}

// PlaceTrailingFlags reads the words after the server target. toolbench
// reads its own flags only until the server begins, so the words after it
// are the server's; but after a URL, `sse URL`, `http URL`, a config name
// or a file (diff's side), nothing belongs to a server, and flags there are
// toolbench's: they are moved before the target (`snapshot URL -o f` means
// `snapshot -o f URL`). After a stdio command, a word that is also a flag
// of the command is refused with both spellings, unless a -- before the
// command said that everything after it is the server's. names says which
// words name a config entry or a file. The args are returned unchanged
// when there is nothing to do, or when the words before the target do not
// parse (cobra says why).
func PlaceTrailingFlags(root *cobra.Command, args []string, names Names) ([]string, error) {
	c, _, err := root.Find(args)
	if err != nil || !IsTargetCommand(c) {
		return args, nil
	}
	fs, words, start, explicit, ok := locate(c, args)
	if !ok || explicit || start == len(words) {
		return args, nil
	}
	tgt := words[start:]
	prefix := args[:len(args)-len(tgt)]
	if len(tgt) == 1 {
		return args, nil
	}
	if n, strict := closedTarget(tgt, flagValue(words, "config"), names); n > 0 {
		trailing := tgt[n:]
		if len(trailing) == 0 || !allFlags(fs, trailing, strict) {
			return args, nil
		}
		out := append(append(append([]string{}, prefix...), trailing...), tgt[:n]...)
		return out, nil
	}
	server := tgt
	if tgt[0] == "stdio" {
		if len(tgt) > 1 && tgt[1] == "--" {
			return args, nil
		}
		server = tgt[1:]
	}
	flags, rest := ownFlags(fs, server)
	if len(flags) == 0 {
		return args, nil
	}
	mask := hintSecrets(fs, append(append([]string{}, prefix...), tgt...))
	line := func(parts ...[]string) string {
		var all []string
		for _, p := range parts {
			all = append(all, p...)
		}
		return string(mask.ScrubText([]byte(quoteWords(all))))
	}
	return nil, usage.Error{Err: &TrailingFlagsError{Flags: line(flags),
		ForToolbench: line([]string{"toolbench"}, prefix, flags, []string{"--"}, rest),
		ForServer:    line([]string{"toolbench"}, prefix, []string{"--"}, server)}}
}

// IsTargetCommand reports whether c takes a TARGET (TargetCommand).
func IsTargetCommand(c *cobra.Command) bool { return c.Annotations[targetAnnotation] != "" }

// FlagsAfterServer is what a line of documentation must not hold: the
// words after the server that are flags of c, the target command args
// run (the words after "toolbench"). toolbench reads its own flags only
// before the server, so there they would be the server's, unless a --
// before the server said so; ok is false when a word before the server
// is no flag of c's.
func FlagsAfterServer(c *cobra.Command, args []string) (flags []string, ok bool) {
	fs, words, start, explicit, ok := locate(c, args)
	if !ok || explicit || start == len(words) {
		return nil, ok
	}
	flags, _ = ownFlags(fs, words[start:])
	return flags, true
}

// locate reads args, the words of a command line after "toolbench", for
// the target command c: its flags, the words after its name, and where
// the target begins among them (targetStart).
func locate(c *cobra.Command, args []string) (fs *pflag.FlagSet, words []string, start int, explicit, ok bool) {
	c.InitDefaultHelpFlag()
	fs = flagsOf(c)
	words = afterCommand(c, args)
	start, explicit, ok = targetStart(fs, words, leadingWords(c.Use))
	return fs, words, start, explicit, ok
}

// flagsOf is every flag c reads: its own and those it inherits.
func flagsOf(c *cobra.Command) *pflag.FlagSet {
	fs := pflag.NewFlagSet(c.Name(), pflag.ContinueOnError)
	fs.AddFlagSet(c.Flags())
	fs.AddFlagSet(c.InheritedFlags())
	return fs
}

// afterCommand is args without the words naming c and its parents, which
// Find accepts anywhere before the first positional.
func afterCommand(c *cobra.Command, args []string) []string {
	names := strings.Fields(c.CommandPath())[1:]
	out := make([]string, 0, len(args))
	for i, a := range args {
		if len(names) > 0 && a == names[0] {
			names = names[1:]
			continue
		}
		if len(names) == 0 {
			return append(out, args[i:]...)
		}
		out = append(out, a)
	}
	return out
}

// leadingWords is how many positional words a command's Use names before
// the server (call TOOL [flags] TARGET: one; diff [flags] OLD [flags] NEW:
// one, NEW being the target); a flag's value (--tool T) does not count.
func leadingWords(use string) int {
	n, value := 0, false
	for _, w := range strings.Fields(use)[1:] {
		switch {
		case strings.Contains(w, "TARGET") || w == "NEW":
			return n
		case value:
			value = false
		case strings.HasPrefix(w, "-"):
			value = true
		case strings.Trim(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == "":
			n++
		}
	}
	return n
}

// targetStart finds where the target begins in words: after the flags and
// the lead positional words. explicit reports a -- right before it; ok is
// false when a word before it is no flag of fs.
func targetStart(fs *pflag.FlagSet, words []string, lead int) (start int, explicit, ok bool) {
	for i := 0; i < len(words); {
		w := words[i]
		switch {
		case w == "--":
			return i + 1, true, true
		case isFlagWord(w):
			n, known := flagWidth(fs, words[i:])
			if !known {
				return 0, false, false
			}
			i += n
		case lead > 0:
			lead--
			i++
		default:
			return i, false, true
		}
	}
	return len(words), false, true
}

// isFlagWord reports whether w is written as a flag.
func isFlagWord(w string) bool { return len(w) > 1 && w[0] == '-' && w != "--" }

// flagWidth is how many words the flag at words[0] takes (1, or 2 when
// its value is the next word); known is false for a flag fs lacks.
func flagWidth(fs *pflag.FlagSet, words []string) (int, bool) {
	f, inline := lookupFlag(fs, words[0])
	if f == nil {
		return 1, false
	}
	if inline || f.NoOptDefVal != "" || len(words) < 2 {
		return 1, true
	}
	return 2, true
}

// lookupFlag finds the flag w names: --name, --name=value, -x, -xVALUE
// or a group of one-letter booleans (-vh); inline reports a value in w.
func lookupFlag(fs *pflag.FlagSet, w string) (f *pflag.Flag, inline bool) {
	if strings.HasPrefix(w, "--") {
		name, _, hasValue := strings.Cut(w[2:], "=")
		return fs.Lookup(name), hasValue
	}
	for i := 1; i < len(w); i++ {
		f = fs.ShorthandLookup(w[i : i+1])
		if f == nil {
			return nil, false
		}
		if f.NoOptDefVal == "" {
			// A flag with a value takes the rest of the word, if any.
			return f, i+1 < len(w)
		}
	}
	return f, true
}

// Names say which words name a server after which nothing of the
// server's can follow, besides URLs and demo, which every command knows.
type Names struct {
	// Defines reports whether a config file (configFile, or the search
	// path) defines name, and the problem of a file that cannot be
	// parsed; nil means no name is looked up.
	Defines func(name, configFile string) (bool, error)
	// File reports whether word names a file a command reads in place of
	// a server (a snapshot, for diff); nil means none does.
	File func(word string) bool
}

// closedTarget is how many words of tgt name a server after which nothing
// of the server's can follow: a URL, `sse URL`, `http URL`, demo, a config
// name or a snapshot file; 0 for a command to start. strict is true when
// the word is a config name only maybe, a config file being broken: only
// words that are surely toolbench's flags are moved then (npx -y stays).
func closedTarget(tgt []string, configFile string, names Names) (n int, strict bool) {
	w := tgt[0]
	switch {
	case target.LooksLikeURL(w), w == target.DemoWord:
		return 1, false
	case (w == "sse" || w == "http") && len(tgt) > 1:
		return 2, false
	case w == "stdio":
		return 0, false
	case names.File != nil && names.File(w):
		return 1, false
	case names.Defines == nil:
		return 0, false
	}
	found, err := names.Defines(w, configFile)
	switch {
	case found:
		return 1, false
	case err != nil:
		return 1, true
	}
	return 0, false
}

// flagValue is the value words give the long flag name (the last one
// given, before the target or after it), or "".
func flagValue(words []string, name string) string {
	value := ""
	for i, w := range words {
		if v, ok := strings.CutPrefix(w, "--"+name+"="); ok {
			value = v
		}
		if w == "--"+name && i+1 < len(words) {
			value = words[i+1]
		}
	}
	return value
}

// allFlags reports whether words are only flags and their values: what
// may follow a target that takes no words of its own. Flags fs lacks
// count unless strict, so that cobra names them with a suggestion.
func allFlags(fs *pflag.FlagSet, words []string, strict bool) bool {
	for i := 0; i < len(words); {
		if !isFlagWord(words[i]) {
			return false
		}
		n, known := flagWidth(fs, words[i:])
		if strict && !known {
			return false
		}
		i += n
	}
	return true
}

// ownFlags splits a server's words into those that are flags of fs (with
// their values) and the rest.
func ownFlags(fs *pflag.FlagSet, server []string) (flags, rest []string) {
	rest = append(rest, server[0])
	for i := 1; i < len(server); {
		w := server[i]
		if f, _ := lookupFlag(fs, w); isFlagWord(w) && f != nil {
			n, _ := flagWidth(fs, server[i:])
			flags = append(flags, server[i:i+n]...)
			i += n
			continue
		}
		rest = append(rest, w)
		i++
	}
	return flags, rest
}

// hintSecrets are the values of -e and -H in words, which a hint must
// not echo: it is read on a terminal and in CI logs.
func hintSecrets(fs *pflag.FlagSet, words []string) *secrets.Set {
	t := target.Target{Header: http.Header{}}
	for i := 0; i < len(words); i++ {
		f, inline := lookupFlag(fs, words[i])
		if f == nil || !isFlagWord(words[i]) || f.NoOptDefVal != "" {
			continue
		}
		value := ""
		switch {
		case inline && strings.HasPrefix(words[i], "--"):
			_, value, _ = strings.Cut(words[i], "=")
		case inline:
			value = words[i][2:]
		case i+1 < len(words):
			i++
			value = words[i]
		}
		switch f.Name {
		case "env":
			t.Env = append(t.Env, value)
		case "header":
			name, v, _ := strings.Cut(value, ":")
			t.Header.Add(strings.TrimSpace(name), strings.TrimSpace(v))
		}
	}
	return t.Secrets()
}

// quoteWords joins literal words as a shell would read them back.
func quoteWords(words []string) string {
	ws := make([]shellword.Word, len(words))
	for i, w := range words {
		ws[i] = shellword.Lit(w)
	}
	return shellword.Join(ws)
}
