package host

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// The Gemini rules are about the OpenAPI-3.0 subset of Gemini's
// "parameters" field. Gemini CLI sends "parametersJsonSchema" instead, full
// JSON Schema, so they reach it only where a source says so. Each rule's
// Others is Works: the condition matters only to hosts that hand a Gemini
// model the subset, and the hosts listed are those a source shows doing it
// or rewriting the schema for it; Claude Code, Claude Desktop, ChatGPT and
// Codex never use a Gemini model.

var (
	ocGemini  = Source{Ref: "anomalyco/opencode packages/opencode/src/provider/transform.ts (sanitizeGemini, code index)", Date: "2025–26"}
	ocGemini2 = Source{Ref: "anomalyco/opencode#4538", Date: "2025-11-20"}
	ocGemini3 = Source{Ref: "anomalyco/opencode#12908", Date: "2026-02-10"}
	gemNull   = Source{Ref: "google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts @5411f11 L1318-1353; commit 9de42892 (#27228)", Date: "2026-05-19"}
	zedTypes  = Source{Ref: "zed-industries/zed#53834", Date: "2026-04-13"}
	anyOfOnly = Source{Ref: "akitaonrails/ai-memory#450", Date: "2026-08-21"}
)

// lcStrips is LibreChat's Gemini sanitiser rewriting a schema for a Gemini
// model, as does says.
func lcStrips(does, fix string, more ...Source) Effect {
	return Effect{Host: LibreChat, Via: Gemini, Verdict: Degraded, Does: does, Fix: fix,
		Sources: append([]Source{lcSanitizer, lcKeywords}, more...), Seen: "2026-06"}
}

// eachKeyword makes a hit of each schema object of the inputSchema that
// has keyword, with what describe says of its value.
func eachKeyword(s *Subject, keyword string, describe func(n schemaNode, v *jsondoc.Value) (string, bool)) []Hit {
	if !mentions(s.Tool.InputSchema, keyword) {
		return nil
	}
	var hits []Hit
	eachInput(s, func(n schemaNode) {
		v := n.v.Get(keyword)
		if v == nil {
			return
		}
		if d, ok := describe(n, v); ok {
			hits = append(hits, Hit{Tool: s.Tool.Name, Pointer: keywordPointer(n.v, keyword), Field: n.field(), Detail: d})
		}
	})
	return hits
}

const fixEnum = `Make the enum's values strings on a "type": "string" schema, or drop the enum for a number and state the choices in the description.`

var ruleGeminiEnum = add(&Rule{
	ID:      "gemini.enum-non-string",
	Summary: "An enum has values that are not strings, or sits on a schema whose type is not string.",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: Cursor, Via: Gemini, Verdict: Rejected,
			Does:    "Refuses the tool for a Gemini model: \"The argument schema for tool X is incompatible with gemini-2.5-pro… fix the MCP server, disable it, or switch models\".",
			Fix:     fixEnum,
			Sources: []Source{cursorGemini}, Seen: "2025-04"},
		{Host: OpenCode, Via: Gemini, Verdict: Degraded,
			Does:    "Turns the enum's values into strings, and a number or integer with an enum into a string, for a Gemini model.",
			Fix:     fixEnum,
			Sources: []Source{ocGemini, ocGemini2, ocGemini3}, Seen: "2025–26"},
		lcStrips("Keeps an enum only when the schema's type is string, so a Gemini model loses the choices.", fixEnum),
	},
	Others: Works,
	detect: func(s *Subject) []Hit {
		return eachKeyword(s, "enum", func(n schemaNode, v *jsondoc.Value) (string, bool) {
			for _, item := range v.Items() {
				if !item.IsString() {
					return fmt.Sprintf("%s has the enum %s, with a value that is not a string", fieldName(n), brief(v, 60)), true
				}
			}
			if t := typeNames(n.v); len(t) > 0 && !jsondoc.HasType(n.v, "string") {
				return fmt.Sprintf("%s has an enum on type %s", fieldName(n), strings.Join(t, "/")), true
			}
			return "", false
		})
	},
})

const fixTypeArray = `Give the schema one "type"; for an optional value leave it out of "required" rather than adding "null".`

