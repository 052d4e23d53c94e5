package host

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// What the hosts that let a person choose a Gemini model do to a schema
// for it: Zed adapts it to Gemini's OpenAPI subset (or refuses it),
// LibreChat and opencode sanitise it.

func viewZed(v *viewing) {
	switch v.chosen() {
	case Gemini:
		viewZedGemini(v)
	case "":
		v.laterWith(Gemini, "adapts the schema to Gemini's subset, and does not send a tool whose schema has $ref, if, then or else", srcZedGemini)
	default:
		v.unknown("Later versions of Zed are seen to add additionalProperties: false and properties: {} for models other than Gemini, but no confirmed source says from which version; the schema is shown as sent.")
	}
}

// zedRefusal is a schema Zed cannot make fit Gemini's subset.
type zedRefusal struct {
	pointer, key string
}

// Error names the keyword and where it is.
func (e *zedRefusal) Error() string { return fmt.Sprintf("%q at %s", e.key, e.pointer) }

// zedDrops are the keywords adapt_to_json_schema_subset removes, with the
// kind of value it removes them for, and the rule each belongs to.
var zedDrops = []struct {
	key  string
	kind jsondoc.Kind
	rule string
}{
	{"format", jsondoc.String, idUnsupportedKw},
	{"additionalProperties", jsondoc.Bool, idAdditionalProp},
	{"exclusiveMinimum", jsondoc.Number, idUnsupportedKw},
	{"exclusiveMaximum", jsondoc.Number, idUnsupportedKw},
	{"optional", jsondoc.Bool, ""},
}

// viewZedGemini rewrites the schema as adapt_to_json_schema_subset does: every
// object in it, data included, is checked and rewritten before its
// members.
func viewZedGemini(v *viewing) {
	v.shape = shapeGeminiSubset
	if v.schema == nil {
		return
	}
	before := len(v.changes)
	s, err := rewriteAll(v.schema, func(o *jsondoc.Value) error { return zedAdapt(v, o) })
	var refusal *zedRefusal
	if err != nil && errors.As(err, &refusal) {
		// Nothing is sent, so the rewrites before the refusal do not
		// matter: only the refusal is told.
		v.changes = v.changes[:before]
		rule := idUnsupportedKw
		if refusal.key == "$ref" {
			rule = idRef
		}
		v.refused = fmt.Sprintf("Zed does not send this tool to Gemini models: its schema has %q at %s, and Zed says the schema cannot be made compatible.", refusal.key, refusal.pointer)
		v.change(jsondoc.Join(refusal.pointer, refusal.key), rule, srcZedGemini, "%q cannot be made to fit Gemini's schema subset, so the tool is not sent", refusal.key)
		return
	}
	v.schema = s
}

// zedAdapt rewrites one object of the schema.
func zedAdapt(v *viewing, o *jsondoc.Value) error {
	for _, key := range []string{"if", "then", "else", "$ref"} {
		if o.Has(key) {
			return &zedRefusal{pointer: o.Pointer(), key: key}
		}
	}
	for _, d := range zedDrops {
		if x := o.Get(d.key); x != nil && x.Kind() == d.kind {
			o.Delete(d.key)
			v.change(at(o, d.key), d.rule, srcZedGemini, "%q: %s removed for Gemini", d.key, x.Marshal())
		}
	}
	if x := o.Get("default"); x != nil && x.Kind() == jsondoc.Null {
		o.Delete("default")
		o.Set("nullable", jsondoc.NewBool(true))
		v.change(at(o, "default"), "", srcZedGemini, "default: null becomes nullable: true")
	}
	if o.Get("description").IsString() && !o.Has("type") && !o.Has("anyOf") && !o.Has("oneOf") && !o.Has("allOf") {
		o.Set("type", jsondoc.NewString("string"))
		v.change(o.Pointer(), idUntyped, srcZedGemini, `a schema with a description and no type gets "type": "string"`)
	}
	if x := o.Get("oneOf"); x.IsArray() {
		o.Delete("oneOf")
		o.Set("anyOf", x)
		v.change(at(o, "oneOf"), "", srcZedGemini, "oneOf becomes anyOf")
	}
	return nil
}

// libreChatDrops are the keywords LibreChat's Gemini sanitizer strips
// besides $schema and additionalProperties: those at least one Gemini
// endpoint refuses.
var libreChatDrops = []string{"examples", "readOnly", "writeOnly", "deprecated", "$comment", "multipleOf",
	"uniqueItems", "prefixItems", "additionalItems", "propertyNames", "patternProperties", "dependencies",
	"dependentRequired", "dependentSchemas", "contentEncoding", "contentMediaType", "contentSchema", "id"}

