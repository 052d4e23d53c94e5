package host

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// schemaNode is one schema object of a tool's inputSchema or outputSchema,
// as the walk reaches it.
type schemaNode struct {
	// v is the schema object; its Pointer locates it in the tool object.
	v *jsondoc.Value
	// keyword is the keyword that holds it ("properties", "items",
	// "anyOf"…); "" for the root.
	keyword string
	// w and ntok say where the node's argument path is: the first ntok
	// tokens of w's stack; ntok < 0 when it has none.
	w    *walker
	ntok int
}

// field is the argument path of the value the schema describes
// ("/shipping/phone", "/tags/*" for any list item or map value): "" for
// the root, for definitions and what they hold (an argument only once a
// $ref uses them) and for every node of an outputSchema, which nobody
// fills in. It is built on demand, most nodes never needing it, and only
// during the walk's callback: the stack it reads moves on after.
func (n schemaNode) field() string {
	if n.ntok <= 0 {
		return ""
	}
	var b strings.Builder
	for _, t := range n.w.toks[:n.ntok] {
		b.WriteByte('/')
		b.WriteString(jsondoc.EscapeToken(t))
	}
	return b.String()
}

// childField is field for a subschema held by keyword in n, for a value
// that is not walked (a boolean subschema).
func (n schemaNode) childField(keyword string, sub *jsondoc.Value) string {
	tok, ok := childToken(n, keyword, sub)
	if !ok || n.ntok < 0 {
		return ""
	}
	f := n.field()
	if tok != "" {
		f += "/" + jsondoc.EscapeToken(tok)
	}
	return f
}

// walker walks one schema document; toks is the stack of argument path
// tokens above the node being visited.
type walker struct {
	fn     func(n schemaNode)
	fields bool
	toks   []string
}

// walkSchema calls fn for every schema object of the document root, root
// first and in document order, each once. $ref is never followed, so a
// recursive schema cannot loop: its $defs are visited where they are
// written. Boolean subschemas are not objects and are not visited;
// eachBooleanSubschema finds them. Depth is bounded by jsondoc.MaxDepth,
// which the parser enforces. With fields false, no node has a field (an
// outputSchema).
func walkSchema(root *jsondoc.Value, fields bool, fn func(n schemaNode)) {
	if !root.IsObject() {
		return
	}
	w := &walker{fn: fn, fields: fields}
	ntok := 0
	if !fields {
		ntok = -1
	}
	w.walk(schemaNode{v: root, w: w, ntok: ntok})
}

func (w *walker) walk(n schemaNode) {
	w.fn(n)
	jsondoc.EachSubschema(n.v, func(keyword string, sub *jsondoc.Value) {
		child := schemaNode{v: sub, keyword: keyword, w: w, ntok: -1}
		if tok, ok := childToken(n, keyword, sub); ok && n.ntok >= 0 {
			w.toks = append(w.toks[:n.ntok], tok)
			child.ntok = n.ntok + 1
			if tok == "" {
				// Same value as n: its path, no token more.
				child.ntok = n.ntok
			}
		}
		w.walk(child)
	})
}

// childToken is the argument path token a subschema held by keyword adds
// to its parent's, unescaped: a property's name, "*" for list items and
// map values,
// "" for a schema of the same value (branches, conditions); ok is false
// for definitions, which describe no argument where they are written.
func childToken(_ schemaNode, keyword string, sub *jsondoc.Value) (string, bool) {
	switch keyword {
	case "properties":
		return sub.Token(), true
	case "items", "prefixItems", "additionalItems", "unevaluatedItems", "contains",
		"additionalProperties", "unevaluatedProperties", "patternProperties":
		return "*", true
	case "$defs", "definitions":
		return "", false
	}
	return "", true
}

