package uritemplate

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// The values of RFC 6570 section 3.2's examples that are strings.
var rfcValues = map[string]string{
	"var": "value", "hello": "Hello World!", "path": "/foo/bar", "empty": "",
	"x": "1024", "y": "768", "who": "fred", "base": "http://example.com/home/", "v": "6", "semi": ";",
}

func TestExpand(t *testing.T) {
	t.Parallel()
	cases := []struct{ tpl, want string }{
		// Level 1.
		{"{var}", "value"},
		{"{hello}", "Hello%20World%21"},
		// Level 2.
		{"{+var}", "value"},
		{"{+hello}", "Hello%20World!"},
		{"{+path}/here", "/foo/bar/here"},
		{"here?ref={+path}", "here?ref=/foo/bar"},
		{"X{#var}", "X#value"},
		{"X{#hello}", "X#Hello%20World!"},
		// Level 3.
		{"map?{x,y}", "map?1024,768"},
		{"{x,hello,y}", "1024,Hello%20World%21,768"},
		{"{+x,hello,y}", "1024,Hello%20World!,768"},
		{"{+path,x}/here", "/foo/bar,1024/here"},
		{"{#x,hello,y}", "#1024,Hello%20World!,768"},
		{"X{.var}", "X.value"},
		{"X{.x,y}", "X.1024.768"},
		{"{/var}", "/value"},
		{"{/var,x}/here", "/value/1024/here"},
		{"{;x,y}", ";x=1024;y=768"},
		{"{;x,y,empty}", ";x=1024;y=768;empty"},
		{"{?x,y}", "?x=1024&y=768"},
		{"{?x,y,empty}", "?x=1024&y=768&empty="},
		{"?fixed=yes{&x}", "?fixed=yes&x=1024"},
		{"{&x,y,empty}", "&x=1024&y=768&empty="},
		// Level 4, string values.
		{"{var:3}", "val"},
		{"{var:30}", "value"},
		{"{+path:6}/here", "/foo/b/here"},
		{"{#path:6}/here", "#/foo/b/here"},
		{"X{.var:3}", "X.val"},
		{"{/var:1,var}", "/v/value"},
		{"{;hello:5}", ";hello=Hello"},
		{"{?var:3}", "?var=val"},
		{"{&var:3}", "&var=val"},
		{"{var*}", "value"},
		// Undefined variables expand to nothing; an all-undefined
		// expression drops its operator too.
		{"{?undef}", ""},
		{"{/undef,var}", "/value"},
		{"{semi}", "%3B"},
		{"{+semi}", ";"},
		{"{+base}index", "http://example.com/home/index"},
		{"{who}{who}", "fredfred"},
		// Prefixes count characters, not bytes; UTF-8 is encoded.
		{"{v}", "6"},
		{"literal only", "literal only"},
	}
	for _, c := range cases {
		t.Run(c.tpl, func(t *testing.T) {
			t.Parallel()
			tpl, err := Parse(c.tpl)
			if err != nil {
				t.Fatal(err)
			}
			if got := tpl.Expand(rfcValues); got != c.want {
				t.Errorf("Expand(%q) = %q, want %q", c.tpl, got, c.want)
			}
		})
	}
}

func TestExpandUnicode(t *testing.T) {
	t.Parallel()
	tpl, err := Parse("{city:2}/{+city}")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tpl.Expand(map[string]string{"city": "Zürich"}), "Z%C3%BC/Z%C3%BCrich"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestVariables(t *testing.T) {
	t.Parallel()
	cases := []struct {
		tpl  string
		want []string
	}{
		{"test://static/resource/{id}", []string{"id"}},
		{"file:///{+path}{?q,lang}", []string{"path", "q", "lang"}},
		{"{a}{b:3}{a*}{/c,b}", []string{"a", "b", "c"}},
		{"{x.y}{%41b}", []string{"x.y", "%41b"}},
		{"no variables", nil},
	}
	for _, c := range cases {
		t.Run(c.tpl, func(t *testing.T) {
			t.Parallel()
			tpl, err := Parse(c.tpl)
			if err != nil {
				t.Fatal(err)
			}
			if got := tpl.Variables(); !slices.Equal(got, c.want) {
				t.Errorf("Variables(%q) = %q, want %q", c.tpl, got, c.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	t.Parallel()
	cases := []struct {
		tpl    string
		offset int
		reason string
	}{
		{"a{b", 1, "without its '}'"},
		{"a}b", 1, "without its '{'"},
		{"{}", 1, "without a variable"},
		{"{?}", 2, "without a variable"},
		{"{=x}", 1, "reserved"},
		{"{a b}", 1, "not a variable name"},
		{"{a,}", 3, "not a variable name"},
		{"{x:0}", 3, "prefix"},
		{"{x:10000}", 3, "prefix"},
		{"{x:a}", 3, "prefix"},
		{"{.a.}", 2, "not a variable name"},
		{"{%4}", 1, "not a variable name"},
	}
	for _, c := range cases {
		t.Run(c.tpl, func(t *testing.T) {
			t.Parallel()
			_, err := Parse(c.tpl)
			var te *Error
			if !errors.As(err, &te) {
				t.Fatalf("Parse(%q) = %v, want an *Error", c.tpl, err)
			}
			if te.Offset != c.offset || !strings.Contains(te.Reason, c.reason) {
				t.Errorf("Parse(%q) = %v (offset %d), want offset %d and %q", c.tpl, err, te.Offset, c.offset, c.reason)
			}
		})
	}
}

// FuzzParse: any template either fails with an *Error inside it, or
// parses, lists names that each expand, and expands values that need
// encoding into a string with only URI characters.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"{var}", "{+path}/x{?a,b}", "{#x:3}", "{/a*}", "{;x,y}", "a{b", "}{", "{%41}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tpl, err := Parse(s)
		if err != nil {
			var te *Error
			if !errors.As(err, &te) || te.Offset < 0 || te.Offset > len(s) {
				t.Fatalf("Parse(%q): %v", s, err)
			}
			return
		}
		values := map[string]string{}
		for _, v := range tpl.Variables() {
			if !validName(v) {
				t.Fatalf("Parse(%q) listed %q", s, v)
			}
			values[v] = "a b/ü{}"
		}
		out := tpl.Expand(values)
		if len(values) > 0 && strings.ContainsAny(out, " ü") && !strings.ContainsAny(s, " ü") {
			t.Fatalf("Expand(%q) = %q left characters unencoded", s, out)
		}
	})
}
