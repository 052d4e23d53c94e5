package render

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/theme"
)

// descriptionRows is how much of a tool's description sits above the
// tabs; the Meta tab shows all of it.
const descriptionRows = 3

// ToolHeading is the top of the detail pane: the tool's title (and name,
// when the title differs), its task and app badges, its hints' badges, and up to three rows of its
// description, the last one ending in "…" when there is more.
func ToolHeading(st *theme.Styles, t tool.Tool, width int) []string {
	// Text is cut to the width before it is styled: a server's
	// 100,000-character name costs what a screenful does.
	title := st.Title.Render(safeLine(t.DisplayTitle(), width))
	if t.DisplayTitle() != t.Name {
		title += st.Muted.Render("  " + safeLine(t.Name, width))
	}
	badges := Badges(st, t.Annotations)
	if ext := ExtensionBadges(st, t); ext != "" {
		badges = ext + " " + badges
	}
	lines := []string{Clip(title+"  "+badges, width)}
	desc := Wrap(termsafe.Text(t.Description), width)
	if len(desc) > descriptionRows {
		desc = append(desc[:descriptionRows-1], Clip(desc[descriptionRows-1], width-1)+"…")
	}
	for _, l := range desc {
		lines = append(lines, st.Text.Render(l))
	}
	return lines
}

// ToolHeadingRows is how many rows ToolHeading draws for t, without
// drawing them.
func ToolHeadingRows(t tool.Tool, width int) int {
	return 1 + min(descriptionRows, len(Wrap(termsafe.Text(t.Description), width)))
}

// Finding is one lint or compatibility finding: severity, the providers
// it blocks, rule and pointer on the first row, the message wrapped below,
// and, when the finding is selected, a "›" mark and its fix. The pointer is
// what leads to the field, so a narrow row keeps it whole and cuts the
// rule; when rule and pointer cannot share the row, the pointer gets its
// own, cut from the left if it must be.
func Finding(st *theme.Styles, f check.Finding, width int, selected bool) []string {
	lines := findingHead(st, f, width, selected)
	for _, l := range Wrap(termsafe.Text(f.Message), width-4) {
		lines = append(lines, "    "+st.Text.Render(l))
	}
	if f.Fix != "" && selected {
		for _, l := range Wrap("fix: "+termsafe.Text(f.Fix), width-4) {
			lines = append(lines, "    "+st.Help.Render(l))
		}
	}
	return lines
}

// ruleFloor is the least of the rule a narrow finding row keeps beside
// the blocked providers and the pointer before the pointer moves to a row
// of its own.
const ruleFloor = 12

// findingHead is a finding's first row, or two when the pointer needs a
// row to itself.
func findingHead(st *theme.Styles, f check.Finding, width int, selected bool) []string {
	sev := st.Muted
	switch f.Severity {
	case check.Error:
		sev = st.Error
	case check.Warning:
		sev = st.Warn
	}
	marker := "  "
	if selected {
		marker = st.Focused.Render("› ")
	}
	head := marker + sev.Render(fmt.Sprintf("%-7s", f.Severity)) + " "
	// Server text is escaped and cut before it is styled.
	rule := termsafe.Line(f.Rule)
	blocks := ""
	if f.Blocking() {
		blocks = termsafe.Line("blocks "+strings.Join(f.Blocks, ", ")) + " "
	}
	pointer := safeTail(f.Pointer, width)
	// text is the blocked providers and the rule in room cells.
	text := func(room int) string {
		if room <= 0 {
			return ""
		}
		b := truncate(blocks, room)
		if ansi.StringWidth(b) >= room {
			return st.Error.Render(b)
		}
		return st.Error.Render(b) + st.Accent.Render(truncate(rule, room-ansi.StringWidth(b)))
	}
	if width <= 0 {
		return []string{head + st.Error.Render(blocks) + st.Accent.Render(rule) + " " + st.Muted.Render(pointer)}
	}
	room := width - lipgloss.Width(head) - 1 - ansi.StringWidth(pointer)
	if room >= ansi.StringWidth(blocks)+min(ruleFloor, ansi.StringWidth(rule)) {
		return []string{Clip(head+text(room)+" "+st.Muted.Render(pointer), width)}
	}
	return []string{Clip(head+text(width-lipgloss.Width(head)), width), "    " + st.Muted.Render(cutLeft(pointer, width-4))}
}

// safeTail escapes untrusted one-line text whose end matters and cuts it
// from the left to width cells (width <= 0: no limit). Text far longer
// than the width is cut before it is escaped, as safeLine does.
func safeTail(s string, width int) string {
	if width <= 0 {
		return termsafe.Line(s)
	}
	if limit := width*8 + 64; len(s) > limit {
		s = s[len(s)-limit:]
		for len(s) > 0 && !utf8.RuneStart(s[0]) {
			s = s[1:] // never start in the middle of a rune
		}
		return cutLeft("…"+termsafe.Line(s), width)
	}
	return cutLeft(termsafe.Line(s), width)
}

