package lint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/internal/jsondoc"

	"github.com/toolbench/toolbench/tool"
)

// Check judges tools: tool-level rules, then every schema level of each
// inputSchema and outputSchema. Findings come sorted by tool, in input
// order, then by pointer. It never fails: a schema that cannot be read is
// itself a finding.
func Check(tools []tool.Tool) []check.Finding {
	var out []check.Finding
	firstIndex := make(map[string]int, len(tools))
	for i, t := range tools {
		l := &linter{tool: t.Name}
		l.toolRules(t, i, firstIndex)
		if root := l.root(t.InputSchema, inputRoot); root != nil {
			l.walkDoc(root, false)
		}
		if root := l.root(t.OutputSchema, outputRoot); root != nil {
			l.walkDoc(root, true)
		}
		sortByPointer(l.out)
		out = append(out, l.out...)
	}
	return out
}

// linter collects the findings of one tool.
type linter struct {
	tool string
	out  []check.Finding
}

// add records a finding at its rule's default severity.
func (l *linter) add(rule check.RuleID, ptr, field, msg, fix string) {
	l.out = append(l.out, rule.Finding(l.tool, ptr, field, msg, fix))
}

// addAs records a finding at an explicit severity.
func (l *linter) addAs(sev check.Severity, rule check.RuleID, ptr, field, msg, fix string) {
	f := rule.Finding(l.tool, ptr, field, msg, fix)
	f.Severity = sev
	l.out = append(l.out, f)
}

// schemaAbsent reports whether a schema was not sent at all.
func schemaAbsent(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || string(t) == "null"
}

// schemaRoot says how the root of one of a tool's schemas is judged.
type schemaRoot struct {
	// ptr is the schema's pointer in the tool object, what its name.
	ptr, what string
	rule      check.RuleID
	// absentFix says how to add the schema when the tool must have one;
	// "" when the tool may leave it out.
	absentFix string
	// typeFix says how to make the root's type "object".
	typeFix string
}

var (
	inputRoot = schemaRoot{ptr: "/inputSchema", what: "inputSchema", rule: ruleInputNotObject,
		absentFix: `add "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false}`,
		typeFix:   `set "type": "object" at the root and put the parameters under "properties"`}
	outputRoot = schemaRoot{ptr: "/outputSchema", what: "outputSchema", rule: ruleOutputNotObject,
		typeFix: `set "type": "object" at the root; wrap anything else as {"type": "object", "properties": {"result": ...}}`}
)

// root checks that a schema is an object schema of type "object", as MCP
// requires, and returns it parsed for the walk; nil when there is nothing
// to walk.
func (l *linter) root(raw json.RawMessage, r schemaRoot) *jsondoc.Value {
	if schemaAbsent(raw) {
		if r.absentFix != "" {
			l.add(r.rule, r.ptr, "", "the tool has no "+r.what, r.absentFix)
		}
		return nil
	}
	root, err := jsondoc.ParseAt(raw, r.ptr)
	if err != nil || !root.IsObject() {
		l.add(r.rule, r.ptr, "", "the "+r.what+" is not a JSON object: "+notObjectReason(root, err),
			`send an object schema: {"type": "object", "properties": {...}}`)
		return nil
	}
	l.rootType(root, r.rule, r.what, r.typeFix)
	return root
}

// rootType reports a root whose own type is not exactly "object". MCP
// says so, and clients reject schemas that leave it to a $ref or a union.
func (l *linter) rootType(root *jsondoc.Value, rule check.RuleID, what, fix string) {
	ty := root.Get("type")
	switch {
	case ty == nil:
		l.add(rule, root.Pointer(), "", "the "+what+" has no root \"type\"", fix)
	case ty.IsString() && ty.Text() == "object":
	case ty.IsArray() && ty.Len() == 1 && ty.Items()[0].Text() == "object":
	default:
		l.add(rule, root.Pointer()+"/type", "", fmt.Sprintf("the %s's root type is %s, not \"object\"", what, ty.Raw()), fix)
	}
}

// notObjectReason says what a document is instead of an object.
func notObjectReason(n *jsondoc.Value, err error) string {
	if err != nil {
		return "it is not valid JSON (" + err.Error() + ")"
	}
	return "it is " + string(n.Raw())
}

// sortByPointer orders one tool's findings by pointer, comparing token by
// token so that "/a" and its children come before "/a-b", then by rule.
func sortByPointer(fs []check.Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		if c := jsondoc.Compare(fs[i].Pointer, fs[j].Pointer); c != 0 {
			return c < 0
		}
		return fs[i].Rule < fs[j].Rule
	})
}

// quoteText shows text from a schema in a message: quoted, and cut at 60
// characters so a long description does not swamp the line.
func quoteText(s string) string {
	const limit = 60
	if utf8.RuneCountInString(s) > limit {
		s = string([]rune(s)[:limit]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

// fixJSON renders a value as JSON for a fix, without escaping the HTML
// characters and non-ASCII text a person should read as written.
func fixJSON(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
