package client

import (
	"strings"
	"unicode/utf8"

	"github.com/yosida95/uritemplate/v3"
)

// TemplateVariables returns the names of a URI template's variables, in
// order of first appearance (RFC 6570). A template that does not parse is
// a *TemplateError.
func TemplateVariables(tmpl string) ([]string, error) {
	t, err := parseURITemplate(tmpl)
	if err != nil {
		return nil, err
	}
	return t.Varnames(), nil
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
	for _, name := range t.Varnames() {
		if values[name] == "" {
			return "", &TemplateError{URI: tmpl, Variable: name, Problem: "a template variable has no value"}
		}
	}
	uri, err := t.Expand(templateValues(values))
	if err != nil {
		return "", &TemplateError{URI: tmpl, Problem: "the template cannot be expanded: " + err.Error()}
	}
	return uri, nil
}

// PreviewTemplate is the URI a template makes with the values given so
// far, for a form to show as it is filled: an empty value expands as RFC
// 6570 has it, and a template that does not parse previews as itself.
func PreviewTemplate(tmpl string, values map[string]string) string {
	t, err := uritemplate.New(tmpl)
	if err != nil {
		return tmpl
	}
	uri, _ := t.Expand(templateValues(values))
	return uri
}

// templateValues are string values as the template library takes them.
// The library percent-encodes a character outside ASCII as the bytes of
// its code point (ü as %FC), where RFC 6570 wants its UTF-8 bytes (%C3%BC);
// handing it each UTF-8 byte as the character of that number (U+00C3,
// U+00BC), which it encodes as one byte each, gives the RFC's encoding.
func templateValues(values map[string]string) uritemplate.Values {
	out := make(uritemplate.Values, len(values))
	for k, v := range values {
		out.Set(k, uritemplate.String(bytesAsRunes(v)))
	}
	return out
}

// bytesAsRunes maps every byte of s at or above 0x80 to the character of
// that number; ASCII stays as it is.
func bytesAsRunes(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteRune(rune(s[i]))
	}
	return b.String()
}

// parseURITemplate parses tmpl, its syntax error a *TemplateError that says
// where (the library's message quotes the template up to the problem).
func parseURITemplate(tmpl string) (*uritemplate.Template, error) {
	t, err := uritemplate.New(tmpl)
	if err != nil {
		return nil, &TemplateError{URI: tmpl, Problem: "the template is not RFC 6570: " + err.Error()}
	}
	return t, nil
}
