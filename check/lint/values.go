package lint

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/internal/jsondoc"

	"github.com/toolbench/toolbench/schemaform"
)

// requiredRule reports names in "required" that no property defines. A name
// that patternProperties or an explicit additionalProperties admits is only
// an info: the schema accepts it, but a model is told nothing about it.
func (w *walker) requiredRule(n *jsondoc.Value, at schemaPlace) {
	req := n.Get("required")
	if req == nil || !req.IsArray() {
		return
	}
	var defined map[string]bool
	for _, v := range req.Items() {
		if !v.IsString() {
			continue
		}
		if defined == nil {
			defined = w.definedNames(n, at)
		}
		if defined[v.Text()] {
			continue
		}
		field := jsondoc.Join(at.field, v.Text())
		fix := fmt.Sprintf("add %q to \"properties\" with a type and a description, or remove it from \"required\"", v.Text())
		if w.admitsExtra(n, at, v.Text()) {
			w.reportAs(check.Info, ruleRequiredMissing, n, "/required/"+v.Token(), field,
				fmt.Sprintf("required names %s, which only patternProperties or additionalProperties admits", quoteText(v.Text())), fix)
			continue
		}
		w.report(ruleRequiredMissing, n, "/required/"+v.Token(), field,
			fmt.Sprintf("required names %s, but properties does not define it", quoteText(v.Text())), fix)
	}
}

// sameObject calls fn for every schema describing the object n is part of:
// n, its $ref targets and branches, and the schemas it is a branch of.
func (w *walker) sameObject(n *jsondoc.Value, at schemaPlace, fn func(*jsondoc.Value)) {
	visit := func(s *jsondoc.Value) bool { fn(s); return false }
	w.doc.related(n, visit)
	for o := at.outer; o != nil; o = o.next {
		w.doc.related(o.n, visit)
	}
}

// definedNames collects the property names of the object n is part of.
func (w *walker) definedNames(n *jsondoc.Value, at schemaPlace) map[string]bool {
	names := map[string]bool{}
	w.sameObject(n, at, func(s *jsondoc.Value) {
		if p := s.Get("properties"); p != nil && p.IsObject() {
			for _, k := range p.Keys() {
				names[k] = true
			}
		}
	})
	return names
}

// admitsExtra reports whether the object admits a property called name
// through patternProperties or an additionalProperties it spells out.
func (w *walker) admitsExtra(n *jsondoc.Value, at schemaPlace, name string) bool {
	admits := false
	w.sameObject(n, at, func(s *jsondoc.Value) {
		if ap := s.Get("additionalProperties"); ap != nil && (ap.IsObject() || (ap.Kind() == jsondoc.Bool && ap.IsTrue())) {
			admits = true
		}
		if pp := s.Get("patternProperties"); pp != nil && pp.IsObject() {
			for _, p := range pp.Keys() {
				re, err := regexp.Compile(p)
				// A pattern Go cannot read (ECMA lookahead) gets the benefit of the doubt.
				if err != nil || re.MatchString(name) {
					admits = true
				}
			}
		}
	})
	return admits
}

// valueRules checks "default" and each of "examples" against the schema
// they sit in: a model copies them, so a wrong one teaches a wrong call.
func (w *walker) valueRules(n *jsondoc.Value, at schemaPlace) {
	def, ex := n.Get("default"), n.Get("examples")
	if def == nil && (ex == nil || !ex.IsArray() || len(ex.Items()) == 0) {
		return
	}
	v, err := schemaform.NewValidator(w.standalone(n))
	if err != nil {
		return // the schema itself is broken; other rules say how
	}
	if def != nil {
		if msg := firstViolation(v, def.Raw()); msg != "" {
			w.report(ruleDefaultInvalid, n, "/default", at.field,
				fmt.Sprintf("the default %s breaks its own schema: %s", quoteText(string(def.Raw())), msg),
				"change the default to a value the schema accepts, or remove it")
		}
	}
	if ex == nil || !ex.IsArray() {
		return
	}
	for _, e := range ex.Items() {
		if msg := firstViolation(v, e.Raw()); msg != "" {
			w.report(ruleExampleInvalid, n, "/examples/"+e.Token(), at.field,
				fmt.Sprintf("the example %s breaks its own schema: %s", quoteText(string(e.Raw())), msg),
				"change the example to a value the schema accepts, or remove it")
		}
	}
}

