package render

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

func TestJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		in    string
		width int
		want  []string
	}{
		{"nested", `{"a":{"b":[1,-2.5e3,{"c":null}]},"d":true}`, 0, []string{
			`{`, `  "a": {`, `    "b": [`, `      1,`, `      -2.5e3,`, `      {`, `        "c": null`,
			`      }`, `    ]`, `  },`, `  "d": true`, `}`}},
		{"empty object", `{}`, 0, []string{`{}`}},
		{"empty array with space", "[ \n ]", 0, []string{`[]`}},
		{"empty containers inside", `{"o":{ },"a":[]}`, 0, []string{`{`, `  "o": {},`, `  "a": []`, `}`}},
		{"top-level scalar", ` "x" `, 0, []string{`"x"`}},
		{"unicode kept", `{"名前":"値 😀 é"}`, 0, []string{`{`, `  "名前": "値 😀 é"`, `}`}},
		{"json escapes as written", `["\u001b[31m\n\"\\"]`, 0, []string{`[`, `  "\u001b[31m\n\"\\"`, `]`}},
		{"raw bidi and DEL escaped", "[\"a\u202eb\x7f\"]", 0, []string{`[`, `  "a\u202eb\x7f"`, `]`}},
		{"invalid: trailing comma", `{"a":1,}`, 0, []string{`{"a":1,}`}},
		{"invalid: two values", `1 2`, 0, []string{`1 2`}},
		{"invalid: escapes raw controls", "{\"a\x1b[31m\n\tb", 0, []string{`{"a\e[31m`, "    b"}},
		{"invalid: empty", ``, 0, []string{``}},
		{"wraps long string", `{"k":"abcdefghijklmnopqrstuvwxyz"}`, 12, []string{
			`{`, `  "k": "abcd`, `efghijklmnop`, `qrstuvwxyz"`, `}`}},
		{"wraps wide runes", `["你好世界你好"]`, 8, []string{`[`, `  "你好`, `世界你好`, `"`, `]`}},
		{"indent capped at half the width", `[[[[["deep"]]]]]`, 8, []string{
			`[`, `  [`, `    [`, `    [`, `    [`, `    "dee`, `p"`, `    ]`, `    ]`, `    ]`, `  ]`, `]`}},
		{"invalid wraps too", `not json at all`, 5, []string{`not j`, `son a`, `t all`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := JSON(theme.Plain(), []byte(tt.in), tt.width)
			if !slices.Equal(got, tt.want) {
				t.Errorf("JSON(%q, %d)\n got %q\nwant %q", tt.in, tt.width, got, tt.want)
			}
			styled := JSON(theme.New(theme.DefaultPalette(true)), []byte(tt.in), tt.width)
			if s, p := ansi.Strip(strings.Join(styled, "\n")), strings.Join(got, "\n"); s != p {
				t.Errorf("styling changed the text:\n got %q\nwant %q", s, p)
			}
		})
	}
}

// TestJSONStyles checks each token class gets its own style and that every
// row closes what it opens.
func TestJSONStyles(t *testing.T) {
	t.Parallel()
	st := theme.New(theme.DefaultPalette(true))
	lines := JSON(st, []byte(`{"k":["s",1,true]}`), 0)
	for _, want := range []struct{ style, text string }{
		{st.JSONKey.Render(`"k"`), `"k"`}, {st.JSONString.Render(`"s"`), `"s"`},
		{st.JSONNumber.Render("1"), "1"}, {st.JSONLiteral.Render("true"), "true"},
		{st.JSONPunct.Render("{"), "{"},
	} {
		if !strings.Contains(strings.Join(lines, "\n"), want.style) {
			t.Errorf("%s is not styled as %q in %q", want.text, want.style, lines)
		}
	}
	for _, l := range lines {
		if strings.Count(l, "\x1b[38") != strings.Count(l, "\x1b[m") {
			t.Errorf("row %q leaves a style open", l)
		}
	}
}

// FuzzJSON holds the tokenizer to encoding/json: the same inputs are valid,
// and plain output is json.Indent's wherever termsafe has nothing to escape
// and nesting is shallow. Styling must only add codes, and rows must fit.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,2,{"b":null}],"c":"d"}`, `[]`, `{ }`, `-0.5e+3`, `"\u00e9"`, `[1,]`,
		`01`, `{"a" 1}`, `"\x"`, `[1 2]`, "\"\x7f\"", `tru`, ` null `, `{"a":{}}`, "[\"\xff\"]"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		lines, ok := highlight(theme.Plain(), string(data), 0)
		if want := json.Valid(data); ok != want {
			t.Fatalf("highlight(%q) ok = %v, json.Valid = %v", data, ok, want)
		}
		plain := strings.Join(JSON(theme.Plain(), data, 20), "\n")
		styled := JSON(theme.New(theme.DefaultPalette(true)), data, 20)
		if s := ansi.Strip(strings.Join(styled, "\n")); s != plain {
			t.Fatalf("JSON(%q): styling changed the text:\n got %q\nwant %q", data, s, plain)
		}
		for _, row := range styled {
			if w := ansi.StringWidth(row); w > 20 && !single(ansi.Strip(row)) {
				t.Fatalf("JSON(%q): row %q is %d cells", data, row, w)
			}
		}
		if !ok || termsafe.Text(string(data)) != string(data) || bytes.Count(data, []byte("["))+bytes.Count(data, []byte("{")) > compactDepth {
			return
		}
		var want bytes.Buffer
		if err := json.Indent(&want, data, "", "  "); err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(lines, "\n"); got != strings.TrimRight(want.String(), " \t\r\n") {
			t.Fatalf("highlight(%q)\n got %q\nwant %q", data, got, want.String())
		}
	})
}

// TestJSONDepth holds the nesting limit to encoding/json's.
func TestJSONDepth(t *testing.T) {
	t.Parallel()
	for _, depth := range []int{10000, 10001} {
		doc := []byte(strings.Repeat("[", depth) + strings.Repeat("]", depth))
		_, ok := highlight(theme.Plain(), string(doc), 80)
		if want := json.Valid(doc); ok != want {
			t.Errorf("depth %d: highlight ok = %v, json.Valid = %v", depth, ok, want)
		}
	}
	rows := JSON(theme.Plain(), bytes.Repeat([]byte("["), 1<<20), 80)
	if len(rows) != (1<<20)/80+1 {
		t.Errorf("1 MB of [ gave %d rows, want it hard-wrapped as plain text", len(rows))
	}
}

// TestJSONCompactDepth checks that containers past compactDepth stay on
// their parent's row, closers included.
func TestJSONCompactDepth(t *testing.T) {
	t.Parallel()
	n := compactDepth + 2
	rows := JSON(theme.Plain(), []byte(strings.Repeat("[", n)+"1,2"+strings.Repeat("]", n)), 0)
	var want []string
	for i := range compactDepth {
		want = append(want, strings.Repeat("  ", i)+"[")
	}
	want = append(want, strings.Repeat("  ", compactDepth)+"[[1,2]]")
	for i := compactDepth - 1; i >= 0; i-- {
		want = append(want, strings.Repeat("  ", i)+"]")
	}
	if !slices.Equal(rows, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
}
