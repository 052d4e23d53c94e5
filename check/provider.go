package check

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/tool"
)

// Provider names a tool format that a model API accepts.
type Provider string

// The providers Convert renders for.
const (
	// ProviderMCP is the tool object as the MCP server sent it.
	ProviderMCP Provider = "mcp"
	// ProviderOpenAI is a Chat Completions function tool, schema as sent.
	ProviderOpenAI Provider = "openai"
	// ProviderOpenAIStrict is a function tool with "strict": true, its
	// schema reshaped into the Structured Outputs subset.
	ProviderOpenAIStrict Provider = "openai-strict"
	// ProviderAnthropic is a Messages API client tool.
	ProviderAnthropic Provider = "anthropic"
	// ProviderGemini is a Gemini API function declaration, whose parameters
	// are an OpenAPI 3.0 subset rather than JSON Schema.
	ProviderGemini Provider = "gemini"
)

// Providers lists every provider Convert knows, in the order to show them.
func Providers() []Provider {
	return []Provider{ProviderMCP, ProviderOpenAI, ProviderOpenAIStrict, ProviderAnthropic, ProviderGemini}
}

// ErrUnknownProvider is returned by Convert for a provider it does not know.
var ErrUnknownProvider = errors.New("unknown provider")

// Convert renders t in the provider's tool format. Blockers (severity
// Error) are findings that make the result unusable as is; the JSON is
// still returned where one can be made, such as an openai-strict form whose
// optional properties became required. Notes (severity Info) are changes
// Convert made, such as inlined $refs and dropped keywords, worth telling.
func Convert(t tool.Tool, p Provider) (json.RawMessage, []Finding, error) {
	if !p.known() {
		return nil, nil, fmt.Errorf("%w %q: want %s", ErrUnknownProvider, p, providerList())
	}
	c, err := newProvConv(t)
	if err != nil {
		return nil, nil, err
	}
	return c.convert(p).marshal(), c.findings(), nil
}

func (p Provider) known() bool {
	for _, q := range Providers() {
		if p == q {
			return true
		}
	}
	return false
}

