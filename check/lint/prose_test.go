package lint

import (
	"reflect"
	"strings"
	"testing"
)

// TestPhraseExamples checks that every phrase in every table matches the
// example written beside it, and is the phrase that answers for it.
func TestPhraseExamples(t *testing.T) {
	t.Parallel()
	tables := map[string]phraseTable{"minimum": minimumPhrases(), "maximum": maximumPhrases(),
		"maxLength": maxLengthPhrases(), "pattern": patternPhrases(), "minItems": minItemsPhrases()}
	for name, table := range tables {
		for _, ph := range table.phrases {
			t.Run(name+"/"+ph.example, func(t *testing.T) {
				t.Parallel()
				if !ph.re.MatchString(ph.example) {
					t.Fatalf("%s does not match its example %q", ph.re.expr, ph.example)
				}
				if _, value, ok := matchPhrase(table, ph.example); !ok || value == "" && ph.value != "" {
					t.Fatalf("matchPhrase(%q) = %q, %v", ph.example, value, ok)
				}
			})
		}
	}
}

func TestPhraseValues(t *testing.T) {
	t.Parallel()
	tests := []struct {
		table   phraseTable
		text    string
		keyword string
		value   string
	}{
		{minimumPhrases(), "购买数量，最小为 1", "minimum", "1"},
		{minimumPhrases(), "Must be at least 5.", "minimum", "5"},
		{minimumPhrases(), "Radius; must be positive.", "exclusiveMinimum", "0"},
		{minimumPhrases(), "页码，从 1 开始", "minimum", "1"},
		{minimumPhrases(), "≥ -3", "minimum", "-3"},
		{maximumPhrases(), "返回条数上限，最小 1，最大 100，默认 20", "maximum", "100"},
		{maximumPhrases(), "Up to 50 results.", "maximum", "50"},
		{maxLengthPhrases(), "订单备注，例如「请在工作日配送」，最多 200 字", "maxLength", "200"},
		{maxLengthPhrases(), "Title, at most 80 characters.", "maxLength", "80"},
		{maxLengthPhrases(), "Summary, up to 200 chars", "maxLength", "200"},
		{maxLengthPhrases(), "昵称，不超过 20 个字符", "maxLength", "20"},
		{patternPhrases(), "收件人手机号，11 位数字", "pattern", "^[0-9]{11}$"},
		{patternPhrases(), "Receiver's 11-digit mobile number", "pattern", "^[0-9]{11}$"},
		{patternPhrases(), "Postcode, digits only", "pattern", "^[0-9]+$"},
		{minItemsPhrases(), "订单中的商品列表，至少包含一个商品", "minItems", "1"},
		{minItemsPhrases(), "Tags; at least two.", "minItems", "2"},
		{minItemsPhrases(), "A non-empty list of ids.", "minItems", "1"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			t.Parallel()
			ph, value, ok := matchPhrase(tt.table, tt.text)
			if !ok || ph.keyword != tt.keyword || value != tt.value {
				t.Fatalf("got %q: %q (%v), want %q: %q", ph.keyword, value, ok, tt.keyword, tt.value)
			}
		})
	}
}

// TestPhraseNonMatches lists prose that looks like a constraint but is not
// the one a table is for.
func TestPhraseNonMatches(t *testing.T) {
	t.Parallel()
	tests := []struct {
		table phraseTable
		text  string
	}{
		{minimumPhrases(), "Price in euros."},
		{maximumPhrases(), stripPhrases("不小于 0", minimumPhrases())},
		{maximumPhrases(), stripPhrases("Must be no less than 5.", minimumPhrases())},
		{minimumPhrases(), stripPhrases("不大于 100", maximumPhrases())},
		{maxLengthPhrases(), "Up to 50 results."},
		{patternPhrases(), "Text to search for - must match exactly"},
		{patternPhrases(), "The phone number of the receiver."},
		{minItemsPhrases(), "Tags to attach."},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			t.Parallel()
			if ph, _, ok := matchPhrase(tt.table, tt.text); ok {
				t.Fatalf("%s matched %q", ph.re.expr, tt.text)
			}
		})
	}
}

func TestProseRange(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text, lo, hi string
	}{
		{"Number of resource links to return (1-10)", "1", "10"},
		{"优先级，1 到 5", "1", "5"},
		{"A value between 0 and 1.5.", "0", "1.5"},
		{"Day, e.g. 2026-01-15.", "", ""},
		{"ISO 3166-1 alpha-2 country code.", "", ""},
		{"Receiver's 11-digit mobile number.", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			t.Parallel()
			r, ok := proseRange(tt.text)
			if ok != (tt.lo != "") || r.lo != tt.lo || r.hi != tt.hi {
				t.Fatalf("got %+v, %v; want %q-%q", r, ok, tt.lo, tt.hi)
			}
		})
	}
}

