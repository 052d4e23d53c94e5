package lint

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"

	"github.com/toolbench/toolbench/tool"
)

// toolNamePattern is what MCP clients accept as a tool name; Anthropic and
// OpenAI are stricter still, which compatibility checks cover.
var toolNamePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_.-]{1,128}$`) })

// toolRules judges the tool object itself: its name and its description.
// firstIndex remembers where each name was first seen.
func (l *linter) toolRules(t tool.Tool, i int, firstIndex map[string]int) {
	if !toolNamePattern().MatchString(t.Name) {
		l.add(ruleToolNameInvalid, "/name", "", fmt.Sprintf("the tool name %s is not 1-128 letters, digits, _ . or -", quoteText(t.Name)),
			fmt.Sprintf("rename the tool to %q", cleanToolName(t.Name)))
	}
	if first, ok := firstIndex[t.Name]; ok {
		l.add(ruleToolNameDuplicate, "/name", "", fmt.Sprintf("tool #%d is also named %s; a model can call only one of them", first+1, quoteText(t.Name)),
			"give every tool a distinct name, e.g. by adding what this one does differently")
	} else {
		firstIndex[t.Name] = i
	}
	l.toolTextRules(t)
	desc := strings.TrimSpace(t.Description)
	if desc == "" {
		l.add(ruleToolDescMissing, "/description", "", "the tool has no description",
			"add a description that says what the tool does, what it returns and when to use it")
		return
	}
	if why := vagueness(desc, t.Name, t.Title); why != "" {
		l.add(ruleToolDescVague, "/description", "", fmt.Sprintf("the description %s %s", quoteText(desc), why),
			fmt.Sprintf("write one or two sentences: what %s does, what it returns, and when a model should call it", t.Name))
	}
}

// cleanToolName turns a name into one the pattern accepts.
func cleanToolName(name string) string {
	clean := strings.Map(func(r rune) rune {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("_.-", r)) {
			return r
		}
		return '_'
	}, name)
	if len(clean) > 128 {
		clean = clean[:128]
	}
	if strings.Trim(clean, "_") == "" {
		return "do_something"
	}
	return clean
}

// Below these a description cannot say what the tool does, returns and is
// for. Chinese packs about a word into two characters, so each Han
// character counts as half a word and as three letters.
const (
	vagueMinWords   = 4
	vagueMinLetters = 20
)

// vagueness says why a tool description is vague, or "".
func vagueness(desc, name, title string) string {
	core := strings.TrimRightFunc(desc, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	bare := lettersOnly(core)
	switch {
	case bare == lettersOnly(name) || (title != "" && bare == lettersOnly(title)):
		return "only repeats the tool's name"
	case namesTheTool(core):
		return "only names the tool; it says neither what it returns nor when to use it"
	}
	newWordSet, size := descriptionSize(core)
	if newWordSet < vagueMinWords || size < vagueMinLetters {
		return "is too short to say what the tool does, what it returns and when to use it"
	}
	return ""
}

// namesTheTool matches the seed's "天气工具" pattern: a word or two and
// then "tool".
func namesTheTool(s string) bool {
	lower := strings.ToLower(s)
	for _, suffix := range [...]string{"工具", " tool", " tools"} {
		if rest, ok := strings.CutSuffix(lower, suffix); ok {
			newWordSet, _ := descriptionSize(rest)
			return newWordSet <= 3
		}
	}
	return false
}

// lettersOnly keeps the lower-cased letters and digits of s: "Get weather"
// and "get_weather" compare equal.
func lettersOnly(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// descriptionSize measures text in words and letters, counting each CJK
// character as half a word and three letters.
func descriptionSize(s string) (newWordSet, size int) {
	cjk, inWord := 0, false
	for _, r := range s {
		switch {
		case isCJKRune(r):
			cjk++
			size += 3
			inWord = false
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if !inWord {
				newWordSet++
			}
			inWord = true
			size++
		default:
			inWord = false
			if !unicode.IsSpace(r) {
				size++
			}
		}
	}
	return newWordSet + cjk/2, size
}

// isCJKRune reports whether r is a Chinese, Japanese or Korean letter.
func isCJKRune(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}
