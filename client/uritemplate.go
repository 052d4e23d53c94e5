package client

import (
	"errors"

	"github.com/toolbench/toolbench/internal/uritemplate"
)

// TemplateVariables returns the names of a URI template's variables, in
// order of first appearance (RFC 6570). A template that does not parse is
// a *TemplateError.
func TemplateVariables(tmpl string) ([]string, error) {
	t, err := parseURITemplate(tmpl)
	if err != nil {
		return nil, err
	}
	return t.Variables(), nil
}

// ExpandTemplate fills a URI template (RFC 6570, string values) with
// values. A variable without a value, or with an empty one, is a
// *TemplateError naming it: a resource URI with a hole in it reads nothing
// useful, although RFC 6570 would expand it to nothing.
func ExpandTemplate(tmpl string, values map[string]string) (string, error) {
	t, err := parseURITemplate(tmpl)
	if err != nil {
		return "", err
	}
	for _, name := range t.Variables() {
		if values[name] == "" {
			return "", &TemplateError{URI: tmpl, Variable: name, Problem: "a template variable has no value"}
		}
	}
	return t.Expand(values), nil
}

// parseURITemplate parses tmpl, its syntax error a *TemplateError that says
// where.
func parseURITemplate(tmpl string) (*uritemplate.Template, error) {
	t, err := uritemplate.Parse(tmpl)
	var pe *uritemplate.Error
	if errors.As(err, &pe) {
		return nil, &TemplateError{URI: tmpl, Problem: "the template is not RFC 6570: " + pe.Error()}
	}
	return t, err
}
