package render

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/ui/theme"
)

// resultCase is a result and its verdict, rendered into golden files.
type resultCase struct {
	name    string
	result  *ResultView
	verdict check.OutputVerdict
}

func resultCases(t *testing.T) []resultCase {
	png, err := os.ReadFile("testdata/image20x20.png")
	if err != nil {
		t.Fatal(err)
	}
	pass := check.OutputVerdict{Checked: true, Valid: true, Errors: []schemaform.Violation{}}
	return []resultCase{
		{"every_block", everyBlock(base64.StdEncoding.EncodeToString(png)), pass},
		{"violations", &ResultView{
			Content:           []Block{{Type: "text", Text: "Weather for Lisbon"}},
			StructuredContent: json.RawMessage(`{"temperature":"21.5","tags":["sunny","a very long tag"]}`),
		}, check.OutputVerdict{Checked: true, Errors: []schemaform.Violation{
			{InstancePath: "", SchemaPath: "/required", Message: "missing property 'city'"},
			{InstancePath: "/temperature", SchemaPath: "/properties/temperature/type", Message: "got string, want number"},
			{InstancePath: "/tags/1", SchemaPath: "/properties/tags/items/maxLength",
				Message: "length must be <= 10, but got 15; tags are short labels such as sunny, windy or wet, never sentences"},
		}}},
		{"is_error", &ResultView{
			IsError: true,
			Content: []Block{{Type: "text", Text: "upstream API returned 503: Service Unavailable\n"}},
		}, check.OutputVerdict{Valid: true, Skipped: check.SkipIsError, Errors: []schemaform.Violation{}}},
		{"ansi", &ResultView{
			Content: []Block{
				{Type: "text", Text: "\x1b[31mred\x1b[0m clip:\x1b]52;c;aGVsbG8=\x07 back\rover \u202eevil"},
				{Type: "resource_link", URI: "file:///x\x1b[2J", Name: "n\x1b]0;title\x07"},
				{Type: "img\x1b[5m", Raw: json.RawMessage(`{"type":"img\u001b[5m"}`)},
			},
			StructuredContent: json.RawMessage("{\"note\":\"\\u001b[31m\",\"bidi\":\"\u202ex\"}"),
		}, check.OutputVerdict{Valid: true, Skipped: check.SkipNoSchema, Errors: []schemaform.Violation{}}},
	}
}

func everyBlock(png string) *ResultView {
	audio := base64.StdEncoding.EncodeToString(make([]byte, 12000))
	return &ResultView{
		Content: []Block{
			{Type: "text", Text: "The forecast for Lisbon is sunny with a light breeze from the north-west; " +
				"temperatures climb to 21 °C in the afternoon. 明日は晴れ、最高気温は二十一度の予報です。\n\nSource: IPMA",
				Annotations: "audience: user · priority: 0.9 · lastModified: 2026-11-30T08:00:00Z"},
			{Type: "text", Text: `{"city":"Lisbon","hourly":[18,19.5,21],"alerts":[],"wind":{"kmh":12,"dir":"NW"}}`},
			{Type: "image", MIMEType: "image/png", Data: png},
			{Type: "audio", MIMEType: "audio/wav", Data: audio},
			{Type: "resource_link", URI: "https://example.com/forecast/lisbon", Name: "lisbon.json",
				Title: "Lisbon forecast", MIMEType: "application/json",
				Description: "The full seven-day forecast for Lisbon, hour by hour, with wind, rain and UV index."},
			{Type: "resource", Resource: &EmbeddedResource{URI: "file:///reports/today.txt", MIMEType: "text/plain",
				Text: "Report\n\tsunny, 21 °C\n"}},
			{Type: "resource", Resource: &EmbeddedResource{URI: "file:///maps/lisbon.webp", MIMEType: "image/webp",
				Blob: base64.StdEncoding.EncodeToString(make([]byte, 5000))}},
			{Type: "widget", Raw: json.RawMessage(`{"type":"widget","spec":{"kind":"gauge","value":0.7}}`)},
		},
		StructuredContent: json.RawMessage(`{"city":"Lisbon","temperature":21.5,"sunny":true,"rain":null}`),
	}
}

