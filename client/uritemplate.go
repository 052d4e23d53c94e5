package client

import (
	"fmt"
	"strconv"
	"strings"
)

// templateOp is how an RFC 6570 expression's operator expands (section
// 3.2.1's table).
type templateOp struct {
	first, sep string
	named      bool
	// ifEmpty follows a named variable whose value is empty.
	ifEmpty string
	// reserved lets reserved characters through unencoded.
	reserved bool
}

var templateOps = map[byte]templateOp{
	'+': {sep: ",", reserved: true},
	'#': {first: "#", sep: ",", reserved: true},
	'.': {first: ".", sep: "."},
	'/': {first: "/", sep: "/"},
	';': {first: ";", sep: ";", named: true},
	'?': {first: "?", sep: "&", named: true, ifEmpty: "="},
	'&': {first: "&", sep: "&", named: true, ifEmpty: "="},
}

// templateVar is one variable of an expression, with its prefix length
// (":3") when it has one.
type templateVar struct {
	name   string
	prefix int
}

// TemplateVariables returns the names of a URI template's variables, in
// order of first appearance (RFC 6570).
func TemplateVariables(tmpl string) ([]string, error) {
	var names []string
	seen := map[string]bool{}
	err := walkTemplate(tmpl, func(_ templateOp, vars []templateVar) {
		for _, v := range vars {
			if !seen[v.name] {
				seen[v.name] = true
				names = append(names, v.name)
			}
		}
	}, func(string) {})
	return names, err
}

// ExpandTemplate fills a URI template (RFC 6570, string values) with
// values. A variable without a value, or with an empty one, is a
// *TemplateError naming it: a resource URI with a hole in it reads nothing
// useful.
func ExpandTemplate(tmpl string, values map[string]string) (string, error) {
	var b strings.Builder
	var missing string
	err := walkTemplate(tmpl, func(op templateOp, vars []templateVar) {
		b.WriteString(op.first)
		for i, v := range vars {
			val := values[v.name]
			if val == "" && missing == "" {
				missing = v.name
			}
			if v.prefix > 0 && len([]rune(val)) > v.prefix {
				val = string([]rune(val)[:v.prefix])
			}
			if i > 0 {
				b.WriteString(op.sep)
			}
			if op.named {
				b.WriteString(v.name)
				if val == "" {
					b.WriteString(op.ifEmpty)
					continue
				}
				b.WriteByte('=')
			}
			b.WriteString(encodeTemplateValue(val, op.reserved))
		}
	}, func(lit string) { b.WriteString(lit) })
	if err != nil {
		return "", err
	}
	if missing != "" {
		return "", &TemplateError{URI: tmpl, Variable: missing, Problem: "a template variable has no value"}
	}
	return b.String(), nil
}

// walkTemplate calls expr for each expression of tmpl and lit for the
// text between them.
func walkTemplate(tmpl string, expr func(templateOp, []templateVar), lit func(string)) error {
	rest := tmpl
	for rest != "" {
		i := strings.IndexAny(rest, "{}")
		if i < 0 {
			lit(rest)
			return nil
		}
		if rest[i] == '}' {
			return &TemplateError{URI: tmpl, Problem: fmt.Sprintf("the template has a '}' without '{' at byte %d", len(tmpl)-len(rest)+i)}
		}
		lit(rest[:i])
		j := strings.IndexByte(rest[i:], '}')
		if j < 0 {
			return &TemplateError{URI: tmpl, Problem: "the template has a '{' that is never closed"}
		}
		op, vars, err := parseExpression(rest[i+1 : i+j])
		if err != nil {
			return &TemplateError{URI: tmpl, Problem: err.Error()}
		}
		expr(op, vars)
		rest = rest[i+j+1:]
	}
	return nil
}

// parseExpression reads the inside of one {expression}.
func parseExpression(s string) (templateOp, []templateVar, error) {
	op := templateOp{sep: ","}
	if s != "" {
		if o, ok := templateOps[s[0]]; ok {
			op, s = o, s[1:]
		}
	}
	var vars []templateVar
	for _, spec := range strings.Split(s, ",") {
		v := templateVar{name: strings.TrimSuffix(spec, "*")}
		if name, n, ok := strings.Cut(v.name, ":"); ok {
			p, err := strconv.Atoi(n)
			if err != nil || p <= 0 || p >= 10000 {
				return op, nil, fmt.Errorf("variable %q has a bad prefix length %q", name, n)
			}
			v.name, v.prefix = name, p
		}
		if v.name == "" || strings.ContainsAny(v.name, " {}+#/;?&=!@|") {
			return op, nil, fmt.Errorf("%q is not a variable name", spec)
		}
		vars = append(vars, v)
	}
	return op, vars, nil
}

// encodeTemplateValue percent-encodes what RFC 6570 does not let through:
// everything but unreserved characters, and reserved ones and
// percent-encoded triplets when reserved is set.
func encodeTemplateValue(s string, reserved bool) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case isUnreserved(c), reserved && strings.IndexByte(":/?#[]@!$&'()*+,;=", c) >= 0:
			b.WriteByte(c)
		case reserved && c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		}
	}
	return b.String()
}

func isUnreserved(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
