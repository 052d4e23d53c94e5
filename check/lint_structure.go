package check

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// schemaRules judges one schema level and returns the place its children
// inherit. The structural rules hold for input and output alike; the
// wording rules only for input, because the model fills the input while
// the server fills the output: a terse output description misleads no call.
func (w *lintWalker) schemaRules(n *jnode, at schemaPlace) schemaPlace {
	w.typeRule(n, at)
	w.enumRules(n, at)
	w.refRule(n, at)
	w.dialectRule(n, at)
	w.requiredRule(n, at)
	w.valueRules(n, at)
	if w.doc.output || at.cond {
		return at
	}
	at = w.nestingRule(n, at)
	w.wordingRules(n, at)
	w.proseRules(n, at)
	return at
}

// typeFixes suggests JSON Schema's spelling for other languages' types.
var typeFixes = map[string]string{
	"int": "integer", "long": "integer", "float": "number", "double": "number", "decimal": "number",
	"str": "string", "text": "string", "bool": "boolean", "dict": "object", "map": "object",
	"list": "array", "tuple": "array", "none": "null", "nil": "null",
}

// typeRule reports type names JSON Schema does not have; a validator
// rejects the whole schema over one, so the tool cannot be called at all.
func (w *lintWalker) typeRule(n *jnode, at schemaPlace) {
	ty := n.get("type")
	if ty == nil {
		return
	}
	check := func(v *jnode, suffix string) {
		if v.kind == jStr && jtypeBits[v.str] != 0 {
			return
		}
		fix := `use one of "string", "number", "integer", "boolean", "object", "array", "null"`
		if good, ok := typeFixes[strings.ToLower(v.str)]; ok && v.kind == jStr {
			fix = fmt.Sprintf("write %q instead of %q", good, v.str)
		}
		w.report(ruleTypeUnknown, n, suffix, at.field, fmt.Sprintf("type %s is not a JSON Schema type", v.raw), fix)
	}
	if ty.kind == jArr {
		for _, v := range ty.vals {
			check(v, "/type/"+v.token)
		}
		return
	}
	check(ty, "/type")
}

// notSchema reports a property whose value is not a schema at all, such as
// the shorthand "photo_id": "string": validators reject the whole schema.
func (w *lintWalker) notSchema(p *jnode, at schemaPlace) {
	fix := fmt.Sprintf(`write a schema object: "%s": {"type": "string", "description": "…"}`, at.name)
	if p.kind == jStr && jtypeBits[p.str] != 0 {
		fix = fmt.Sprintf(`write "%s": {"type": %q, "description": "…"}`, at.name, p.str)
	}
	w.report(ruleTypeUnknown, p, "", at.field, fmt.Sprintf("property %s is %s, not a schema object", quoteText(at.name), quoteText(string(p.raw))), fix)
}

// enumRules reports an enum that admits nothing, and repeated values, which
// are harmless to validators but show a copy-paste slip.
func (w *lintWalker) enumRules(n *jnode, at schemaPlace) {
	e := n.get("enum")
	if e == nil {
		return
	}
	if e.kind != jArr || len(e.vals) == 0 {
		w.report(ruleEnumEmpty, n, "/enum", at.field, fmt.Sprintf("enum is %s, so no value is valid", e.raw),
			`list the allowed values, e.g. "enum": ["a", "b"], or remove "enum"`)
		return
	}
	seen := map[string]bool{}
	for _, v := range e.vals {
		key := enumKey(v)
		if seen[key] {
			w.report(ruleEnumDuplicate, n, "/enum/"+v.token, at.field,
				fmt.Sprintf("enum lists %s more than once", v.raw), fmt.Sprintf("remove the repeated %s", v.raw))
		}
		seen[key] = true
	}
}

