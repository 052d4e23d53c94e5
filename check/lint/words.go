package lint

import (
	"strings"
	"sync"
	"unicode"
)

// splitWords breaks a parameter name into lower-case words: "maxResults",
// "page_size", "pageIndex" and "userIDs" become [max results], [page size],
// [page index] and [user ids].
func splitWords(name string) []string {
	var newWordSet []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			newWordSet = append(newWordSet, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if unicode.IsUpper(r) && len(cur) > 0 {
			prev := cur[len(cur)-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			// An "s" after capitals is a plural ("IDs"), not a new word.
			pluralS := i+1 < len(rs) && rs[i+1] == 's' && (i+2 == len(rs) || !unicode.IsLower(rs[i+2]))
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (nextLower && !pluralS) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return newWordSet
}

// wordSet is a set of lower-case words.
type wordSet map[string]bool

func newWordSet(list ...string) wordSet {
	s := wordSet{}
	for _, w := range list {
		s[w] = true
	}
	return s
}

// countWords in a name mean a whole number: the seed's 页码 and 数量.
var countWords = sync.OnceValue(func() wordSet {
	return newWordSet("count", "counts", "page", "pages", "limit", "size", "id", "ids", "index",
		"indices", "indexes", "idx", "offset", "quantity", "quantities", "qty", "num", "total", "retries", "attempts")
})

// fractionWords in a name mean the number may well have a fraction, so
// they overrule countWords ("size_ratio", "price_total").
var fractionWords = sync.OnceValue(func() wordSet {
	return newWordSet("price", "cost", "amount", "ratio", "rate", "percent", "percentage", "fraction",
		"latitude", "lat", "longitude", "lon", "lng", "score", "weight", "temperature", "temp", "probability",
		"threshold", "factor", "scale", "font", "zoom", "opacity", "duration", "seconds",
		"kb", "mb", "gb", "tb", "mm", "cm", "km", "kg", "lbs")
})

// countProse says a number counts things: English and Chinese.
var countProse = gated(`(?i)\bnumber of\b|\bcount of\b|\bhow many\b|\bpage number\b|` +
	`\b(?:first|last|top) n\b|\b(?:zero|one|0|1)-based\b|` + // English
	`页码|数量|个数|条数|次数|序号|索引|第几`) // Chinese

// countHint reports whether a number named name and described by desc
// counts something, so it wants integer: "page_size", "maxResults",
// "user_id", "pageIndex", "数量" — but not "price", "ratio" or "latitude".
func countHint(name, desc string) bool {
	ws := splitWords(name)
	for _, w := range ws {
		if fractionWords()[w] {
			return false
		}
	}
	for i, w := range ws {
		if countWords()[w] {
			return true
		}
		// "number_of_items", "numberOfItems"; a bare "number" is too vague.
		if w == "number" && i+1 < len(ws) && ws[i+1] == "of" {
			return true
		}
		// "maxResults", "max_tokens", "min_items": a bound on a plural.
		if (w == "max" || w == "min") && i+1 < len(ws) && strings.HasSuffix(ws[i+1], "s") {
			return true
		}
	}
	return countProse.MatchString(desc)
}

// dateWords in a name mean a point in time.
var dateWords = sync.OnceValue(func() wordSet {
	return newWordSet("date", "time", "timestamp", "datetime", "since", "until", "deadline",
		"birthday", "dob", "expiry", "expires", "expiration")
})

// notDateWords next to a date word make it a duration, a zone or a setting.
var notDateWords = sync.OnceValue(func() wordSet {
	return newWordSet("zone", "tz", "format", "unit", "units", "limit", "budget", "window",
		"interval", "elapsed", "spent", "taken", "seconds", "ms", "minutes", "out", "step",
		"enabled", "disabled", "flag", "type", "kind", "mode", "field", "column", "key")
})

// dateProse names a date or time in a description: English and Chinese.
var dateProse = gated(`(?i)\b(?:date|datetime|date-time|timestamp)\b|` + // English
	`日期|时间戳|时间点|时刻|时间`) // Chinese

// durationProse marks a time span, not a point in time: English and Chinese.
var durationProse = gated(`(?i)\b(?:duration|timeout|interval|seconds|minutes|milliseconds|time ?zone)\b|` + // English
	`超时|时长|持续|耗时|间隔|毫秒|秒|分钟|时区`) // Chinese

// dateHint reports whether a string named name and described by desc holds
// a date or time, and whether it carries a time of day.
func dateHint(name, desc string) (isDate, withTime bool) {
	ws := splitWords(name)
	for _, w := range ws {
		if notDateWords()[w] {
			return false, false
		}
	}
	for i, w := range ws {
		// "created_at", "updatedAt": a trailing "at" is a moment.
		if dateWords()[w] || (w == "at" && i == len(ws)-1 && i > 0) {
			return true, w != "date" && w != "birthday" && w != "dob"
		}
	}
	if durationProse.MatchString(desc) || !dateProse.MatchString(desc) {
		return false, false
	}
	lower := strings.ToLower(desc)
	return true, !strings.Contains(lower, "date") && !strings.Contains(desc, "日期")
}

// formatProse states how a date or time is written: a pattern, a standard
// or an example value. English and Chinese, plus language-neutral forms.
var formatProse = gated(`(?i)yyyy|iso[ -]?8601|rfc[ -]?3339|rfc[ -]?2822|\bunix\b|\bepoch\b|` +
	`\bformat|hh:mm|\d{4}-\d{2}-\d{2}|\d{4}/\d{1,2}/\d{1,2}|\d{1,2}:\d{2}|` + // English and neutral
	`格式`) // Chinese

// defaultProse states what happens when a parameter is left out.
var defaultProse = gated(`(?i)\bdefaults?\b|\bdefaulting\b|` +
	`\b(?:if|when|unless) (?:omitted|absent|empty|unset|missing|provided|given|specified|set|present|not (?:provided|given|set|specified|supplied))\b|` +
	`\bomit(?:ted)? (?:to|for)\b|\bleave (?:it )?(?:empty|blank|unset)\b|` + // English
	`默认|缺省|不传|不填|未传|未填|未指定|未提供|留空|为空时|省略`) // Chinese

// statesDefault reports whether a description says what an omitted
// parameter means: "默认 20", "defaults to 20", "不传则返回全部结果".
func statesDefault(desc string) bool { return defaultProse.MatchString(desc) }

// typeOnly lists descriptions that say nothing but the type, in English
// and Chinese, after normalize. The seed's bad example is "字符串".
var typeOnly = sync.OnceValue(func() wordSet {
	return newWordSet(
		// English
		"string", "str", "text", "number", "num", "integer", "int", "float", "double", "boolean", "bool",
		"flag", "object", "dict", "map", "array", "list", "id", "identifier", "value", "param", "parameter",
		"input", "argument", "json", "string value", "string parameter", "number value", "integer value",
		"boolean value", "boolean flag", "true or false", "true/false", "json object", "string id",
		"list of strings", "array of strings",
		// Chinese
		"字符串", "字符串类型", "字符", "文本", "数字", "数值", "整数", "整型", "浮点数", "布尔", "布尔值",
		"布尔类型", "对象", "数组", "列表", "参数", "值", "编号", "标识", "标识符")
})

// normalizeDesc lower-cases a description and strips what does not change its
// meaning: surrounding punctuation and a leading article.
func normalizeDesc(desc string) string {
	s := strings.ToLower(strings.TrimSpace(desc))
	s = strings.TrimFunc(s, func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSpace(r) })
	for _, article := range [...]string{"a ", "an ", "the "} {
		s = strings.TrimPrefix(s, article)
	}
	return strings.Join(strings.Fields(s), " ")
}

// restatedBy says what a description only restates: "type", "name" or "".
func restatedBy(desc, name string) string {
	s := normalizeDesc(desc)
	if typeOnly()[s] {
		return "type"
	}
	if name != "" && strings.ReplaceAll(s, " ", "") == strings.Join(splitWords(name), "") {
		return "name"
	}
	return ""
}
