package lint

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/tool"
)

// invisibleShown is how many hidden characters a message lists before it
// counts the rest.
const invisibleShown = 5

// toolTextRules judge the tool's own name, titles and description for
// characters that draw as nothing.
func (l *linter) toolTextRules(t tool.Tool) {
	for _, f := range []struct{ ptr, what, text string }{
		{"/name", "the tool name", t.Name},
		{"/title", "the title", t.Title},
		{"/annotations/title", "the annotation title", t.Annotations.Title},
		{"/description", "the description", t.Description},
	} {
		l.invisibleText(f.ptr, "", f.what, f.text)
	}
}

// invisibleRule judges one schema level's title, description and property
// names. It holds for output schemas too: a model reads those as well.
func (w *walker) invisibleRule(n *jsondoc.Value, at schemaPlace) {
	field := at.field
	if w.doc.output {
		field = ""
	}
	for _, key := range []string{"title", "description"} {
		if s, ok := n.GetString(key); ok {
			w.invisibleText(n.Pointer()+"/"+key, field, "the "+key, s)
		}
	}
	if props := n.Get("properties"); props != nil && props.IsObject() {
		for _, name := range props.Keys() {
			w.invisibleText(jsondoc.Join(props.Pointer(), name), field, "the parameter name "+quoteText(name), name)
		}
	}
}

// invisibleText reports the hidden characters of text at ptr: tag
// characters as an error (they spell text a model reads and a person never
// sees), the others as a warning (they hide text, or make two names that
// differ look the same).
func (l *linter) invisibleText(ptr, field, what, text string) {
	found := termsafe.Find(text)
	if len(found) == 0 {
		return
	}
	var tags, others []termsafe.Hidden
	for _, h := range found {
		if h.Tag() {
			tags = append(tags, h)
		} else {
			others = append(others, h)
		}
	}
	if len(tags) > 0 {
		l.add(ruleTextTagChars, ptr, field,
			fmt.Sprintf("%s holds %s (%s), invisible text that reads %q to a model", what, count(len(tags), "a Unicode tag character", "Unicode tag characters"), listHidden(tags), decodeTags(tags)),
			"remove the tag characters: nothing a person can read needs them")
	}
	if len(others) > 0 {
		l.add(ruleTextInvisible, ptr, field,
			fmt.Sprintf("%s holds %s (%s): a person sees nothing there", what, count(len(others), "an invisible character", "invisible characters"), listHidden(others)),
			"remove them, or write what they stand for visibly")
	}
}

// count says how many: one or several.
func count(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// listHidden names the characters and their byte offsets, the first few.
func listHidden(hs []termsafe.Hidden) string {
	parts := make([]string, 0, invisibleShown+1)
	for i, h := range hs {
		if i == invisibleShown {
			parts = append(parts, fmt.Sprintf("and %d more", len(hs)-i))
			break
		}
		parts = append(parts, fmt.Sprintf("%U at byte %d", h.Rune, h.Offset))
	}
	return strings.Join(parts, ", ")
}

// decodeTags spells tag characters as the ASCII they mirror (U+E0041 is
// "A"); the language tag and cancel tag, which mirror no printable
// character, are left out.
func decodeTags(hs []termsafe.Hidden) string {
	var b strings.Builder
	for _, h := range hs {
		if c := h.Rune - 0xe0000; c >= 0x20 && c < 0x7f {
			b.WriteRune(c)
		}
	}
	return b.String()
}
