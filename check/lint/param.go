package lint

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/internal/jsondoc"
)

// parameterRules judge a property as the model meets it: by name, with the
// description and default that reach it through $ref and branches.
func (w *walker) parameterRules(p *jsondoc.Value, at schemaPlace, required bool) {
	if at.desc == "" && !w.fixed(p) {
		msg := fmt.Sprintf("parameter %s has no description", quoteText(at.name))
		if w.doc.types(p) == tObject {
			msg = fmt.Sprintf("object %s has no description; the model cannot tell what it is for or whether to send it", quoteText(at.name))
		}
		w.report(ruleDescMissing, p, "", at.field, msg,
			fmt.Sprintf("add a \"description\" saying what %s means to the caller: its purpose, format, and the default when omitted", at.name))
	}
	if required || w.doc.hasKeyword(p, "default", "const") || statesDefault(at.desc) {
		return
	}
	w.reportAs(check.Info, ruleDefaultUnstated, p, "", at.field,
		fmt.Sprintf("optional parameter %s does not say what happens when it is omitted", quoteText(at.name)),
		fmt.Sprintf("add %s, or say it in the description (\"defaults to …\", \"if omitted, …\")", defaultSuggestion(w.doc, p)))
}

// fixed reports whether a property admits a single value (a const, or a
// one-value enum, as discriminators are written): there is nothing for a
// description to explain.
func (w *walker) fixed(p *jsondoc.Value) bool {
	return w.doc.related(p, func(s *jsondoc.Value) bool {
		e := s.Get("enum")
		return s.Has("const") || (e != nil && e.IsArray() && len(e.Items()) == 1)
	})
}

// defaultSuggestion proposes a "default" for the fix: the first enum value,
// false for a boolean, or a template.
func defaultSuggestion(d *document, p *jsondoc.Value) string {
	var first *jsondoc.Value
	d.related(p, func(s *jsondoc.Value) bool {
		if e := s.Get("enum"); e != nil && e.IsArray() && len(e.Items()) > 0 {
			first = e.Items()[0]
			return true
		}
		return false
	})
	switch {
	case first != nil:
		return `"default": ` + string(first.Raw())
	case d.types(p) == tBoolean:
		return `"default": false`
	}
	return `"default": <value>`
}

// wordingRules judge what the schema's own description and type say.
func (w *walker) wordingRules(n *jsondoc.Value, at schemaPlace) {
	desc, hasDesc := n.GetString("description")
	if hasDesc {
		switch restatedBy(desc, at.name) {
		case "type":
			w.report(ruleDescRestatesType, n, "/description", at.field,
				fmt.Sprintf("the description %s only restates the type", quoteText(desc)),
				restatesFix)
		case "name":
			w.report(ruleDescRestatesType, n, "/description", at.field,
				fmt.Sprintf("the description %s only restates the name", quoteText(desc)),
				fmt.Sprintf("say what %s means, how it is written and give an example", at.name))
		}
		w.enumInProse(n, at, desc)
	} else {
		desc = at.desc
	}
	w.numberNotInteger(n, at, desc)
	w.datetimeFormat(n, at, desc)
}

// restatesFix shows a better description. It is in English, as every fix
// is, whatever the language of the bad one: the prose tables still read
// Chinese descriptions, but the person reads toolbench's words.
const restatesFix = "say what the value means and how it is written, e.g. \"Recipient's mobile number, 11 digits, e.g. 13800138000\""

// enumInProse flags allowed values listed in the description instead of
// an enum: the seed's "可选值：tech、design、marketing".
func (w *walker) enumInProse(n *jsondoc.Value, at schemaPlace, desc string) {
	// A pattern or format already constrains the value; objects, arrays and
	// booleans cannot be listed as words.
	if w.doc.hasKeyword(n, "enum", "const", "pattern", "format") || w.doc.types(n)&(tString|tNumber|tInteger) == 0 {
		return
	}
	values := proseEnumValues(desc)
	if len(values) < 2 {
		return
	}
	numeric := w.doc.types(n)&tString == 0
	list := make([]string, len(values))
	for i, v := range values {
		list[i] = fixJSON(v)
		if _, err := strconv.ParseFloat(v, 64); numeric && err == nil {
			list[i] = v
		}
	}
	w.report(ruleEnumInProse, n, "/description", at.field,
		fmt.Sprintf("the description lists the allowed values in prose: %s", quoteText(desc)),
		fmt.Sprintf("replace the prose with \"enum\": [%s]", strings.Join(list, ", ")))
}

// numberNotInteger flags a type "number" whose name or description says
// it counts. Only the schema that says "number" reports, once.
func (w *walker) numberNotInteger(n *jsondoc.Value, at schemaPlace, desc string) {
	ty := n.Get("type")
	if ty == nil || ownTypes(n)&tNumber == 0 || ownTypes(n)&tInteger != 0 || !countHint(at.name, desc) {
		return
	}
	fix := `change "type": "number" to "type": "integer"`
	if ty.IsArray() {
		fix = `write "integer" instead of "number" in "type"`
	}
	w.report(ruleNumberNotInteger, n, "/type", at.field,
		fmt.Sprintf("%s is typed number but counts or identifies things, so fractions like 2.5 are accepted", quoteText(at.name)), fix)
}

// datetimeFormat flags a date or time string that says nowhere how it is
// written: the seed's "日期" gets 2026/1/15 or Jan 15, 2026 back.
func (w *walker) datetimeFormat(n *jsondoc.Value, at schemaPlace, desc string) {
	if ownTypes(n)&tString == 0 || w.doc.hasKeyword(n, "format", "pattern", "enum", "const") || formatProse.MatchString(desc) {
		return
	}
	isDate, withTime := dateHint(at.name, desc)
	if !isDate {
		return
	}
	fix := `add "format": "date" and say "YYYY-MM-DD, e.g. 2026-01-15" in the description`
	if withTime {
		fix = `add "format": "date-time" and say "RFC 3339, e.g. 2026-01-15T09:30:00Z" in the description`
	}
	w.report(ruleDatetimeFormat, n, "", at.field,
		fmt.Sprintf("%s holds a date or time but states no format, so the model may send \"2026/1/15\" or \"Jan 15, 2026\"", quoteText(at.name)), fix)
}
