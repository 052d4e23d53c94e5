package provider

import (
	"encoding/json"
	"fmt"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/tool"
)

// conversion is one conversion of one tool: the parsed inputSchema and what
// the conversion found. Converters never change the parsed schema; they
// build new values around it, so one parse serves every provider.
type conversion struct {
	tool   tool.Tool
	schema *jsondoc.Value
	issues []issue
	seen   map[string]int
}

// issue is a finding in the making: the conversion learns whether it
// blocks only as it goes, and the tool's name is added at the end.
type issue struct {
	rule    check.RuleID
	pointer string
	field   string
	message string
	fix     string
	kind    issueKind
}

type issueKind uint8

const (
	// note is a change the conversion made because the provider does not
	// accept what the tool sent: a portability problem, but no blocker.
	note issueKind = iota
	// blocker makes the converted tool unusable as is.
	blocker
	// change is a change worth telling that is no portability problem,
	// such as an outputSchema the provider has no place for.
	change
	// dropped is a note that the conversion leaves out part of what the
	// tool accepts: a parameter, a union branch, a keyword holding
	// subschemas. Unlike other notes it survives a rollback, since the
	// person must learn what is gone.
	dropped
)

// key identifies an issue for deduplication: an inlined $ref visits the
// same keyword from every place that uses it.
func (is issue) key() string { return is.rule.String() + "\x00" + is.pointer }

// finding makes the check.Finding, at the rule's default severity.
func (is issue) finding(toolName string) check.Finding {
	return is.rule.Finding(toolName, is.pointer, is.field, is.message, is.fix)
}

func newConversion(t tool.Tool) (*conversion, error) {
	schema := jsondoc.NewObject()
	schema.Set("type", jsondoc.NewString("object"))
	schema.SetPointer("/inputSchema")
	if len(t.InputSchema) > 0 {
		var err error
		if schema, err = jsondoc.ParseAt(t.InputSchema, "/inputSchema"); err != nil {
			return nil, fmt.Errorf("the inputSchema of %q is not JSON: %w", t.Name, err)
		}
	}
	return &conversion{tool: t, schema: schema, seen: map[string]int{}}, nil
}

// convert runs the provider's converter; p must be known.
func (c *conversion) convert(p Name) *jsondoc.Value {
	switch p {
	case OpenAI:
		return c.openAI(false)
	case OpenAIStrict:
		return c.openAI(true)
	case Anthropic:
		return c.anthropic()
	case Gemini:
		return c.gemini()
	default:
		return c.mcp()
	}
}

func (c *conversion) note(is issue)  { c.add(note, is) }
func (c *conversion) block(is issue) { c.add(blocker, is) }
func (c *conversion) lose(is issue)  { c.add(dropped, is) }

// add records is once per rule and pointer. A blocker outranks a drop,
// and a drop a note.
func (c *conversion) add(kind issueKind, is issue) {
	key := is.key()
	if i, ok := c.seen[key]; ok {
		if have := c.issues[i].kind; kind == blocker || (kind == dropped && have == note) {
			c.issues[i].kind = kind
		}
		return
	}
	is.kind = kind
	c.seen[key] = len(c.issues)
	c.issues = append(c.issues, is)
}

// rollback forgets the plain notes found since mark, unless an issue
// blocks; what was dropped stays told.
func (c *conversion) rollback(mark int) {
	for _, is := range c.issues[mark:] {
		if is.kind == blocker {
			return
		}
	}
	kept := c.issues[:mark]
	for _, is := range c.issues[mark:] {
		delete(c.seen, is.key())
		if is.kind != note {
			c.seen[is.key()] = len(kept)
			kept = append(kept, is)
		}
	}
	c.issues = kept
}

// findings lists the issues of the conversion for p that keep says to,
// blockers first, then notes, each at its rule's severity; a blocker names
// p in Blocks. Convert and Compat both make their findings here, so a
// blocker is one finding, at one severity, in the provider's view and in
// lint.
func (c *conversion) findings(p Name, keep func(issueKind) bool) []check.Finding {
	out := []check.Finding{}
	for _, blockers := range []bool{true, false} {
		for _, is := range c.issues {
			if (is.kind == blocker) != blockers || !keep(is.kind) {
				continue
			}
			f := is.finding(c.tool.Name)
			if blockers {
				f.Blocks = []string{string(p)}
			}
			out = append(out, f)
		}
	}
	return out
}

// holdsSchemas reports whether keyword k, whose value is v, holds schema
// objects that describe arguments, so that leaving it out drops part of
// what the tool accepts. Definitions do not count: the $refs that use them
// are inlined or kept.
func holdsSchemas(k string, v *jsondoc.Value) bool {
	if v == nil || k == "$defs" || k == "definitions" {
		return false
	}
	kv := jsondoc.NewObject()
	kv.Set(k, v)
	found := false
	jsondoc.EachSubschema(kv, func(string, *jsondoc.Value) { found = true })
	return found
}

// valueCount is how many values v holds, itself included.
func valueCount(v *jsondoc.Value) int {
	n := 1
	for _, c := range v.Children() {
		n += valueCount(c)
	}
	return n
}

// mcp is the tool object as sent, or rebuilt from its fields when the raw
// object is missing.
func (c *conversion) mcp() *jsondoc.Value {
	if raw, err := jsondoc.ParseAt(c.tool.Raw, ""); err == nil && raw.IsObject() {
		return raw
	}
	out := jsondoc.NewObject()
	out.Set("name", jsondoc.NewString(c.tool.Name))
	for _, kv := range [][2]string{{"title", c.tool.Title}, {"description", c.tool.Description}} {
		if kv[1] != "" {
			out.Set(kv[0], jsondoc.NewString(kv[1]))
		}
	}
	out.Set("inputSchema", c.schema)
	for _, kv := range []struct {
		k string
		v json.RawMessage
	}{{"outputSchema", c.tool.OutputSchema}, {"annotations", c.tool.Annotations.Raw}} {
		if v, err := jsondoc.ParseAt(kv.v, "/"+kv.k); err == nil {
			out.Set(kv.k, v)
		}
	}
	return out
}

// envelope starts a provider's tool object with the name and, when there
// is one, the description.
func (c *conversion) envelope() *jsondoc.Value {
	out := jsondoc.NewObject()
	out.Set("name", jsondoc.NewString(c.tool.Name))
	if c.tool.Description != "" {
		out.Set("description", jsondoc.NewString(c.tool.Description))
	}
	return out
}

// dropOutputSchema tells that the outputSchema has no place in the
// provider's format: the model then learns the result's shape only from the
// description.
func (c *conversion) dropOutputSchema(format string) {
	if len(c.tool.OutputSchema) == 0 {
		return
	}
	c.add(change, issue{rule: ruleOutputSchemaDropped, pointer: "/outputSchema",
		message: format + " have no output schema, so converting leaves the outputSchema out; the model sees results as plain content",
		fix:     "describe the shape of the result in the tool description if the model needs to know it"})
}

// listAt makes an array of items that stands where from stands.
func listAt(from *jsondoc.Value, items ...*jsondoc.Value) *jsondoc.Value {
	l := jsondoc.NewFrom(jsondoc.Array, from)
	l.Append(items...)
	return l
}
