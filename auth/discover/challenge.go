package discover

import (
	"net/http"
	"strings"
)

// ParseChallenges reads the challenges of WWW-Authenticate header values
// (RFC 7235 section 4.1): several headers, several comma-separated
// challenges in one header, parameters as tokens or quoted strings with
// backslash escapes, and scheme and parameter names in any case. It is
// lenient where servers are sloppy: an unquoted value runs to the next
// comma or space (so an unquoted URL survives), empty list elements are
// skipped, and text it cannot read is skipped up to the next comma. The
// first of a repeated parameter wins, as RFC 7235 allows each only once.
func ParseChallenges(values []string) []Challenge {
	var out []Challenge
	for _, v := range values {
		p := &parser{s: v}
		for {
			c, ok := p.challenge()
			if !ok {
				break
			}
			out = append(out, c)
		}
	}
	return out
}

// Bearer returns the first Bearer challenge of h's WWW-Authenticate
// headers, and false when there is none.
func Bearer(h http.Header) (Challenge, bool) {
	for _, c := range ParseChallenges(h.Values("WWW-Authenticate")) {
		if strings.EqualFold(c.Scheme, "Bearer") {
			return c, true
		}
	}
	return Challenge{}, false
}

// ws is the white space a header value may hold: spaces and tabs, and
// the line breaks of a folded header (servers still fold them, as the
// MCP specification's own examples do).
const ws = " \t\r\n"

// parser walks one header value.
type parser struct {
	s string
	i int
}

// challenge reads the next challenge, or says there is none left.
func (p *parser) challenge() (Challenge, bool) {
	for {
		p.skip(ws + ",")
		if p.i >= len(p.s) {
			return Challenge{}, false
		}
		start := p.i
		scheme := p.token()
		if scheme == "" {
			p.skipPast(',')
			continue
		}
		c := Challenge{Scheme: scheme, Params: map[string]string{}}
		p.params(&c)
		c.Raw = strings.TrimRight(p.s[start:p.i], ws+",")
		c.fill()
		return c, true
	}
}

// params reads the auth-params (or a token68) after a scheme, stopping
// before a token that is not followed by "=": the next challenge's scheme.
func (p *parser) params(c *Challenge) {
	p.skip(ws)
	if t68, ok := p.token68(); ok {
		c.Token68 = t68
		return
	}
	for {
		p.skip(ws + ",")
		back := p.i
		name := p.token()
		if name == "" {
			if p.i < len(p.s) {
				p.skipPast(',')
				continue
			}
			return
		}
		p.skip(ws)
		if p.i >= len(p.s) || p.s[p.i] != '=' {
			p.i = back
			return
		}
		p.i++
		p.skip(ws)
		val := p.value()
		key := strings.ToLower(name)
		if _, dup := c.Params[key]; !dup {
			c.Params[key] = val
		}
	}
}

// token68 reads a token68 (RFC 7235 section 2.1) when that is what
// follows the scheme: its characters, trailing "="s, then a comma or
// the end. Otherwise it reads nothing.
func (p *parser) token68() (string, bool) {
	j := p.i
	for j < len(p.s) && (isAlnum(p.s[j]) || strings.IndexByte("-._~+/", p.s[j]) >= 0) {
		j++
	}
	if j == p.i {
		return "", false
	}
	for j < len(p.s) && p.s[j] == '=' {
		j++
	}
	k := j
	for k < len(p.s) && strings.IndexByte(ws, p.s[k]) >= 0 {
		k++
	}
	if k < len(p.s) && p.s[k] != ',' {
		return "", false
	}
	t := p.s[p.i:j]
	p.i = j
	return t, true
}

// value reads a quoted string (unescaping) or an unquoted value.
func (p *parser) value() string {
	if p.i < len(p.s) && p.s[p.i] == '"' {
		p.i++
		var b strings.Builder
		for p.i < len(p.s) {
			ch := p.s[p.i]
			p.i++
			switch {
			case ch == '\\' && p.i < len(p.s):
				b.WriteByte(p.s[p.i])
				p.i++
			case ch == '"':
				return b.String()
			default:
				b.WriteByte(ch)
			}
		}
		return b.String()
	}
	start := p.i
	for p.i < len(p.s) && strings.IndexByte(ws+",", p.s[p.i]) < 0 {
		p.i++
	}
	return p.s[start:p.i]
}

// token reads an RFC 7230 token, or "" when none starts here.
func (p *parser) token() string {
	start := p.i
	for p.i < len(p.s) && isTchar(p.s[p.i]) {
		p.i++
	}
	return p.s[start:p.i]
}

func (p *parser) skip(set string) {
	for p.i < len(p.s) && strings.IndexByte(set, p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *parser) skipPast(b byte) {
	for p.i < len(p.s) && p.s[p.i] != b {
		p.i++
	}
	if p.i < len(p.s) {
		p.i++
	}
}

func isAlnum(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

func isTchar(b byte) bool {
	return isAlnum(b) || strings.IndexByte("!#$%&'*+-.^_`|~", b) >= 0
}

// fill sets the named fields from Params.
func (c *Challenge) fill() {
	c.ResourceMetadata = c.Params["resource_metadata"]
	if s := strings.Fields(c.Params["scope"]); len(s) > 0 {
		c.Scope = s
	}
	c.Error = c.Params["error"]
	c.ErrorDescription = c.Params["error_description"]
}