// booleanAllowed reports the keywords where a boolean is the usual way to
// say "allow" or "forbid" the rest, not a subschema a host must accept in
// place of an object: hosts and the inspector's lint let them be.
func booleanAllowed(keyword string) bool {
	switch keyword {
	case "additionalProperties", "additionalItems", "unevaluatedProperties", "unevaluatedItems":
		return true
	}
	return false
}

// eachBooleanSubschema calls fn for every subschema directly below the
// schema object s that is true or false, with the keyword that holds it,
// except where booleanAllowed says a boolean is the norm.
func eachBooleanSubschema(s *jsondoc.Value, fn func(keyword string, b *jsondoc.Value)) {
	for i, k := range s.Keys() {
		if booleanAllowed(k) {
			continue
		}
		v := s.Values()[i]
		switch jsondoc.Holds(k) {
		case jsondoc.OneSubschema:
			if v.Kind() == jsondoc.Bool {
				fn(k, v)
			} else if v.IsArray() {
				eachBool(k, v.Items(), fn)
			}
		case jsondoc.SubschemaMap:
			if v.IsObject() {
				eachBool(k, v.Values(), fn)
			}
		case jsondoc.SubschemaList:
			if v.IsArray() {
				eachBool(k, v.Items(), fn)
			}
		}
	}
}

func eachBool(keyword string, vals []*jsondoc.Value, fn func(string, *jsondoc.Value)) {
	for _, v := range vals {
		if v != nil && v.Kind() == jsondoc.Bool {
			fn(keyword, v)
		}
	}
}

// typeNames returns the types a schema's "type" names: one for a string,
// each string of a list, none when absent.
func typeNames(s *jsondoc.Value) []string {
	t := s.Get("type")
	if t.IsString() {
		return []string{t.Text()}
	}
	var out []string
	for _, v := range t.Items() {
		if v.IsString() {
			out = append(out, v.Text())
		}
	}
	return out
}

// keywordPointer is the pointer of member key of the schema object s.
func keywordPointer(s *jsondoc.Value, key string) string {
	return s.Pointer() + "/" + jsondoc.EscapeToken(key)
}

// brief is a value's JSON cut to n bytes, for a hit's detail.
func brief(v *jsondoc.Value, n int) string {
	b := string(v.Marshal())
	if len(b) <= n {
		return b
	}
	for n > 0 && !utf8.RuneStart(b[n]) {
		n--
	}
	return strings.TrimRight(b[:n], " ") + "…"
}

// mentions reports whether a schema as sent may hold the member key: its
// quoted name appears in the text, or the text escapes characters (a key
// could be spelled with escapes). A rule about a keyword skips the walk of
// the many schemas that cannot have it.
func mentions(raw []byte, key string) bool {
	return escapes(raw) || quotedAt(raw, key, 0) >= 0
}

// escapes reports whether the text has a \u escape.
func escapes(raw []byte) bool { return bytes.Contains(raw, []byte(`\u`)) }

// quotedAt is the index of the first "key", quotes included, at or after
// from; -1 when there is none.
func quotedAt(raw []byte, key string, from int) int {
	for from < len(raw) {
		i := bytes.Index(raw[from:], []byte(key))
		if i < 0 {
			return -1
		}
		at := from + i
		end := at + len(key)
		if at > 0 && raw[at-1] == '"' && end < len(raw) && raw[end] == '"' {
			return at - 1
		}
		from = at + 1
	}
	return -1
}

// mentionsList reports whether a schema as sent may give the member key a
// list as its value ("type": [...]), like mentions.
func mentionsList(raw []byte, key string) bool {
	if escapes(raw) {
		return true
	}
	for i := quotedAt(raw, key, 0); i >= 0; i = quotedAt(raw, key, i+len(key)+2) {
		rest := bytes.TrimLeft(raw[i+len(key)+2:], " \t\r\n")
		if len(rest) > 0 && rest[0] == ':' && bytes.HasPrefix(bytes.TrimLeft(rest[1:], " \t\r\n"), []byte("[")) {
			return true
		}
	}
	return false
}