// providerList names the providers for messages: "mcp, openai, ... or gemini".
func providerList() string {
	ps := Providers()
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = string(p)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// provConv is one conversion of one tool: the parsed inputSchema and what
// the conversion found. Converters never change the parsed schema; they
// build new values around it, so one parse serves every provider.
type provConv struct {
	tool   tool.Tool
	schema *ojson
	issues []provIssue
	seen   map[string]int
}

// provIssue is a finding with what kind of finding it is.
type provIssue struct {
	Finding
	kind provKind
}

type provKind uint8

const (
	// provNote is a change the conversion made because the provider does
	// not accept what the tool sent: a portability problem, but no blocker.
	provNote provKind = iota
	// provBlocker makes the converted tool unusable as is.
	provBlocker
	// provChange is a change worth telling that is no portability problem,
	// such as an outputSchema the provider has no place for.
	provChange
)

func newProvConv(t tool.Tool) (*provConv, error) {
	schema := &ojson{kind: ojObj, keys: []string{"type"}, vals: []*ojson{ojString("object")}, at: "/inputSchema"}
	if len(t.InputSchema) > 0 {
		var err error
		if schema, err = parseOJSON(t.InputSchema, "/inputSchema"); err != nil {
			return nil, fmt.Errorf("the inputSchema of %q is not JSON: %w", t.Name, err)
		}
	}
	return &provConv{tool: t, schema: schema, seen: map[string]int{}}, nil
}

// convert runs the provider's converter; p must be known.
func (c *provConv) convert(p Provider) *ojson {
	switch p {
	case ProviderOpenAI:
		return c.openAI(false)
	case ProviderOpenAIStrict:
		return c.openAI(true)
	case ProviderAnthropic:
		return c.anthropic()
	case ProviderGemini:
		return c.gemini()
	default:
		return c.mcp()
	}
}

// flattenAllOf merges src's allOf branches into one schema for a provider
// that has no allOf (lacks says so, as rule), noting the merge; branches that
// cannot be merged are dropped, which blocks: what they add is lost.
func (c *provConv) flattenAllOf(src *ojson, field, rule, lacks string) *ojson {
	all := src.get("allOf")
	merged, why := provFlatten(c.schema, src)
	const fix = "write the combined schema out as one object"
	if why != "" {
		c.block(Finding{Rule: rule, Pointer: provKeyPtr(src, "allOf", all), Field: field,
			Message: lacks + ", and its branches cannot be merged into one schema (" + why + "), so converting leaves it out, with every property and rule its branches add",
			Fix:     fix})
		s := src.shallow()
		s.del("allOf")
		return s
	}
	c.note(Finding{Rule: rule, Pointer: provKeyPtr(src, "allOf", all), Field: field,
		Message: lacks + "; converting merges its branches into one schema", Fix: fix})
	return merged
}

func (c *provConv) note(f Finding)   { c.add(provNote, f) }
func (c *provConv) block(f Finding)  { c.add(provBlocker, f) }
func (c *provConv) change(f Finding) { c.add(provChange, f) }

// add records f once per rule and pointer: an inlined $ref visits the same
// keyword from every place that uses it. A blocker outranks a note.
func (c *provConv) add(kind provKind, f Finding) {
	f.Tool = c.tool.Name
	key := f.Rule + "\x00" + f.Pointer
	if i, ok := c.seen[key]; ok {
		if kind == provBlocker {
			c.issues[i].kind = provBlocker
		}
		return
	}
	c.seen[key] = len(c.issues)
	c.issues = append(c.issues, provIssue{Finding: f, kind: kind})
}

// rollback forgets the issues found since mark, unless one blocks.
func (c *provConv) rollback(mark int) {
	for _, is := range c.issues[mark:] {
		if is.kind == provBlocker {
			return
		}
	}
	for _, is := range c.issues[mark:] {
		delete(c.seen, is.Rule+"\x00"+is.Pointer)
	}
	c.issues = c.issues[:mark]
}

// findings lists blockers first, as errors, then notes, as infos.
func (c *provConv) findings() []Finding {
	out := []Finding{}
	for _, blockers := range []bool{true, false} {
		for _, is := range c.issues {
			if (is.kind == provBlocker) == blockers {
				f := is.Finding
				f.Severity = Info
				if blockers {
					f.Severity = Error
				}
				out = append(out, f)
			}
		}
	}
	return out
}

// mcp is the tool object as sent, or rebuilt from its fields when the raw
// object is missing.
func (c *provConv) mcp() *ojson {
	if raw, err := parseOJSON(c.tool.Raw, ""); err == nil && raw.isObj() {
		return raw
	}
	out := ojObject()
	out.set("name", ojString(c.tool.Name))
	for _, kv := range [][2]string{{"title", c.tool.Title}, {"description", c.tool.Description}} {
		if kv[1] != "" {
			out.set(kv[0], ojString(kv[1]))
		}
	}
	out.set("inputSchema", c.schema)
	for _, kv := range []struct {
		k string
		v json.RawMessage
	}{{"outputSchema", c.tool.OutputSchema}, {"annotations", c.tool.Annotations.Raw}} {
		if v, err := parseOJSON(kv.v, "/"+kv.k); err == nil {
			out.set(kv.k, v)
		}
	}
	return out
}

// envelope starts a provider's tool object with the name and, when there
// is one, the description.
func (c *provConv) envelope() *ojson {
	out := ojObject()
	out.set("name", ojString(c.tool.Name))
	if c.tool.Description != "" {
		out.set("description", ojString(c.tool.Description))
	}
	return out
}

// dropOutputSchema tells that the outputSchema has no place in the
// provider's format: the model then learns the result's shape only from the
// description.
func (c *provConv) dropOutputSchema(format string) {
	if len(c.tool.OutputSchema) == 0 {
		return
	}
	c.change(Finding{Rule: "convert-output-schema-dropped", Pointer: "/outputSchema",
		Message: format + " have no output schema, so converting leaves the outputSchema out; the model sees results as plain content",
		Fix:     "describe the shape of the result in the tool description if the model needs to know it"})
}
