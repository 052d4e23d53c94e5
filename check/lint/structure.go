package lint

import (
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// schemaRules judges one schema level and returns the place its children
// inherit. The structural rules hold for input and output alike; the
// wording rules only for input, because the model fills the input while
// the server fills the output: a terse output description misleads no call.
func (w *walker) schemaRules(n *jsondoc.Value, at schemaPlace) schemaPlace {
	w.typeRule(n, at)
	w.enumRules(n, at)
	w.refRule(n, at)
	w.dialectRule(n, at)
	w.invisibleRule(n, at)
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
var typeFixes = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"int": "integer", "long": "integer", "float": "number", "double": "number", "decimal": "number",
		"str": "string", "text": "string", "bool": "boolean", "dict": "object", "map": "object",
		"list": "array", "tuple": "array", "none": "null", "nil": "null",
	}
})

// typeRule reports type names JSON Schema does not have; a validator
// rejects the whole schema over one, so the tool cannot be called at all.
func (w *walker) typeRule(n *jsondoc.Value, at schemaPlace) {
	ty := n.Get("type")
	if ty == nil {
		return
	}
	check := func(v *jsondoc.Value, suffix string) {
		if v.IsString() && typeBit(v.Text()) != 0 {
			return
		}
		fix := `use one of "string", "number", "integer", "boolean", "object", "array", "null"`
		if good, ok := typeFixes()[strings.ToLower(v.Text())]; ok && v.IsString() {
			fix = fmt.Sprintf("write %q instead of %q", good, v.Text())
		}
		w.report(ruleTypeUnknown, n, suffix, at.field, fmt.Sprintf("type %s is not a JSON Schema type", v.Raw()), fix)
	}
	if ty.IsArray() {
		for _, v := range ty.Items() {
			check(v, "/type/"+v.Token())
		}
		return
	}
	check(ty, "/type")
}

// notSchema reports a property whose value is not a schema at all, such as
// the shorthand "photo_id": "string": validators reject the whole schema.
func (w *walker) notSchema(p *jsondoc.Value, at schemaPlace) {
	fix := fmt.Sprintf(`write a schema object: "%s": {"type": "string", "description": "…"}`, at.name)
	if p.IsString() && typeBit(p.Text()) != 0 {
		fix = fmt.Sprintf(`write "%s": {"type": %q, "description": "…"}`, at.name, p.Text())
	}
	w.report(ruleTypeUnknown, p, "", at.field, fmt.Sprintf("property %s is %s, not a schema object", quoteText(at.name), quoteText(string(p.Raw()))), fix)
}

// enumRules reports an enum that admits nothing, and repeated values, which
// are harmless to validators but show a copy-paste slip.
func (w *walker) enumRules(n *jsondoc.Value, at schemaPlace) {
	e := n.Get("enum")
	if e == nil {
		return
	}
	if !e.IsArray() || len(e.Items()) == 0 {
		w.report(ruleEnumEmpty, n, "/enum", at.field, fmt.Sprintf("enum is %s, so no value is valid", e.Raw()),
			`list the allowed values, e.g. "enum": ["a", "b"], or remove "enum"`)
		return
	}
	seen := map[string]bool{}
	for _, v := range e.Items() {
		key := enumKey(v)
		if seen[key] {
			w.report(ruleEnumDuplicate, n, "/enum/"+v.Token(), at.field,
				fmt.Sprintf("enum lists %s more than once", v.Raw()), fmt.Sprintf("remove the repeated %s", v.Raw()))
		}
		seen[key] = true
	}
}