var ruleGeminiTypeArray = add(&Rule{
	ID:      "gemini.type-array",
	Summary: "A schema's type is a list of types.",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: GeminiCLI, Verdict: Degraded,
			Does:    "Rewrites a two-element type [X, \"null\"] as \"type\": X with \"nullable\": true before sending it (longer lists go as they are).",
			Fix:     fixTypeArray,
			Sources: []Source{gemNull}, Seen: "2026-05", applies: nullablePair},
		{Host: Zed, Via: Gemini, Verdict: Degraded,
			Does:    "Rewrites a list of types for a Gemini model, which takes a single type.",
			Fix:     fixTypeArray,
			Sources: []Source{zedSchema, zedTypes}, Seen: "2026-04"},
		lcStrips("Collapses a list of types into one type for a Gemini model.", fixTypeArray),
	},
	Others: Works,
	detect: func(s *Subject) []Hit {
		if !mentionsList(s.Tool.InputSchema, "type") {
			return nil
		}
		return eachKeyword(s, "type", func(n schemaNode, v *jsondoc.Value) (string, bool) {
			return fmt.Sprintf("%s has the type list %s", fieldName(n), brief(v, 60)), v.IsArray()
		})
	},
})

// nullablePair applies an effect to a type list of one type and "null".
func nullablePair(s *Subject, h Hit) (string, bool) {
	v := s.Input().Lookup(strings.TrimPrefix(h.Pointer, "/inputSchema"))
	items := v.Items()
	if len(items) != 2 {
		return "", false
	}
	return "", items[0].Text() == "null" || items[1].Text() == "null"
}

const fixAdditional = `Leave additionalProperties out of the schema Gemini models see, or accept that it is dropped.`

var ruleGeminiAdditional = add(&Rule{
	ID:      "gemini.additionalProperties",
	Summary: "A schema sets additionalProperties.",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: Zed, Via: Gemini, Verdict: Degraded,
			Does:    "Removes a boolean additionalProperties before sending the schema to a Gemini model.",
			Fix:     fixAdditional,
			Sources: []Source{zedSchema}, Seen: "2025–26", applies: booleanAt},
		lcStrips("Strips additionalProperties for a Gemini model.", fixAdditional),
	},
	Others: Works,
	// Zed's source removes a boolean one; a schema-valued one is not known.
	Declined: Unknown,
	NotKnown: "No source says what HOST does with this additionalProperties for a Gemini model.",
	detect: func(s *Subject) []Hit {
		return eachKeyword(s, "additionalProperties", func(n schemaNode, v *jsondoc.Value) (string, bool) {
			return fmt.Sprintf("%s sets additionalProperties to %s", fieldName(n), brief(v, 40)), true
		})
	},
})

// booleanAt applies an effect to a hit whose value is true or false.
func booleanAt(s *Subject, h Hit) (string, bool) {
	v := s.Input().Lookup(strings.TrimPrefix(h.Pointer, "/inputSchema"))
	return "", v != nil && v.Kind() == jsondoc.Bool
}

const fixSchemaKey = `Leave "$schema" out of inputSchema: MCP's default dialect needs no declaration.`

var ruleGeminiSchemaKey = add(&Rule{
	ID:      "gemini.$schema",
	Summary: "The inputSchema declares $schema.",
	Scope:   ToolScope,
	Effects: []Effect{
		{Host: Cursor, Via: Gemini, Verdict: Hidden, Whole: true,
			Does:    "With a Gemini model, a $schema key blocks every tool of the server (\"The argument schema for tool X is incompatible with gemini…\").",
			Fix:     fixSchemaKey,
			Sources: []Source{cursorGemini2, cursorGemini}, Seen: "2026-04"},
		lcStrips("Strips $schema for a Gemini model.", fixSchemaKey),
	},
	Others: Works,
	detect: func(s *Subject) []Hit {
		return eachKeyword(s, "$schema", func(n schemaNode, v *jsondoc.Value) (string, bool) {
			return fmt.Sprintf("%s declares $schema %s", fieldName(n), brief(v, 80)), true
		})
	},
})

const fixAnyOfSiblings = `Put the other keywords inside each anyOf branch, leaving anyOf (and a description) alone on the schema.`

var ruleGeminiAnyOfSiblings = add(&Rule{
	ID:      "gemini.anyOf-siblings",
	Summary: "A schema has anyOf beside other keywords than description.",
	Scope:   ToolScope,
	Effects: []Effect{
		lcStrips("Collapses the union for a Gemini model, whose API answers \"When using any_of, it must be the only field set\" otherwise.", fixAnyOfSiblings, anyOfOnly),
	},
	Others: Works,
	detect: func(s *Subject) []Hit {
		return eachKeyword(s, "anyOf", func(n schemaNode, _ *jsondoc.Value) (string, bool) {
			var others []string
			for _, k := range n.v.Keys() {
				if k != "anyOf" && k != "description" {
					others = append(others, k)
				}
			}
			return fmt.Sprintf("%s has anyOf beside %s", fieldName(n), strings.Join(others, ", ")), len(others) > 0
		})
	},
})

