package client_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/toolbench/toolbench/client"
)

func TestExpandTemplate(t *testing.T) {
	t.Parallel()
	values := map[string]string{"dir": "docs", "name": "read me", "ext": "md", "path": "a/b", "q": "x&y", "long": "abcdef", "x.y": "dotted"}
	cases := []struct {
		tmpl, want string
		vars       []string
	}{
		{"file:///{dir}/{name}.{ext}", "file:///docs/read%20me.md", []string{"dir", "name", "ext"}},
		{"file:///{+path}", "file:///a/b", []string{"path"}},
		{"file:///{path}", "file:///a%2Fb", []string{"path"}},
		{"demo://x{/dir,ext}{?q}", "demo://x/docs/md?q=x%26y", []string{"dir", "ext", "q"}},
		{"demo://{long:3}{#dir}", "demo://abc#docs", []string{"long", "dir"}},
		{"demo://{.ext}{;dir}{&q}", "demo://.md;dir=docs&q=x%26y", []string{"ext", "dir", "q"}},
		{"demo://plain", "demo://plain", nil},
		// RFC 6570 level 4 with string values: prefixes, explode, and
		// each operator's encoding.
		{"demo://{+path:2}/{dir*}", "demo://a//docs", []string{"path", "dir"}},
		{"demo://{q}{+q}{#q}", "demo://x%26yx&y#x&y", []string{"q"}},
		{"demo://{name}{?name,dir}", "demo://read%20me?name=read%20me&dir=docs", []string{"name", "dir"}},
		{"demo://{dir}{x.y}", "demo://docsdotted", []string{"dir", "x.y"}},
	}
	for _, tc := range cases {
		t.Run(tc.tmpl, func(t *testing.T) {
			t.Parallel()
			got, err := client.ExpandTemplate(tc.tmpl, values)
			if err != nil || got != tc.want {
				t.Errorf("expand = %q, %v; want %q", got, err, tc.want)
			}
			vars, err := client.TemplateVariables(tc.tmpl)
			if err != nil || !slices.Equal(vars, tc.vars) {
				t.Errorf("variables = %q, %v; want %q", vars, err, tc.vars)
			}
		})
	}
}

func TestExpandTemplateBad(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, tmpl string
		values     map[string]string
		variable   string
	}{
		{"empty", "file:///{dir}/{name}", map[string]string{"dir": "d", "name": ""}, "name"},
		{"absent", "file:///{dir}/{name}", map[string]string{"name": "n"}, "dir"},
		{"unclosed", "file:///{dir", nil, ""},
		{"stray", "file:///dir}", nil, ""},
		{"bad name", "file:///{a b}", nil, ""},
		{"bad prefix", "file:///{a:0}", nil, ""},
		{"prefix too long", "file:///{a:10000}", nil, ""},
		{"reserved operator", "file:///{=a}", nil, ""},
		{"dotted name", "file:///{.a.}", nil, ""},
		// Literals outside RFC 6570's set: a space, a stray percent.
		{"space in literal", "file:///my dir/{name}", nil, ""},
		{"stray percent", "file:///100%/{name}", nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := client.ExpandTemplate(tc.tmpl, tc.values)
			var te *client.TemplateError
			if !errors.As(err, &te) || te.Variable != tc.variable || te.URI != tc.tmpl {
				t.Errorf("err = %v (%+v), want a *TemplateError naming %q", err, te, tc.variable)
			}
		})
	}
}

// TestExpandTemplateUnicode: a value outside ASCII is sent percent-encoded
// as UTF-8.
func TestExpandTemplateUnicode(t *testing.T) {
	t.Parallel()
	values := map[string]string{"city": "Zürich", "sym": "€", "bad": "\xff"}
	cases := []struct{ tmpl, want string }{
		{"demo://{city}/{+city}", "demo://Z%C3%BCrich/Z%C3%BCrich"},
		{"demo://{?sym}{#sym}", "demo://?sym=%E2%82%AC#%E2%82%AC"},
		{"demo://{bad}", "demo://%FF"},
	}
	for _, tc := range cases {
		got, err := client.ExpandTemplate(tc.tmpl, values)
		if err != nil || got != tc.want {
			t.Errorf("expand %s = %q, %v; want %q", tc.tmpl, got, err, tc.want)
		}
	}
}

// TestPreviewTemplate: a form's preview expands what is filled so far.
func TestPreviewTemplate(t *testing.T) {
	t.Parallel()
	cases := []struct {
		tmpl   string
		values map[string]string
		want   string
	}{
		{"demo://r/{id}{?q}", map[string]string{"id": "", "q": ""}, "demo://r/?q="},
		{"demo://r/{id}{?q}", map[string]string{"id": "4 2"}, "demo://r/4%202"},
		{"demo://r/{id", map[string]string{"id": "x"}, "demo://r/{id"},
	}
	for _, tc := range cases {
		if got := client.PreviewTemplate(tc.tmpl, tc.values); got != tc.want {
			t.Errorf("preview %s %v = %q, want %q", tc.tmpl, tc.values, got, tc.want)
		}
	}
}