// firstViolation validates a value and describes the first violation.
func firstViolation(v *schemaform.Validator, value []byte) string {
	vs, err := v.Validate(value)
	if err != nil {
		return err.Error()
	}
	if len(vs) == 0 {
		return ""
	}
	if vs[0].InstancePath != "" {
		return vs[0].InstancePath + ": " + vs[0].Message
	}
	return vs[0].Message
}

// standalone makes subschema n a document of its own that keeps the
// root's dialect and the root definitions its $refs reach, so they resolve
// as they did in place. Only the definitions reached go along: a schema
// with a thousand definitions and a hundred defaults must not compile a
// thousand definitions a hundred times.
func (w *walker) standalone(n *jsondoc.Value) []byte {
	root := w.doc.root
	if n == root {
		return root.Raw()
	}
	var b bytes.Buffer
	b.WriteByte('{')
	sep := func() {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
	}
	if v := root.Get("$schema"); v != nil {
		sep()
		fmt.Fprintf(&b, "%q:%s", "$schema", v.Raw())
	}
	reached, all := w.reachedDefs(n)
	for _, k := range [...]string{"$defs", "definitions"} {
		defs := root.Get(k)
		if defs == nil || !defs.IsObject() || n.Has(k) || (!all && len(reached[k]) == 0) {
			continue
		}
		sep()
		fmt.Fprintf(&b, "%q:", k)
		writeDefs(&b, defs, reached[k], all)
	}
	inner := bytes.TrimSpace(n.Raw())
	if inner = bytes.TrimSpace(inner[1 : len(inner)-1]); len(inner) > 0 {
		sep()
		b.Write(inner)
	}
	b.WriteByte('}')
	return b.Bytes()
}

// writeDefs writes a definitions object, whole or only the names given.
func writeDefs(b *bytes.Buffer, defs *jsondoc.Value, names map[string]bool, all bool) {
	if all {
		b.Write(defs.Raw())
		return
	}
	b.WriteByte('{')
	first := true
	for i, name := range defs.Keys() {
		if names[name] {
			if !first {
				b.WriteByte(',')
			}
			first = false
			fmt.Fprintf(b, "%s:%s", fixJSON(name), defs.Values()[i].Raw())
		}
	}
	b.WriteByte('}')
}

// reachedDefs follows the $refs in n, transitively, to the root
// definitions they name ("#/$defs/name…"). all is true when some local
// $ref takes another form (an anchor, a pointer elsewhere), and every
// definition must go along.
func (w *walker) reachedDefs(n *jsondoc.Value) (reached map[string]map[string]bool, all bool) {
	reached = map[string]map[string]bool{}
	stack := []*jsondoc.Value{n}
	for len(stack) > 0 && !all {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !cur.IsObject() && !cur.IsArray() {
			continue
		}
		stack = append(stack, cur.Children()...)
		ref, ok := cur.GetString("$ref")
		if !ok || !strings.HasPrefix(ref, "#") {
			continue
		}
		section, rest, _ := strings.Cut(strings.TrimPrefix(ref, "#/"), "/")
		name, _, _ := strings.Cut(rest, "/")
		name = jsondoc.UnescapeToken(name)
		def := w.doc.root.Get(section).Get(name)
		if (section != "$defs" && section != "definitions") || def == nil {
			all = true
			continue
		}
		if reached[section] == nil {
			reached[section] = map[string]bool{}
		}
		if !reached[section][name] {
			reached[section][name] = true
			stack = append(stack, def)
		}
	}
	return reached, all
}