// geminiUnsupported are the keywords Gemini's API refuses by name on at
// least one endpoint (Vertex: "Unknown name"), as LibreChat verified them,
// less $schema, $ref and additionalProperties, which have rules of their
// own.
var geminiUnsupported = map[string]bool{
	"exclusiveMinimum": true, "exclusiveMaximum": true, "examples": true, "readOnly": true, "writeOnly": true,
	"deprecated": true, "$comment": true, "multipleOf": true, "uniqueItems": true, "prefixItems": true,
	"additionalItems": true, "propertyNames": true, "patternProperties": true, "dependencies": true,
	"dependentRequired": true, "dependentSchemas": true, "contentEncoding": true, "contentMediaType": true,
	"contentSchema": true, "id": true,
}

const fixUnsupported = `Say the constraint in the description, or accept that these hosts drop it.`

var ruleGeminiUnsupported = add(&Rule{
	ID:      "gemini.unsupported-keywords",
	Summary: "A schema uses a keyword outside Gemini's schema subset (exclusiveMinimum, examples, patternProperties, prefixItems, uniqueItems…).",
	Scope:   ToolScope,
	Effects: []Effect{
		lcStrips("Strips the keyword (folding exclusiveMinimum/Maximum into minimum/maximum) for a Gemini model.", fixUnsupported,
			Source{Ref: "promptfoo/promptfoo#4200", Date: "2025-05-28"}),
		{Host: Zed, Via: Gemini, Verdict: Degraded,
			Does:    "Removes a numeric exclusiveMinimum or exclusiveMaximum before sending the schema to a Gemini model.",
			Fix:     fixUnsupported,
			Sources: []Source{zedSchema}, Seen: "2025–26", applies: keywordIs("exclusiveMinimum", "exclusiveMaximum")},
		{Host: Codex, Verdict: Degraded,
			Does:    "Keeps only type, description, enum, items, properties, required, additionalProperties and anyOf when it reads the schema, so the keyword never reaches the model.",
			Fix:     fixUnsupported,
			Sources: []Source{codexSchema}, Seen: "2026"},
	},
	Others: Works,
	// Zed's source removes exclusiveMinimum and exclusiveMaximum; what it
	// does with the other keywords is not known.
	Declined: Unknown,
	NotKnown: "No source says whether HOST removes this keyword for a Gemini model.",
	detect: func(s *Subject) []Hit {
		if !mentionsAny(s.Tool.InputSchema, geminiUnsupported) {
			return nil
		}
		var hits []Hit
		eachInput(s, func(n schemaNode) {
			for _, k := range n.v.Keys() {
				if geminiUnsupported[k] {
					hits = append(hits, Hit{Tool: s.Tool.Name, Pointer: keywordPointer(n.v, k), Field: n.field(),
						Detail: fmt.Sprintf("%s uses %q, which Gemini's schema subset lacks", fieldName(n), k)})
				}
			}
		})
		return hits
	},
})

// mentionsAny is mentions for any of the keys, in one pass over the
// text's strings. A backslash anywhere (an escaped quote would throw the
// pairing of quotes off) means the schema must be walked.
func mentionsAny(raw []byte, keys map[string]bool) bool {
	if bytes.IndexByte(raw, '\\') >= 0 {
		return true
	}
	for len(raw) > 0 {
		open := bytes.IndexByte(raw, '"')
		if open < 0 {
			return false
		}
		end := bytes.IndexByte(raw[open+1:], '"')
		if end < 0 {
			return false
		}
		if keys[string(raw[open+1:open+1+end])] {
			return true
		}
		raw = raw[open+end+2:]
	}
	return false
}

// keywordIs applies an effect to a hit on one of the keywords named.
func keywordIs(keywords ...string) func(*Subject, Hit) (string, bool) {
	return func(_ *Subject, h Hit) (string, bool) {
		k := jsondoc.UnescapeToken(h.Pointer[strings.LastIndexByte(h.Pointer, '/')+1:])
		for _, w := range keywords {
			if k == w {
				return "", true
			}
		}
		return "", false
	}
}
