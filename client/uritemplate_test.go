package client_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/toolbench/toolbench/client"
)

func TestExpandTemplate(t *testing.T) {
	t.Parallel()
	values := map[string]string{"dir": "docs", "name": "read me", "ext": "md", "path": "a/b", "q": "x&y", "long": "abcdef"}
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