// enumKey renders a JSON value so that equal values (1 and 1.0, objects
// with keys in another order) render alike, as JSON Schema compares them.
func enumKey(v *jnode) string {
	switch v.kind {
	case jNum:
		if f, err := strconv.ParseFloat(v.str, 64); err == nil {
			return "n" + strconv.FormatFloat(f, 'g', -1, 64)
		}
	case jArr:
		parts := make([]string, len(v.vals))
		for i, x := range v.vals {
			parts[i] = enumKey(x)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case jObj:
		parts := make([]string, len(v.keys))
		for i, k := range v.keys {
			parts[i] = strconv.Quote(k) + ":" + enumKey(v.vals[i])
		}
		sort.Strings(parts)
		return "{" + strings.Join(parts, ",") + "}"
	}
	return string(v.raw)
}

// refRule reports a $ref that leads nowhere in the schema, or out of it.
func (w *lintWalker) refRule(n *jnode, at schemaPlace) {
	r := n.get("$ref")
	if r == nil {
		return
	}
	if r.kind != jStr {
		w.report(ruleRefUnresolvable, n, "/$ref", at.field, fmt.Sprintf("$ref is %s, not a string", r.raw),
			`write "$ref" as a string such as "#/$defs/name"`)
		return
	}
	switch _, outcome := w.doc.idx.resolve(r.str, n); outcome {
	case refMissing:
		w.report(ruleRefUnresolvable, n, "/$ref", at.field, fmt.Sprintf("$ref %s resolves nowhere in the schema", quoteText(r.str)),
			"point it at an existing definition"+w.defsHint())
	case refRemote:
		w.report(ruleRefRemote, n, "/$ref", at.field, fmt.Sprintf("$ref %s points outside the schema; clients and models do not fetch it", quoteText(r.str)),
			`copy the referenced schema under "$defs" and point "$ref" at "#/$defs/<name>"`)
	}
}

// defsHint lists the definitions a broken $ref could have meant.
func (w *lintWalker) defsHint() string {
	var names []string
	for _, k := range [...]string{"$defs", "definitions"} {
		if m := w.doc.root.get(k); m != nil && m.kind == jObj {
			for _, name := range m.keys {
				names = append(names, "#/"+k+"/"+ptrEscape(name))
			}
		}
	}
	if len(names) == 0 {
		return `, or add the definition under "$defs"`
	}
	if len(names) > 5 {
		names = append(names[:5], "…")
	}
	return "; defined: " + strings.Join(names, ", ")
}

// knownDialect matches the $schema URIs of the drafts validators support.
var knownDialect = regexp.MustCompile(`^https?://json-schema\.org/(draft-0[467]/schema|draft/20(19-09|20-12)/schema)#?$`)

// dialectRule reports a $schema no validator knows: clients then guess the
// draft, or refuse the schema.
func (w *lintWalker) dialectRule(n *jnode, at schemaPlace) {
	s := n.get("$schema")
	if s == nil || (s.kind == jStr && knownDialect.MatchString(s.str)) {
		return
	}
	w.report(ruleDialectUnknown, n, "/$schema", at.field, fmt.Sprintf("$schema %s names no known JSON Schema draft", s.raw),
		`write "https://json-schema.org/draft/2020-12/schema" (or "http://json-schema.org/draft-07/schema#"), or drop "$schema"`)
}

// maxNesting is the seed's limit: "不要超过三层嵌套". Its own example
// (filter → date_range → start) has three levels of properties and passes.
const maxNesting = 3

// nestingRule reports an object that opens a fourth level of properties,
// once per branch: what is below it is part of the same problem.
func (w *lintWalker) nestingRule(n *jnode, at schemaPlace) schemaPlace {
	props := n.get("properties")
	if at.deep || at.level < maxNesting || props == nil || props.kind != jObj || len(props.keys) == 0 {
		return at
	}
	at.deep = true
	path := strings.Join(strings.Split(strings.TrimPrefix(at.field, "/"), "/"), " → ")
	w.report(ruleNestingTooDeep, n, "", at.field,
		fmt.Sprintf("%s opens a fourth level of nested properties (%s → …); models mix up levels this deep", quoteText(at.field), path),
		fmt.Sprintf("flatten: move the fields of %q up into its parent (e.g. %q), or split the tool", at.name, at.name+"_"+props.keys[0]))
	return at
}

// noParamsOpen warns about a tool without parameters that leaves the
// arguments open: a model may then invent some.
func (w *lintWalker) noParamsOpen(root *jnode) {
	params := w.doc.related(root, func(s *jnode) bool {
		if p := s.get("properties"); p != nil && p.kind == jObj && len(p.keys) > 0 {
			return true
		}
		ap := s.get("additionalProperties")
		return s.has("patternProperties") || (ap != nil && ap.kind == jObj)
	})
	if params {
		return
	}
	if ap := root.get("additionalProperties"); ap != nil && ap.kind == jBool && !ap.b {
		return
	}
	w.report(ruleNoParamsOpen, root, "", "", "the tool takes no parameters but its inputSchema allows any",
		`add "additionalProperties": false so a model knows to send {}`)
}
