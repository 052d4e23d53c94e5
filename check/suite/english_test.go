package suite

import (
	"encoding/json"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/toolbench/toolbench/tool"
)

// quotedLiteral is a double-quoted string in a message or fix: Go's %q
// and JSON both write them so.
var quotedLiteral = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

// TestFindingTextIsEnglish runs every check over the whole corpus (lint's
// testdata, the servers' tool lists, the seeds and the shapes) and builds a
// table of every rule's messages and fixes: none may contain a Han
// character of toolbench's own. Text the tool itself sent, quoted as
// evidence ("the description says "最小为 1""), or an enum value it named,
// is the server's and stays as sent; every other word is English.
func TestFindingTextIsEnglish(t *testing.T) {
	t.Parallel()
	byRule := map[string]map[string]bool{}
	for _, tl := range append(corpusTools(t), chineseTools(t)...) {
		sent := sentStrings(tl)
		for _, f := range Check([]tool.Tool{tl}) {
			for _, text := range []string{f.Message, f.Fix} {
				own := withoutSentQuotes(text, sent)
				if strings.IndexFunc(own, isHan) >= 0 {
					t.Errorf("%s on %s at %s: %q is not English", f.Rule, tl.Name, f.Pointer, text)
				}
				if byRule[f.Rule] == nil {
					byRule[f.Rule] = map[string]bool{}
				}
				byRule[f.Rule][own] = true
			}
		}
	}
	var silent []string
	for _, r := range Rules() {
		if len(byRule[r.ID]) == 0 {
			silent = append(silent, r.ID)
		}
	}
	sort.Strings(silent)
	t.Logf("%d rules checked; the corpus reaches none of %s", len(byRule), strings.Join(silent, ", "))
	// The seeds' Chinese descriptions reach these rules, whose fixes once
	// quoted Chinese examples ("默认 …", "收件人的手机号…").
	for _, id := range []string{"param-default-unstated", "param-description-restates-type", "prose-pattern", "prose-minimum",
		"prose-maximum", "param-enum-in-prose", "param-datetime-format-missing", "tool-description-vague"} {
		if len(byRule[id]) == 0 {
			t.Errorf("the corpus no longer reaches %s", id)
		}
	}
}

// chineseTools reach, with Chinese descriptions, the prose rules the
// corpus reaches only in English or not at all.
func chineseTools(t *testing.T) []tool.Tool {
	t.Helper()
	tools, err := tool.ParseList([]byte(`{"tools": [{"name": "search", "description": "天气工具",
		"inputSchema": {"type": "object", "additionalProperties": false, "properties": {
			"limit": {"type": "number", "description": "返回条数，最大 100"},
			"sort": {"type": "string", "description": "排序方式，可选值：asc、desc"},
			"day": {"type": "string", "description": "查询日期"},
			"code": {"type": "string", "description": "订单编号，格式为 ORD-XXXXXXXX"}}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	return tools
}

func isHan(r rune) bool { return unicode.Is(unicode.Han, r) }

// sentStrings collects every string the tool sent that a rule may quote:
// its name, title, description, and every key and string value of its
// schemas but comments (a seed's "$comment" holds the very example the
// fix once quoted).
func sentStrings(tl tool.Tool) []string {
	out := []string{tl.Name, tl.Title, tl.Description}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case string:
			out = append(out, v)
		case []any:
			for _, e := range v {
				walk(e)
			}
		case map[string]any:
			for k, e := range v {
				if k == "$comment" {
					continue
				}
				out = append(out, k)
				walk(e)
			}
		}
	}
	for _, raw := range []json.RawMessage{tl.Raw, tl.InputSchema, tl.OutputSchema} {
		var v any
		if json.Unmarshal(raw, &v) == nil {
			walk(v)
		}
	}
	return out
}

// withoutSentQuotes drops from text each quoted literal whose content (cut
// short with "…" or not) is part of something the tool sent.
func withoutSentQuotes(text string, sent []string) string {
	return quotedLiteral.ReplaceAllStringFunc(text, func(q string) string {
		s, err := strconv.Unquote(q)
		if err != nil {
			return q
		}
		s = strings.TrimSuffix(s, "…")
		if strings.IndexFunc(s, isHan) < 0 {
			return q
		}
		for _, have := range sent {
			if strings.Contains(have, s) {
				return `"…"`
			}
		}
		return q
	})
}
