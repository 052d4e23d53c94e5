package host

import (
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// shape is the form of the tool object a host sends its model API: which
// keys, and under which key the schema goes.
type shape uint8

const (
	// shapeDefault lets the provider decide: Anthropic's Messages API
	// form when the model is Anthropic's, shapeAsSent otherwise.
	shapeDefault shape = iota
	// shapeAsSent is {name, description, inputSchema}: no source says
	// which key the host uses.
	shapeAsSent
	// shapeAnthropic is the Messages API tool: {name, description,
	// input_schema}.
	shapeAnthropic
	// shapeCodex is Codex's Responses API function: {type: "function",
	// name, description, parameters, strict: false}.
	shapeCodex
	// shapeGeminiJSON is a Gemini function declaration with full JSON
	// Schema: {name, description, parametersJsonSchema}.
	shapeGeminiJSON
	// shapeGeminiSubset is a Gemini function declaration whose schema is
	// the OpenAPI subset: {name, description, parameters}.
	shapeGeminiSubset
)

// schemaKey is the key the schema goes under in each shape.
var schemaKey = map[shape]string{
	shapeAsSent:       "inputSchema",
	shapeAnthropic:    "input_schema",
	shapeCodex:        "parameters",
	shapeGeminiJSON:   "parametersJsonSchema",
	shapeGeminiSubset: "parameters",
}

// settleShape picks the shape when the host's step left it to the
// provider, and says how the schema's key changed or that no source says.
func (v *viewing) settleShape() {
	if v.shape != shapeDefault {
		return
	}
	if v.provider == Anthropic {
		v.shape = shapeAnthropic
		if v.schema != nil {
			v.change("/inputSchema", "", srcAnthropicShape, "sent as input_schema, the key Anthropic's Messages API takes")
		}
		return
	}
	v.shape = shapeAsSent
	model := "its model"
	if v.provider != "" {
		model = article(providerTitle(v.provider)) + " model"
	}
	v.unknown("No source says under which key %s hands the schema to %s; it is shown under inputSchema.", v.host.Name, model)
}

// payload builds the tool object in the host's shape, keys in the order
// the host writes them.
func (v *viewing) payload() *jsondoc.Value {
	out := jsondoc.NewObject()
	if v.shape == shapeCodex {
		out.Set("type", jsondoc.NewString("function"))
	}
	out.Set("name", jsondoc.NewString(v.name))
	if v.desc != nil {
		out.Set("description", jsondoc.NewString(*v.desc))
	}
	if v.schema != nil {
		out.Set(schemaKey[v.shape], v.schema)
	}
	if v.shape == shapeCodex {
		out.Set("strict", jsondoc.NewBool(false))
	}
	return out
}

// providerTitle is a provider's name in a sentence.
func providerTitle(p Provider) string {
	switch p {
	case Anthropic:
		return "Anthropic"
	case OpenAI:
		return "OpenAI"
	case Gemini:
		return "Gemini"
	}
	return string(p)
}

// article puts "a" or "an" before a provider's name.
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOU", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}
