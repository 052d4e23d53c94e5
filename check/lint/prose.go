package lint

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/internal/jsondoc"
)

// proseRules notice constraints a description states that the schema does
// not: a model reads the prose, but no validator checks it. Each applies
// only where the schema's type can carry the constraint.
func (w *walker) proseRules(n *jsondoc.Value, at schemaPlace) {
	desc, _ := n.GetString("description")
	t := w.doc.types(n)
	if strings.TrimSpace(desc) == "" || t == 0 {
		return
	}
	if t&(tNumber|tInteger) != 0 {
		r, _ := proseRange(desc) // the zero range has no text, so it adds nothing
		w.proseBound(n, at, ruleProseMinimum, stripPhrases(desc, maximumPhrases()), minimumPhrases(), r.lo, r.text,
			"minimum", "exclusiveMinimum", "enum", "const")
		w.proseBound(n, at, ruleProseMaximum, stripPhrases(desc, minimumPhrases()), maximumPhrases(), r.hi, r.text,
			"maximum", "exclusiveMaximum", "enum", "const")
	}
	if t&tString != 0 {
		w.proseConstraint(n, at, ruleProseMaxLength, desc, maxLengthPhrases(), "maxLength", "enum", "const")
		w.prosePattern(n, at, desc)
	}
	if t&tArray != 0 {
		w.proseConstraint(n, at, ruleProseMinItems, desc, minItemsPhrases(), "minItems")
	}
}

// stripPhrases removes what the phrases of the opposite bound match, so that
// "不小于 0" and "no less than 5" are not read as upper bounds.
func stripPhrases(desc string, opposite phraseTable) string {
	opposite.candidates(desc, func(ph phrase) bool {
		desc = ph.re.regexp().ReplaceAllString(desc, " ")
		return false
	})
	return desc
}

// proseBound reports a numeric bound stated in prose, by phrase or by a
// range such as "(1-10)" (rangeText is "" when there is none), that the
// schema lacks.
func (w *walker) proseBound(n *jsondoc.Value, at schemaPlace, rule check.RuleID, desc string, table phraseTable, rangeValue, rangeText string,
	keywords ...string) {
	if w.doc.hasKeyword(n, keywords...) {
		return
	}
	ph, value, ok := matchPhrase(table, desc)
	said := rangeText
	switch {
	case ok:
		said = ph.found(desc)
	case rangeText != "":
		ph, value = phrase{keyword: keywords[0]}, rangeValue
	default:
		return
	}
	w.report(rule, n, "/description", at.field,
		fmt.Sprintf("the description says %s but the schema has no %q", quoteText(said), keywords[0]),
		fmt.Sprintf("add %q: %s and keep the prose", ph.keyword, value))
}

// proseConstraint reports a table's constraint stated in prose that the
// schema carries under none of keywords.
func (w *walker) proseConstraint(n *jsondoc.Value, at schemaPlace, rule check.RuleID, desc string, table phraseTable, keywords ...string) {
	if w.doc.hasKeyword(n, keywords...) {
		return
	}
	ph, value, ok := matchPhrase(table, desc)
	if !ok {
		return
	}
	w.report(rule, n, "/description", at.field,
		fmt.Sprintf("the description says %s but the schema has no %q", quoteText(ph.found(desc)), keywords[0]),
		fmt.Sprintf("add %q: %s and keep the prose", ph.keyword, value))
}

// placeholder finds a template such as "ORD-XXXXXXXX" to turn into a
// pattern.
var placeholder = gated(`\b([A-Z]{2,})-(X{3,})\b`)

// datePattern marks a stated format as a date or time, which "format"
// checks better than a hand-made pattern.
var datePattern = gated(`(?i)yyyy|iso[ -]?8601|rfc[ -]?3339`)

// prosePattern reports a format stated in prose ("11 位数字", "格式为
// ORD-XXXXXXXX") that neither pattern nor format checks.
func (w *walker) prosePattern(n *jsondoc.Value, at schemaPlace, desc string) {
	if w.doc.hasKeyword(n, "pattern", "format", "enum", "const") {
		return
	}
	ph, value, ok := matchPhrase(patternPhrases(), desc)
	if !ok {
		return
	}
	fix := ""
	switch m := placeholder.regexp().FindStringSubmatch(desc); {
	case datePattern.MatchString(desc):
		fix = `add "format": "date" (or "date-time" with a time of day) and keep the prose`
	case value != "":
		fix = fmt.Sprintf("add \"pattern\": %s and keep the prose", fixJSON(value))
	case m != nil:
		fix = fmt.Sprintf("add \"pattern\": %s (adjust the character class) and keep the prose",
			fixJSON(fmt.Sprintf("^%s-[0-9A-Z]{%d}$", m[1], len(m[2]))))
	default:
		fix = `add a "pattern" (a regular expression) or a "format" that checks what the prose says`
	}
	w.report(ruleProsePattern, n, "/description", at.field,
		fmt.Sprintf("the description says %s but the schema has no \"pattern\" or \"format\"", quoteText(ph.found(desc))), fix)
}
