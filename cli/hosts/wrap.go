package hosts

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// wrap breaks text into lines of at most width cells at spaces, the
// lines after the first starting with indent; a word wider than a line is
// cut with an ellipsis, so no line passes width.
func wrap(text string, width int, indent string) []string {
	words := strings.Fields(text)
	if len(words) > 0 {
		// The text's own indent is the first line's.
		words[0] = text[:len(text)-len(strings.TrimLeft(text, " "))] + words[0]
	}
	return wrapItems(words, " ", width, indent)
}

// wrapItems is wrap over items that must not break ("CC claude-code"),
// joined by sep on a line.
func wrapItems(items []string, sep string, width int, indent string) []string {
	var lines []string
	line := ""
	for _, word := range items {
		switch {
		case line == "":
			line = word
		case ansi.StringWidth(line)+ansi.StringWidth(sep)+ansi.StringWidth(word) <= width:
			line += sep + word
		default:
			lines = append(lines, ansi.Truncate(line, width, "…"))
			line = indent + word
		}
	}
	if line != "" {
		lines = append(lines, ansi.Truncate(line, width, "…"))
	}
	return lines
}

// wrapLabel wraps text after a label that keeps its padding ("    fix:
// "), the lines after the first starting with indent.
func wrapLabel(label, text string, width int, indent string) []string {
	words := strings.Fields(text)
	if len(words) == 0 {
		return nil
	}
	words[0] = label + words[0]
	return wrapItems(words, " ", width, indent)
}