// cutLeft keeps the end of plain s in width cells, starting with "…" when
// anything was cut: the end of a pointer names the field.
func cutLeft(s string, width int) string {
	sw := ansi.StringWidth(s)
	if width <= 0 || sw <= width {
		return s
	}
	return ansi.TruncateLeft(s, sw-width+1, "…")
}

// FindingsSummary is the Lint tab's first row: the findings counted by
// severity, in the colour of the worst, and which providers' forms they
// block.
func FindingsSummary(st *theme.Styles, c check.Tally, width int) string {
	style := st.Muted
	switch {
	case c.Errors > 0:
		style = st.Error
	case c.Warnings > 0:
		style = st.Warn
	}
	line := style.Render(c.String())
	if b := c.Blocks(); b != "" {
		line += st.Muted.Render(" · " + b + " (Providers tab)")
	}
	return Clip(line, width)
}

// NoFindings is the Lint tab of a tool that passes every rule.
func NoFindings(st *theme.Styles, width int) []string {
	return []string{Clip(st.OK.Render("✓ no findings: the schema follows every rule toolbench checks"), width)}
}

// Conversion is a tool converted for one provider, with the findings of
// the conversion.
type Conversion struct {
	// Providers names every provider; Active is the one shown.
	Providers []string
	Active    int
	// Out is the converted tool; nil when the conversion failed.
	Out      json.RawMessage
	Findings []check.Finding
	// Err says why the conversion failed, in words.
	Err string
}

// ConversionLines is the Providers tab: the provider switch, a summary of
// blockers and notes, the converted tool as JSON, then each finding.
func ConversionLines(st *theme.Styles, c Conversion, width int) []string {
	tabs := make([]string, len(c.Providers))
	for i, p := range c.Providers {
		if i == c.Active {
			tabs[i] = st.Focused.Render("[" + p + "]")
		} else {
			tabs[i] = st.Muted.Render(p)
		}
	}
	lines := []string{Clip(strings.Join(tabs, " "), width)}
	if c.Err != "" {
		return append(lines, st.Error.Render(termsafe.Line(c.Err)))
	}
	blockers := check.Count(c.Findings).Blocking
	summary := st.OK.Render("usable as is")
	if blockers > 0 {
		summary = st.Error.Render(plural.Count(blockers, "blocker"))
	}
	if notes := len(c.Findings) - blockers; notes > 0 {
		summary += st.Muted.Render(fmt.Sprintf(" · %s (below)", plural.Count(notes, "note")))
	}
	lines = append(lines, summary, "")
	if c.Out != nil {
		lines = append(lines, JSON(st, c.Out, width)...)
	}
	if len(c.Findings) > 0 {
		lines = append(lines, "")
	}
	for _, f := range c.Findings {
		lines = append(lines, Finding(st, f, width, false)...)
	}
	return lines
}

// Meta is what the Meta tab shows of a tool.
type Meta struct {
	Description string
	// Annotations, Meta and Raw are the tool's annotations, _meta and the
	// whole tool as sent; nil when not sent.
	Annotations, Meta, Raw json.RawMessage
	// FormError says why the input schema gave no form at all; Warnings
	// are the problems the form works around.
	FormError string
	Warnings  []schemaform.Warning
}

// MetaLines is the Meta tab: the description in full, annotations, _meta,
// the schema problems the form works around, and the tool as sent.
func MetaLines(st *theme.Styles, m Meta, width int) []string {
	var lines []string
	section := func(name string) { lines = append(lines, "", st.Heading.Render(name)) }
	sent := func(raw json.RawMessage) {
		if raw == nil {
			lines = append(lines, st.Muted.Render("none sent"))
		} else {
			lines = append(lines, JSON(st, raw, width)...)
		}
	}
	section("Description")
	desc := m.Description
	if desc == "" {
		desc = "(none)"
	}
	lines = append(lines, Wrap(termsafe.Text(desc), width)...)
	section("Annotations")
	sent(m.Annotations)
	section("_meta")
	sent(m.Meta)
	section("Schema problems the form works around")
	if m.FormError != "" {
		lines = append(lines, st.Error.Render(termsafe.Line(m.FormError)))
	}
	if len(m.Warnings) == 0 && m.FormError == "" {
		lines = append(lines, st.OK.Render("none"))
	}
	for _, w := range m.Warnings {
		lines = append(lines, st.Warn.Render(termsafe.Line(w.Pointer)+": ")+st.Text.Render(termsafe.Line(w.Message)))
	}
	section("Tool as sent")
	return append(lines, JSON(st, m.Raw, width)...)
}