// enumKey renders a JSON value so that equal values (1 and 1.0, objects
// with keys in another order) render alike, as JSON Schema compares them.
func enumKey(v *jsondoc.Value) string {
	switch v.Kind() {
	case jsondoc.Number:
		if f, err := strconv.ParseFloat(v.Text(), 64); err == nil {
			return "n" + strconv.FormatFloat(f, 'g', -1, 64)
		}
	case jsondoc.Array:
		parts := make([]string, len(v.Items()))
		for i, x := range v.Items() {
			parts[i] = enumKey(x)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case jsondoc.Object:
		parts := make([]string, len(v.Keys()))
		for i, k := range v.Keys() {
			parts[i] = strconv.Quote(k) + ":" + enumKey(v.Values()[i])
		}
		sort.Strings(parts)
		return "{" + strings.Join(parts, ",") + "}"
	}
	return string(v.Raw())
}

// refRule reports a $ref that leads nowhere in the schema, or out of it.
func (w *walker) refRule(n *jsondoc.Value, at schemaPlace) {
	r := n.Get("$ref")
	if r == nil {
		return
	}
	if !r.IsString() {
		w.report(ruleRefUnresolvable, n, "/$ref", at.field, fmt.Sprintf("$ref is %s, not a string", r.Raw()),
			`write "$ref" as a string such as "#/$defs/name"`)
		return
	}
	_, err := w.doc.refs.Resolve(r.Text(), n)
	var re *jsondoc.RefError
	switch {
	case !errors.As(err, &re):
	case !re.Outside:
		w.report(ruleRefUnresolvable, n, "/$ref", at.field, fmt.Sprintf("$ref %s resolves nowhere in the schema", quoteText(r.Text())),
			"point it at an existing definition"+w.defsHint())
	default:
		w.report(ruleRefRemote, n, "/$ref", at.field, fmt.Sprintf("$ref %s points outside the schema; clients and models do not fetch it", quoteText(r.Text())),
			`copy the referenced schema under "$defs" and point "$ref" at "#/$defs/<name>"`)
	}
}

// defsHint lists the definitions a broken $ref could have meant.
func (w *walker) defsHint() string {
	var names []string
	for _, k := range [...]string{"$defs", "definitions"} {
		if m := w.doc.root.Get(k); m != nil && m.IsObject() {
			for _, name := range m.Keys() {
				names = append(names, "#"+jsondoc.Join("", k, name))
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
var knownDialect = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^https?://json-schema\.org/(draft-0[467]/schema|draft/20(19-09|20-12)/schema)#?$`)
})

// dialectRule reports a $schema no validator knows: clients then guess the
// draft, or refuse the schema.
func (w *walker) dialectRule(n *jsondoc.Value, at schemaPlace) {
	s := n.Get("$schema")
	if s == nil || (s.IsString() && knownDialect().MatchString(s.Text())) {
		return
	}
	w.report(ruleDialectUnknown, n, "/$schema", at.field, fmt.Sprintf("$schema %s names no known JSON Schema draft", s.Raw()),
		`write "https://json-schema.org/draft/2020-12/schema" (or "http://json-schema.org/draft-07/schema#"), or drop "$schema"`)
}

// maxNesting is the seed's limit: "不要超过三层嵌套". Its own example
// (filter → date_range → start) has three levels of properties and passes.
const maxNesting = 3

// nestingRule reports an object that opens a fourth level of properties,
// once per branch: what is below it is part of the same problem.
func (w *walker) nestingRule(n *jsondoc.Value, at schemaPlace) schemaPlace {
	props := n.Get("properties")
	if at.deep || at.level < maxNesting || props == nil || !props.IsObject() || len(props.Keys()) == 0 {
		return at
	}
	at.deep = true
	path := strings.Join(strings.Split(strings.TrimPrefix(at.field, "/"), "/"), " → ")
	w.report(ruleNestingTooDeep, n, "", at.field,
		fmt.Sprintf("%s opens a fourth level of nested properties (%s → …); models mix up levels this deep", quoteText(at.field), path),
		fmt.Sprintf("flatten: move the fields of %q up into its parent (e.g. %q), or split the tool", at.name, at.name+"_"+props.Keys()[0]))
	return at
}

// noParamsOpen warns about a tool without parameters that leaves the
// arguments open: a model may then invent some.
func (w *walker) noParamsOpen(root *jsondoc.Value) {
	params := w.doc.related(root, func(s *jsondoc.Value) bool {
		if p := s.Get("properties"); p != nil && p.IsObject() && len(p.Keys()) > 0 {
			return true
		}
		ap := s.Get("additionalProperties")
		return s.Has("patternProperties") || (ap != nil && ap.IsObject())
	})
	if params {
		return
	}
	if ap := root.Get("additionalProperties"); ap != nil && ap.Kind() == jsondoc.Bool && !ap.IsTrue() {
		return
	}
	w.report(ruleNoParamsOpen, root, "", "", "the tool takes no parameters but its inputSchema allows any",
		`add "additionalProperties": false so a model knows to send {}`)
}
