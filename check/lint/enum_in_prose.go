package lint

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// enumLead is a phrase that introduces a list of allowed values.
type enumLead struct {
	*gatedRE
	// example is text the lead must find values in; the tests read it.
	example string
	values  []string
}

func newLead(expr, example string, values ...string) enumLead {
	return enumLead{gatedRE: gated(`(?i)` + expr), example: example, values: values}
}

// enumLeads introduce allowed values in prose. What follows a lead is read
// as a list, so a lead alone ("one of the files") finds nothing.
var enumLeads = sync.OnceValue(func() []enumLead {
	return []enumLead{
		// English
		newLead(`\b(?:must be |should be |is )?one of(?: the following)?(?: values| options)?\s*[:：]?\s*`, "Sort order, one of asc, desc", "asc", "desc"),
		newLead(`\b(?:possible|allowed|accepted|supported|valid|available) (?:values|options|choices)(?: are| is| include)?\s*[:：]?\s*`,
			"Allowed values: low, medium, high", "low", "medium", "high"),
		newLead(`\b(?:values|options|choices)\s*[:：]\s*`, "Order; values: asc|desc", "asc", "desc"),
		newLead(`\beither\s+`, "Either 'json' or 'text'", "json", "text"),
		// Chinese
		newLead(`可选(?:值|项)(?:为|是|有|包括)?\s*[:：]?\s*`, "分类筛选，可选值：tech、design、marketing", "tech", "design", "marketing"),
		newLead(`可选(?:为|是)?\s*[:：]\s*`, "排序方式，可选：asc/desc", "asc", "desc"),
		newLead(`取值(?:为|是|有|包括|可以是)?\s*[:：]\s*|取值(?:为|是|可以是)\s*`, "取值为 small 或 large", "small", "large"),
		newLead(`只能(?:是|为|取)\s*`, "只能是 male 或 female", "male", "female"),
		newLead(`(?:以下|下列)(?:值|选项)?之一\s*[:：]?\s*`, "必须为以下之一：red、green", "red", "green"),
	}
})

// quotedList finds two or more quoted values joined by "or" with no lead,
// where the description begins with them or introduces them with a colon
// or a verb: "Sort order: 'asc' or 'desc'", "为 “asc” 或 “desc”". Elsewhere
// quoted words are more often examples or code ({"status": "A"}).
var quotedList = gated(`(?i)(?:^|[:：]|\b(?:is|are|be)\b|为|是)\s*` +
	`((?:` + quoted + `\s*(?:,|，|、)\s*)*` + quoted + `\s*(?:,\s*)?(?:\bor\b|或者?)\s*` + quoted + `)`)

// quoted is one value in quotes.
const quoted = `["'‘“「` + "`" + `][^"'’”」` + "`" + `]{1,40}["'’”」` + "`" + `]`

// pipeList finds bare alternatives such as "asc|desc".
var pipeList = gated(`(?:^|[\s(:：])([\p{L}\d_.\-]+(?:\|[\p{L}\d_.\-]+)+)(?:$|[\s),.;。，])`)

// listSeparator splits a list of values.
var listSeparator = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\s*(?:,\s*or\s+|,\s*and\s+|,|，|、|/|\||\bor\b|\band\b|或者|或|和|及)\s*`)
})

// listEnd ends a list: the end of a sentence or clause.
var listEnd = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[。；;！!\n]|\.(?:\s|$)`) })

// parenthetical strips notes such as "(摄氏度)" between values.
var parenthetical = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\s*(?:\([^)]*\)|（[^）]*）)`) })

// proseEnumValues returns the allowed values a description lists in prose,
// or nil when it lists fewer than two.
func proseEnumValues(desc string) []string {
	lower := strings.ToLower(desc)
	for _, l := range enumLeads() {
		if !l.may(lower) {
			continue
		}
		if loc := l.regexp().FindStringIndex(desc); loc != nil {
			if vs := listValues(desc[loc[1]:]); len(vs) >= 2 {
				return vs
			}
		}
	}
	if quotedList.may(lower) {
		if m := quotedList.regexp().FindStringSubmatch(desc); m != nil {
			if vs := listValues(m[1]); len(vs) >= 2 {
				return vs
			}
		}
	}
	if pipeList.may(lower) {
		if m := pipeList.regexp().FindStringSubmatch(desc); m != nil {
			return strings.Split(m[1], "|")
		}
	}
	return nil
}

// listValues reads the values at the start of text, up to the end of the
// clause or the first part that does not look like a value.
func listValues(text string) []string {
	if loc := listEnd().FindStringIndex(text); loc != nil {
		text = text[:loc[0]]
	}
	text = parenthetical().ReplaceAllString(text, "")
	var out []string
	for _, part := range listSeparator().Split(text, -1) {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		v, ok := proseValue(part)
		if !ok {
			break
		}
		out = append(out, v)
	}
	return out
}

// quotePairs are the quotes a value may be wrapped in.
var quotePairs = [][2]string{{`"`, `"`}, {`'`, `'`}, {"`", "`"}, {"“", "”"}, {"‘", "’"}, {"「", "」"}, {"『", "』"}}

// proseValue unquotes part and reports whether it reads as one value: a
// quoted phrase, or a single short token with no spaces.
func proseValue(part string) (string, bool) {
	for _, q := range quotePairs {
		if inner, ok := strings.CutPrefix(part, q[0]); ok {
			if inner, ok = strings.CutSuffix(inner, q[1]); ok && inner != "" && utf8.RuneCountInString(inner) <= 40 {
				return inner, true
			}
			return "", false
		}
	}
	limit := 30
	if r, _ := utf8.DecodeRuneInString(part); isCJKRune(r) {
		limit = 6 // a Chinese value is a word or two, not a clause
	}
	if utf8.RuneCountInString(part) > limit {
		return "", false
	}
	for _, r := range part {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && !strings.ContainsRune("_.-+:#@", r) {
			return "", false
		}
	}
	return part, true
}
