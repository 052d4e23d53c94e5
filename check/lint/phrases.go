package lint

import (
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// phrase is one way prose states a constraint the schema could carry.
type phrase struct {
	re *gatedRE
	// keyword and value are what the schema should say instead; an empty
	// value takes the phrase's first capture group (a number word becomes
	// digits).
	keyword, value string
	// example is text the phrase must match; the tests read it.
	example string
}

func newPhrase(expr, keyword, value, example string) phrase {
	return phrase{re: gated(`(?i)` + expr), keyword: keyword, value: value, example: example}
}

// phraseTable is the phrases that state one kind of constraint.
type phraseTable struct {
	phrases []phrase
}

func newTable(phrases ...phrase) phraseTable { return phraseTable{phrases: phrases} }

// candidates calls fn with the phrases that may match text, until fn
// returns true.
func (t phraseTable) candidates(text string, fn func(phrase) bool) {
	lower := strings.ToLower(text)
	for _, ph := range t.phrases {
		if ph.re.may(lower) && fn(ph) {
			return
		}
	}
}

// numExpr is a number in prose.
const numExpr = `(-?\d+(?:\.\d+)?)`

// minimumPhrases state a lower bound on a number.
var minimumPhrases = sync.OnceValue(func() phraseTable {
	return newTable(
		// Chinese
		newPhrase(`最小(?:值)?(?:为|是)?\s*[:：]?\s*`+numExpr, "minimum", "", "购买数量，最小为 1"),
		newPhrase(`不(?:小|少|低)于\s*`+numExpr, "minimum", "", "不小于 0"),
		newPhrase(`大于或?等于\s*`+numExpr, "minimum", "", "大于等于 1"),
		newPhrase(`大于\s*`+numExpr, "exclusiveMinimum", "", "必须大于 0"),
		newPhrase(`至少(?:为)?\s*`+numExpr, "minimum", "", "至少 1"),
		newPhrase(`从\s*(-?\d+)\s*开始`, "minimum", "", "页码，从 1 开始"),
		newPhrase(`正整数`, "minimum", "1", "正整数"),
		newPhrase(`非负`, "minimum", "0", "非负整数"),
		newPhrase(`正数`, "exclusiveMinimum", "0", "必须是正数"),
		// English
		newPhrase(`\bat least\s+`+numExpr, "minimum", "", "at least 1"),
		newPhrase(`\bminimum(?: value)?(?: of| is)?\s*[:=]?\s*`+numExpr, "minimum", "", "minimum 1"),
		newPhrase(`\bmin\s*[:=]\s*`+numExpr, "minimum", "", "min: 1"),
		newPhrase(`\bno (?:less|fewer|smaller) than\s+`+numExpr, "minimum", "", "no less than 5"),
		newPhrase(`\bgreater than or equal to\s+`+numExpr, "minimum", "", "greater than or equal to 1"),
		newPhrase(`\b(?:greater|more|larger) than\s+`+numExpr, "exclusiveMinimum", "", "greater than 0"),
		newPhrase(`(?:≥|>=)\s*`+numExpr, "minimum", "", "≥ 1"),
		newPhrase(`\bpositive (?:integer|whole number)`, "minimum", "1", "a positive integer"),
		newPhrase(`\bnon-?negative\b`, "minimum", "0", "non-negative"),
		newPhrase(`\bpositive\b`, "exclusiveMinimum", "0", "must be positive"),
		newPhrase(`\b(\d+)-based\b`, "minimum", "", "1-based page number"),
	)
})

// maximumPhrases state an upper bound on a number.
var maximumPhrases = sync.OnceValue(func() phraseTable {
	return newTable(
		// Chinese
		newPhrase(`最大(?:值)?(?:为|是)?\s*[:：]?\s*`+numExpr, "maximum", "", "最小 1，最大 100"),
		newPhrase(`不(?:大|高|多)于\s*`+numExpr, "maximum", "", "不大于 100"),
		newPhrase(`不(?:能|得)?超过\s*`+numExpr, "maximum", "", "不超过 50"),
		newPhrase(`小于或?等于\s*`+numExpr, "maximum", "", "小于等于 10"),
		newPhrase(`小于\s*`+numExpr, "exclusiveMaximum", "", "小于 1"),
		newPhrase(`(?:至多|最多)\s*`+numExpr, "maximum", "", "最多 20"),
		newPhrase(`上限(?:为|是)?\s*[:：]?\s*`+numExpr, "maximum", "", "上限为 100"),
		// English
		newPhrase(`\bat most\s+`+numExpr, "maximum", "", "at most 100"),
		newPhrase(`\bmaximum(?: value)?(?: of| is)?\s*[:=]?\s*`+numExpr, "maximum", "", "maximum 100"),
		newPhrase(`\bmax\s*[:=]\s*`+numExpr, "maximum", "", "max: 100"),
		newPhrase(`\bup to\s+`+numExpr, "maximum", "", "up to 50"),
		newPhrase(`\bno (?:more|greater|larger) than\s+`+numExpr, "maximum", "", "no more than 10"),
		newPhrase(`\bless than or equal to\s+`+numExpr, "maximum", "", "less than or equal to 10"),
		newPhrase(`\b(?:less|smaller|fewer) than\s+`+numExpr, "exclusiveMaximum", "", "less than 1"),
		newPhrase(`(?:≤|<=)\s*`+numExpr, "maximum", "", "≤ 100"),
		newPhrase(`\b(?:cannot|must not|may not|does not|not) exceed\s+`+numExpr, "maximum", "", "must not exceed 10"),
	)
})

// maxLengthPhrases limit the length of a string.
var maxLengthPhrases = sync.OnceValue(func() phraseTable {
	return newTable(
		// Chinese
		newPhrase(`(?:最多|至多|不(?:能|得)?超过|上限为?|限)\s*(\d+)\s*个?(?:字|汉字)`, "maxLength", "", "最多 200 字"),
		newPhrase(`(\d+)\s*个?(?:字|字符)以内`, "maxLength", "", "50 字以内"),
		newPhrase(`(?:长度|字数)\s*(?:不(?:能|得)?超过|最多|至多|上限为?|最大为?|≤|<=)\s*(\d+)`, "maxLength", "", "长度不超过 64"),
		// English
		newPhrase(`\b(?:at most|up to|no more than|maximum(?: of)?|max|not exceeding|under|fewer than|less than)\s+(\d+)\s*(?:characters?|chars?|letters?|bytes?)\b`,
			"maxLength", "", "at most 200 characters"),
		newPhrase(`\bmax(?:imum)?[ -]length(?: of| is)?\s*[:=]?\s*(\d+)`, "maxLength", "", "maximum length 64"),
		newPhrase(`\b(\d+)\s*(?:characters?|chars?) (?:max(?:imum)?|or (?:less|fewer)|at most)\b`, "maxLength", "", "80 chars max"),
	)
})

// patternPhrases state a format a pattern or format keyword could check.
var patternPhrases = sync.OnceValue(func() phraseTable {
	return newTable(
		// Chinese
		newPhrase(`(\d+)\s*位(?:数字|数|整数)`, "pattern", "^[0-9]{%s}$", "收件人手机号，11 位数字"),
		newPhrase(`纯数字|只能(?:包含|是|为)?数字|仅(?:限|包含)?数字`, "pattern", "^[0-9]+$", "纯数字"),
		newPhrase(`格式(?:为|是|如)?\s*[:：]?\s*[A-Za-z0-9]`, "pattern", "", "订单编号，格式为 ORD-XXXXXXXX"),
		// English
		newPhrase(`\bmust match (?:the |this )?(?:pattern|regex|regular expression|format)\b|\bmust match\s*[/^]`, "pattern", "", "must match the pattern below"),
		newPhrase(`\b(?:digits only|only digits|numeric characters only)\b`, "pattern", "^[0-9]+$", "digits only"),
		newPhrase(`\b(\d+)[- ]digits?\b`, "pattern", "^[0-9]{%s}$", "the 6-digit code"),
		newPhrase(`\b(?:in the format|formatted as|in the form)\b`, "pattern", "", "in the format ABC-123"),
		// Language-neutral: a template such as "ORD-XXXXXXXX".
		newPhrase(`\b[A-Z]{2,}-X{3,}\b`, "pattern", "", "PRD-XXXXXX"),
	)
})

// minItemsPhrases ask for a non-empty list.
var minItemsPhrases = sync.OnceValue(func() phraseTable {
	return newTable(
		// Chinese
		newPhrase(`至少(?:包含|有|提供|选择|传入|需要|要)?\s*(一|1|两|二|三|\d+)\s*(?:个|项|条|件|行|张|位)`, "minItems", "", "至少包含一个商品"),
		newPhrase(`不(?:能|可|得)为空|非空`, "minItems", "1", "不能为空"),
		// English
		newPhrase(`\bat least (one|two|three|\d+)\b`, "minItems", "", "at least one item"),
		newPhrase(`\bnon-?empty\b`, "minItems", "1", "a non-empty list"),
		newPhrase(`\b(?:must|should|cannot|can't|may) not be empty\b|\bcannot be empty\b`, "minItems", "1", "must not be empty"),
		newPhrase(`\bone or more\b`, "minItems", "1", "one or more tags"),
	)
})

// numberWordDigit turns a counted word into digits for a fix.
func numberWordDigit(w string) (string, bool) {
	switch w {
	case "one", "一":
		return "1", true
	case "two", "两", "二":
		return "2", true
	case "three", "三":
		return "3", true
	}
	return "", false
}

// matchPhrase finds the first phrase of a table in text and says what the
// schema should carry: the keyword and, when the prose names one, its
// value.
func matchPhrase(table phraseTable, text string) (found phrase, value string, ok bool) {
	table.candidates(text, func(ph phrase) bool {
		m := ph.re.regexp().FindStringSubmatch(text)
		if m == nil {
			return false
		}
		found, value, ok = ph, ph.value, true
		if len(m) > 1 {
			v := m[1]
			if d, isWord := numberWordDigit(v); isWord {
				v = d
			}
			if value == "" {
				value = v
			} else {
				value = sprintfValue(value, v)
			}
		}
		return true
	})
	return found, value, ok
}

// sprintfValue fills a value template such as "^[0-9]{%s}$".
func sprintfValue(placeholder, v string) string {
	for i := 0; i+1 < len(placeholder); i++ {
		if placeholder[i] == '%' && placeholder[i+1] == 's' {
			return placeholder[:i] + v + placeholder[i+2:]
		}
	}
	return placeholder
}

// rangeProse finds a range such as "(1-10)", "1 到 100" or "between 1
// and 10". Dates and codes ("2026-01-15", "ISO 3166-1") are not ranges:
// their first number is not the smaller.
var rangeProse = gated(`(?i)(?:^|[^\d.\-])(-?\d+(?:\.\d+)?)\s*(?:-|–|~|～|\bto\b|到|至)\s*(\d+(?:\.\d+)?)(?:$|[^\d\-])|` +
	`\bbetween\s+(-?\d+(?:\.\d+)?)\s+and\s+(-?\d+(?:\.\d+)?)`)

// numberRangeFound is a range stated in prose.
type numberRangeFound struct {
	lo, hi string
	// text is the clause that states it, for the message.
	text string
}

// proseRange returns the first range in text, if any.
func proseRange(text string) (numberRangeFound, bool) {
	if !strings.ContainsAny(text, "0123456789") || !rangeProse.may(strings.ToLower(text)) {
		return numberRangeFound{}, false
	}
	for _, loc := range rangeProse.regexp().FindAllStringSubmatchIndex(text, -1) {
		a, b := submatch(text, loc, 1), submatch(text, loc, 2)
		if a == "" {
			a, b = submatch(text, loc, 3), submatch(text, loc, 4)
		}
		x, err1 := strconv.ParseFloat(a, 64)
		y, err2 := strconv.ParseFloat(b, 64)
		if err1 == nil && err2 == nil && x < y {
			return numberRangeFound{lo: a, hi: b, text: clause(text, loc[0], loc[1])}, true
		}
	}
	return numberRangeFound{}, false
}

// submatch returns capture group i of a FindSubmatchIndex result.
func submatch(text string, loc []int, i int) string {
	if loc[2*i] < 0 {
		return ""
	}
	return text[loc[2*i]:loc[2*i+1]]
}

// clauseBreak separates the clauses of a description.
const clauseBreak = "，,。；;：:（()）\n"

// clause widens text[start:end] to the clause around it, so a message
// quotes "格式为 PRD-XXXXXX" rather than the few characters a phrase needs.
func clause(text string, start, end int) string {
	if i := strings.LastIndexAny(text[:start], clauseBreak); i >= 0 {
		_, size := utf8.DecodeRuneInString(text[i:])
		start = i + size
	} else {
		start = 0
	}
	if i := strings.IndexAny(text[end:], clauseBreak); i >= 0 {
		end += i
	} else {
		end = len(text)
	}
	return strings.TrimSpace(strings.TrimRight(text[start:end], ".。 "))
}

// found returns the clause where a phrase matches text.
func (ph phrase) found(text string) string {
	loc := ph.re.regexp().FindStringIndex(text)
	if loc == nil {
		return ""
	}
	return clause(text, loc[0], loc[1])
}