func TestEnumLeadExamples(t *testing.T) {
	t.Parallel()
	for _, l := range enumLeads() {
		t.Run(l.example, func(t *testing.T) {
			t.Parallel()
			loc := l.regexp().FindStringIndex(l.example)
			if loc == nil {
				t.Fatalf("%s does not match its example", l.expr)
			}
			if got := listValues(l.example[loc[1]:]); !reflect.DeepEqual(got, l.values) {
				t.Fatalf("values %q, want %q", got, l.values)
			}
			if got := proseEnumValues(l.example); !reflect.DeepEqual(got, l.values) {
				t.Fatalf("proseEnumValues = %q, want %q", got, l.values)
			}
		})
	}
}

func TestProseEnumValues(t *testing.T) {
	t.Parallel()
	tests := []struct {
		desc string
		want string
	}{
		{"温度单位，可选值为 'celsius' (摄氏度) 或 'fahrenheit' (华氏度)", "celsius fahrenheit"},
		{"Format: 'json', 'yaml' or 'toml'.", "json yaml toml"},
		{"Must be one of: small, medium, or large.", "small medium large"},
		{"Direction (asc|desc)", "asc desc"},
		{"排序方式为 “asc” 或 “desc”", "asc desc"},
		{"可选值：tech、design、marketing，默认 tech", "tech design marketing"},
		{"Either a file path or a URL.", ""},
		{"Path to one of the allowed directories.", ""},
		{`Milestone number, "none" or "*".`, ""},
		{`A duration such as "90s" or "2h".`, ""},
		{`Filter, e.g. {"status": "A", "qty": 1}`, ""},
		{"可选的筛选条件，不传则返回全部结果", ""},
	}
	for _, tt := range tests {
		t.Run(tt.desc, func(t *testing.T) {
			t.Parallel()
			if got := strings.Join(proseEnumValues(tt.desc), " "); got != tt.want {
				t.Fatalf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSplitWords(t *testing.T) {
	t.Parallel()
	tests := map[string]string{"maxResults": "max results", "page_size": "page size", "pageIndex": "page index",
		"userIDs": "user ids", "HTTPStatus": "http status", "created-at": "created at", "v2Name": "v2 name"}
	for in, want := range tests {
		if got := strings.Join(splitWords(in), " "); got != want {
			t.Errorf("splitWords(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestHints(t *testing.T) {
	t.Parallel()
	counts := map[string]bool{"page_size": true, "maxResults": true, "user_id": true, "pageIndex": true, "numberOfItems": true,
		"num_rows": true, "price": false, "ratio": false, "latitude": false, "phone_number": false, "max_price": false}
	for name, want := range counts {
		if got := countHint(name, ""); got != want {
			t.Errorf("countHint(%q) = %v, want %v", name, got, want)
		}
	}
	dates := map[string]bool{"start_date": true, "createdAt": true, "timestamp": true, "until": true, "update": false,
		"timeout": false, "time_zone": false, "date_format": false, "runtime": false}
	for name, want := range dates {
		if got, _ := dateHint(name, ""); got != want {
			t.Errorf("dateHint(%q) = %v, want %v", name, got, want)
		}
	}
	defaults := map[string]bool{"默认 20": true, "Defaults to 20.": true, "不传则返回全部": true, "If omitted, all.": true,
		"The page to read.": false, "默认值": true}
	for desc, want := range defaults {
		if got := statesDefault(desc); got != want {
			t.Errorf("statesDefault(%q) = %v, want %v", desc, got, want)
		}
	}
}

func TestVagueness(t *testing.T) {
	t.Parallel()
	tests := []struct {
		desc, name string
		vague      bool
	}{
		{"天气工具", "get_weather", true},
		{"Get weather", "get_weather", true},
		{"Weather tool.", "get_weather", true},
		{"批量删除用户。", "delete_users", true},
		{"Echoes back the input string", "echo", false},
		{"获取指定城市的当前天气信息", "get_weather", false},
		{"Read the entire knowledge graph", "read_graph", false},
	}
	for _, tt := range tests {
		if got := vagueness(tt.desc, tt.name, "") != ""; got != tt.vague {
			t.Errorf("vagueness(%q) = %v, want %v", tt.desc, got, tt.vague)
		}
	}
}
