package jsondoc

import (
	"net/url"
	"strconv"
	"strings"
)

// This file is RFC 6901 (JSON Pointer) for the whole program: escaping
// reference tokens, joining and splitting pointers, and following them.

// EscapeToken escapes one reference token: "~" as "~0", "/" as "~1".
func EscapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return tokenEscaper.Replace(s)
}

// UnescapeToken reverses EscapeToken.
func UnescapeToken(s string) string {
	if !strings.Contains(s, "~") {
		return s
	}
	return tokenUnescaper.Replace(s)
}

var (
	tokenEscaper = strings.NewReplacer("~", "~0", "/", "~1")
	// The replacer scans left to right, so "~01" becomes "~1", not "/", as
	// the RFC says (decode "~1" before "~0" would be wrong).
	tokenUnescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

// Join appends reference tokens, escaped, to the pointer base.
func Join(base string, tokens ...string) string {
	var b strings.Builder
	b.WriteString(base)
	for _, t := range tokens {
		b.WriteByte('/')
		b.WriteString(EscapeToken(t))
	}
	return b.String()
}

// Split returns a pointer's reference tokens, unescaped; ok is false when
// ptr is neither "" nor starts with "/".
func Split(ptr string) (tokens []string, ok bool) {
	if ptr == "" {
		return nil, true
	}
	if ptr[0] != '/' {
		return nil, false
	}
	tokens = strings.Split(ptr[1:], "/")
	for i, t := range tokens {
		tokens[i] = UnescapeToken(t)
	}
	return tokens, true
}

// Step moves one reference token down from v: an object's member, or an
// array's item by decimal index; nil when there is none.
func (v *Value) Step(tok string) *Value {
	switch {
	case v.IsObject():
		return v.Get(tok)
	case v.IsArray():
		i, ok := arrayIndex(tok)
		if !ok || i >= len(v.vals) {
			return nil
		}
		return v.vals[i]
	}
	return nil
}

// arrayIndex reads an array index token: "0", or digits without a
// leading zero (RFC 6901 section 4).
func arrayIndex(tok string) (int, bool) {
	if tok == "" || (len(tok) > 1 && tok[0] == '0') || strings.TrimLeft(tok, "0123456789") != "" {
		return 0, false
	}
	i, err := strconv.Atoi(tok)
	return i, err == nil
}

// Lookup follows the pointer ptr down from v; nil when it leads nowhere.
func (v *Value) Lookup(ptr string) *Value {
	tokens, ok := Split(ptr)
	if !ok {
		return nil
	}
	cur := v
	for _, t := range tokens {
		if cur = cur.Step(t); cur == nil {
			return nil
		}
	}
	return cur
}

// LookupFragment follows a URI fragment reference such as "#" or
// "#/$defs/a%20b" (percent-encoded, as a $ref writes it) down from v; nil
// for anything else, anchors included.
func (v *Value) LookupFragment(ref string) *Value {
	frag, ok := strings.CutPrefix(ref, "#")
	if !ok {
		return nil
	}
	frag, err := url.PathUnescape(frag)
	if err != nil {
		return nil
	}
	return v.Lookup(frag)
}

// Compare orders pointers token by token, so that "/a" and everything
// below it come before "/a-b"; it returns -1, 0 or +1.
func Compare(a, b string) int {
	for a != "" && b != "" {
		ta, tb := firstToken(a), firstToken(b)
		if c := strings.Compare(ta, tb); c != 0 {
			return c
		}
		a, b = a[1+len(ta):], b[1+len(tb):]
	}
	switch {
	case a == b:
		return 0
	case a == "":
		return -1
	}
	return 1
}

// firstToken returns the first token of a non-empty pointer, escaped.
func firstToken(p string) string {
	if i := strings.IndexByte(p[1:], '/'); i >= 0 {
		return p[1 : 1+i]
	}
	return p[1:]
}