func viewLibreChat(v *viewing) {
	v.keepOutput = true
	if len(v.tool.OutputSchema) > 0 {
		v.change("/outputSchema", "", srcLibreChatOutput, "not shown to the model: LibreChat ignores MCP output schemas")
	}
	if v.schema != nil {
		in := newRefInliner(v, srcLibreChatRefs, nil)
		v.schema = in.walk(v.schema, nil)
		if in.cyclesLeft > 0 {
			v.unknown("No source says what LibreChat makes of a $ref that leads back into itself; it is left as sent.")
		}
	}
	v.unknown("LibreChat converts the schema to Zod and back; no source shows the JSON that comes out, so the schema is shown with its local $refs resolved and otherwise as sent.")
	switch v.chosen() {
	case Gemini:
		libreChatGemini(v)
	case "":
		v.laterWith(Gemini, "strips $schema, additionalProperties, const and the keywords Gemini refuses", srcLibreChatGemini)
	}
}

// libreChatGemini applies what the catalogue says of LibreChat's Gemini
// sanitizer.
func libreChatGemini(v *viewing) {
	v.shape = shapeGeminiSubset
	v.unknown("No source says exactly how LibreChat folds exclusiveMinimum/exclusiveMaximum or collapses unions and type arrays for Gemini; they are shown as sent.")
	if v.schema == nil {
		return
	}
	root := v.schema
	v.schema = rewriteSchemas(v.schema, func(o *jsondoc.Value) {
		drop := func(key, rule, why string) {
			if o.Has(key) {
				o.Delete(key)
				v.change(at(o, key), rule, srcLibreChatGemini, "%q stripped for Gemini%s", key, why)
			}
		}
		drop("$schema", idDollarSchema, "")
		drop("additionalProperties", idAdditionalProp, "")
		for _, k := range libreChatDrops {
			drop(k, idUnsupportedKw, "")
		}
		if ref, ok := o.GetString("$ref"); ok && root.LookupFragment(ref) == nil {
			drop("$ref", idRef, ": it resolves nowhere in the schema")
		}
		if o.Has("const") {
			c := o.Get("const")
			o.Delete("const")
			o.Set("enum", jsondoc.NewArray(c))
			if !o.Has("type") {
				o.Set("type", jsondoc.NewString(c.Kind().String()))
			}
			v.change(at(o, "const"), "", srcLibreChatGemini, "const %s becomes a typed enum", c.Marshal())
		}
		if e := o.Get("enum"); e != nil && !stringEnum(o, e) {
			drop("enum", idEnumNonString, ": its type is not string")
		}
	})
}

// stringEnum reports whether an enum sits on a string: its type is
// "string", or, with no type, every value is a string.
func stringEnum(o, e *jsondoc.Value) bool {
	if t := o.Get("type"); t != nil {
		return t.IsString() && t.Text() == "string"
	}
	return !slices.ContainsFunc(e.Items(), func(x *jsondoc.Value) bool { return !x.IsString() })
}

// openCodeGemini applies opencode's sanitizeGemini: enum values become
// strings, a number or integer with an enum a string, and required keeps
// only names among the properties.
func openCodeGemini(v *viewing) {
	v.schema, _ = rewriteAll(v.schema, func(o *jsondoc.Value) error {
		if e := o.Get("enum"); e.IsArray() {
			strs := jsondoc.NewFrom(jsondoc.Array, e)
			changed := false
			for _, x := range e.Items() {
				strs.Append(jsondoc.NewString(jsString(x)))
				changed = changed || !x.IsString()
			}
			o.Set("enum", strs)
			if changed {
				v.change(at(o, "enum"), idEnumNonString, srcOpenCodeGemini, "enum values %s become strings %s", e.Marshal(), strs.Marshal())
			}
			if t, _ := o.GetString("type"); t == "integer" || t == "number" {
				o.Set("type", jsondoc.NewString("string"))
				v.change(at(o, "type"), idEnumNonString, srcOpenCodeGemini, "type %q with an enum becomes \"string\"", t)
			}
		}
		openCodePrune(v, o)
		return nil
	})
}

// openCodePrune drops from an object schema's required the names that
// are not among its properties.
func openCodePrune(v *viewing, o *jsondoc.Value) {
	props, req := o.Get("properties"), o.Get("required")
	if t, _ := o.GetString("type"); t != "object" || !props.IsObject() || !req.IsArray() {
		return
	}
	kept := jsondoc.NewFrom(jsondoc.Array, req)
	var gone []string
	for _, x := range req.Items() {
		if x.IsString() && props.Has(x.Text()) {
			kept.Append(x)
		} else {
			gone = append(gone, string(x.Marshal()))
		}
	}
	if len(gone) > 0 {
		o.Set("required", kept)
		v.change(at(o, "required"), "", srcOpenCodeGemini, "required drops %s, not among the properties", strings.Join(gone, ", "))
	}
}

// jsString is String(x) in JavaScript, for the values enums hold.
func jsString(x *jsondoc.Value) string {
	switch x.Kind() {
	case jsondoc.String, jsondoc.Number:
		return x.Text()
	case jsondoc.Bool:
		return fmt.Sprint(x.IsTrue())
	case jsondoc.Null:
		return "null"
	case jsondoc.Array:
		parts := make([]string, len(x.Items()))
		for i, item := range x.Items() {
			parts[i] = jsString(item)
		}
		return strings.Join(parts, ",")
	}
	return "[object Object]"
}