func TestResultGolden(t *testing.T) {
	t.Parallel()
	for _, c := range resultCases(t) {
		for _, width := range []int{80, 120} {
			t.Run(fmt.Sprintf("%s/%d", c.name, width), func(t *testing.T) {
				t.Parallel()
				lines := Result(theme.Plain(), c.result, c.verdict, width)
				assertFits(t, lines, width)
				golden.RequireEqual(t, strings.Join(lines, "\n")+"\n")
			})
		}
	}
}

// TestResultStyled renders with colour: it must not panic, must differ from
// the plain rendering only by escape codes, and those codes must all be SGR
// (colour and weight), never anything a server smuggled in.
func TestResultStyled(t *testing.T) {
	t.Parallel()
	st := theme.New(theme.DefaultPalette(true))
	for _, c := range resultCases(t) {
		for _, width := range []int{0, 80} {
			plain := strings.Join(Result(theme.Plain(), c.result, c.verdict, width), "\n")
			lines := Result(st, c.result, c.verdict, width)
			assertFits(t, lines, width)
			styled := strings.Join(lines, "\n")
			// Only the banner's padding may differ: Plain has none.
			if trimRows(ansi.Strip(styled)) != trimRows(plain) {
				t.Errorf("%s at %d: styled text differs from plain:\n%s\n---\n%s", c.name, width, ansi.Strip(styled), plain)
			}
			assertOnlySGR(t, styled)
		}
	}
}

// TestResultEscapesServerText checks the golden output holds the escaped
// forms and no raw escape byte at all.
func TestResultEscapesServerText(t *testing.T) {
	t.Parallel()
	c := resultCases(t)[3]
	out := strings.Join(Result(theme.Plain(), c.result, c.verdict, 80), "\n")
	for _, want := range []string{`\e[31mred\e[0m`, `\e]52;c;aGVsbG8=\x07`, `back\rover`, `\u202eevil`,
		`file:///x\e[2J`, `n\e]0;title\x07`, `content[2] img\e[5m`, `"\u001b[31m"`, `"\u202ex"`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.ContainsAny(out, "\x1b\x07\r\u202e") {
		t.Errorf("output holds a raw control:\n%q", out)
	}
	if strings.Contains(ansi.Strip(out), "\x1b") {
		t.Error("ansi.Strip of the output still holds ESC")
	}
}

func TestResultNoContentAndZeroVerdict(t *testing.T) {
	t.Parallel()
	got := Result(theme.Plain(), &ResultView{}, check.OutputVerdict{}, 40)
	want := []string{"(no content blocks)", "outputSchema not checked"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got %q, want %q", got, want)
	}
}

func trimRows(s string) string {
	rows := strings.Split(s, "\n")
	for i, r := range rows {
		rows[i] = strings.TrimSpace(r)
	}
	return strings.Join(rows, "\n")
}

func assertFits(t *testing.T, lines []string, width int) {
	t.Helper()
	for _, l := range lines {
		if width > 0 && ansi.StringWidth(l) > width {
			t.Errorf("row is %d cells, wider than %d: %q", ansi.StringWidth(l), width, l)
		}
		if strings.Contains(l, "\n") {
			t.Errorf("row holds a newline: %q", l)
		}
	}
}

func assertOnlySGR(t *testing.T, s string) {
	t.Helper()
	for len(s) > 0 {
		seq, _, n, _ := ansi.DecodeSequence(s, 0, nil)
		if strings.HasPrefix(seq, "\x1b") && !(strings.HasPrefix(seq, "\x1b[") && strings.HasSuffix(seq, "m")) {
			t.Errorf("non-SGR escape sequence %q in output", seq)
		}
		s = s[max(n, 1):]
	}
}

// TestResultNarrow renders at every narrow width: nothing may panic, and
// every row must fit (a lone wide rune may overflow a width of 1).
func TestResultNarrow(t *testing.T) {
	t.Parallel()
	st := theme.New(theme.DefaultPalette(true))
	for _, c := range resultCases(t) {
		for width := 1; width <= 40; width++ {
			for _, l := range Result(st, c.result, c.verdict, width) {
				if ansi.StringWidth(l) > width && !(width == 1 && single(ansi.Strip(l))) {
					t.Errorf("%s at %d: row %q is too wide", c.name, width, l)
				}
			}
		}
	}
}
