package host

import (
	"fmt"
	"unicode/utf16"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// ccDescCap is where Claude Code cuts a tool description, in the UTF-16
// code units JavaScript counts; ccCutMark is what it appends.
const (
	ccDescCap = 2048
	ccCutMark = "… [truncated]"
)

func viewClaudeCode(v *viewing) {
	if v.desc != nil {
		units := utf16.Encode([]rune(*v.desc))
		if len(units) > ccDescCap {
			cut := units[:ccDescCap]
			// Never leave half a surrogate pair: it would not be text.
			if utf16.IsSurrogate(rune(cut[len(cut)-1])) {
				cut = cut[:len(cut)-1]
			}
			d := string(utf16.Decode(cut)) + ccCutMark
			v.desc = &d
			v.change("/description", idDescLen, srcCCDescCut,
				"cut from %d to %d characters and %q appended; /mcp still shows the whole text", len(units), ccDescCap, ccCutMark)
		}
	}
	v.unknown("No source says that Claude Code changes a tool's schema before its model sees it; it is shown as sent.")
}

func viewClaudeDesktop(v *viewing) {
	v.unknown("No source says whether Claude Desktop or claude.ai cuts long descriptions, or changes a tool's schema; both are shown as sent.")
}

func viewVSCode(v *viewing) {
	// _normalizeTool tests the description for truth, as JavaScript does,
	// so an empty one is missing too.
	if v.desc == nil || *v.desc == "" {
		empty := "<empty>"
		v.desc = &empty
		v.change("/description", idDescMissing, srcVSCodeTool, `no description, so VS Code sends '<empty>' and warns "Tools must be accurately described to be called"`)
	}
	if v.schema.IsObject() && !v.schema.Has("properties") {
		s := v.schema.Shallow()
		s.Set("properties", jsondoc.NewObject())
		v.change(at(v.schema, "properties"), idMissingProps, srcVSCodeTool, "properties: {} added (draft-07 needs it)")
		v.schema = s
	}
	v.unknown("No source says what else VS Code changes in a tool's schema for its model; the rest is shown as sent.")
}

func viewCline(v *viewing) {
	if v.desc == nil || *v.desc == "" {
		d := fmt.Sprintf("Execute MCP tool %q from server %q.", v.tool.Name, v.server)
		v.desc = &d
		v.change("/description", idDescMissing, srcClineDesc, "no description, so Cline writes its own: %s", d)
	}
	v.unknown("No source says what Cline changes in a tool's schema before its model sees it; it is shown as sent.")
}

func viewGeminiCLI(v *viewing) {
	v.shape = shapeGeminiJSON
	if v.schema == nil {
		s := typed("object")
		s.Set("properties", jsondoc.NewObject())
		v.schema = s
		v.change("/inputSchema", idRootNotObject, srcGeminiCLIDecl, `no inputSchema, so Gemini CLI declares {"type":"object","properties":{}}`)
	} else {
		v.change("/inputSchema", "", srcGeminiCLIDecl, "sent as parametersJsonSchema, whole JSON Schema rather than Gemini's OpenAPI subset")
	}
	v.keepOutput = true
	if len(v.tool.OutputSchema) > 0 {
		v.change("/outputSchema", "", srcGeminiCLIDecl, "left out: Gemini CLI's function declaration holds only name, description and parametersJsonSchema")
	}
	// The rewrite visits every object in the schema, data included, as
	// the source's transform does.
	v.schema, _ = rewriteAll(v.schema, func(o *jsondoc.Value) error {
		t := o.Get("type")
		if t.Len() != 2 || !t.IsArray() {
			return nil
		}
		a, b := t.Items()[0], t.Items()[1]
		other := b
		switch {
		case a.IsString() && a.Text() == "null":
		case b.IsString() && b.Text() == "null":
			other = a
		default:
			return nil
		}
		if !other.IsString() {
			return nil
		}
		o.Set("type", jsondoc.NewString(other.Text()))
		o.Set("nullable", jsondoc.NewBool(true))
		v.change(at(o, "type"), idTypeArray, srcGeminiCLINullable, `type %s becomes type %q with nullable: true`, t.Marshal(), other.Text())
		return nil
	})
}

func viewOpenCode(v *viewing) {
	s := jsondoc.NewObject()
	s.SetPointer("/inputSchema")
	if v.schema.IsObject() {
		s = v.schema.Shallow()
	}
	if t, _ := s.GetString("type"); t != "object" {
		s.Set("type", jsondoc.NewString("object"))
		v.change(at(s, "type"), idRootNotObject, srcOpenCodeCoerce, `type set to "object" whatever the tool sent`)
	}
	if p := s.Get("properties"); p == nil || p.Kind() == jsondoc.Null {
		s.Set("properties", jsondoc.NewObject())
		v.change(at(s, "properties"), idMissingProps, srcOpenCodeCoerce, "properties: {} added")
	}
	if !s.Get("additionalProperties").IsFalse() {
		s.Set("additionalProperties", jsondoc.NewBool(false))
		v.change(at(s, "additionalProperties"), "", srcOpenCodeCoerce, "additionalProperties set to false: the model may send no argument the schema does not name")
	}
	v.schema = s
	switch v.chosen() {
	case Gemini:
		openCodeGemini(v)
	case "":
		v.laterWith(Gemini, "makes enum values strings, enums on numbers strings, and drops required names that are not properties", srcOpenCodeGemini)
	}
	if v.provider == OpenAI || v.provider == "" {
		v.unknown("opencode also sanitises schemas for OpenAI models (sanitizeOpenAISchema), but no source says how; the schema is shown without it.")
	}
}
