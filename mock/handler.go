package mock

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/tool"
)

// handler answers the calls of one tool.
type handler struct {
	name string
	// input is nil when the inputSchema cannot be compiled; arguments are
	// then taken as they come.
	input *schemaform.Validator
	// structured is the structuredContent every valid call returns; nil
	// when the tool declares no outputSchema.
	structured json.RawMessage
}

// newHandler prepares a tool's answers once: the validator for its
// arguments and the output example. Warnings say what could not be made.
func newHandler(t tool.Tool) (*handler, []string) {
	h := &handler{name: t.Name}
	var warnings []string
	schema := t.InputSchema
	if schema == nil {
		schema = json.RawMessage(`{"type":"object"}`)
	}
	v, err := schemaform.NewValidator(schema)
	if err != nil {
		warnings = append(warnings, fmt.Sprintf("tool %q: arguments will not be checked: the inputSchema is unusable (%v)", t.Name, err))
	}
	h.input = v
	if t.OutputSchema != nil {
		var warning string
		h.structured, warning = outputExample(t.OutputSchema)
		if warning != "" {
			warnings = append(warnings, fmt.Sprintf("tool %q: %s", t.Name, warning))
		}
	}
	return h, warnings
}

// outputExample makes a structuredContent for outputSchema: the full
// example, or the minimal one when only that satisfies the schema. When
// neither does, the full one is used anyway and the warning says so.
func outputExample(outputSchema json.RawMessage) (json.RawMessage, string) {
	form, err := schemaform.Compile(outputSchema)
	if err != nil {
		return json.RawMessage(`{}`), fmt.Sprintf("the outputSchema is not JSON (%v); answering {}", err)
	}
	full := form.Example(schemaform.Full)
	v, err := schemaform.NewValidator(outputSchema)
	if err != nil {
		return full, fmt.Sprintf("the outputSchema is unusable (%v); its example is unchecked", err)
	}
	var first []schemaform.Violation
	for _, ex := range []json.RawMessage{full, form.Example(schemaform.Minimal)} {
		violations, err := v.Validate(ex)
		if err == nil && len(violations) == 0 {
			return ex, ""
		}
		if first == nil {
			first = violations
		}
	}
	msg := "no example satisfies the outputSchema"
	if len(first) > 0 {
		msg += fmt.Sprintf(" (%s: %s)", pathOrRoot(first[0].InstancePath), first[0].Message)
	}
	return full, msg + "; answering with the full example anyway"
}

// handle validates the arguments and answers: isError listing every
// violation, or an echo of the arguments plus the structured output and its
// JSON as text, which the spec suggests for clients that only read text.
func (h *handler) handle(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	args := rawArguments(req)
	if h.input != nil {
		violations, err := h.input.Validate(args)
		if err != nil {
			return mcp.NewToolResultError(fmt.Sprintf("invalid arguments for %s: %v", h.name, err)), nil
		}
		if len(violations) > 0 {
			return mcp.NewToolResultError(describe(h.name, violations)), nil
		}
	}
	res := &mcp.CallToolResult{Content: []mcp.Content{
		mcp.NewTextContent(fmt.Sprintf("mock %s called with arguments %s", h.name, compact(args))),
	}}
	if h.structured != nil {
		res.StructuredContent = h.structured
		res.Content = append(res.Content, mcp.NewTextContent(string(h.structured)))
	}
	return res, nil
}

// describe lists violations one per line, path first.
func describe(tool string, violations []schemaform.Violation) string {
	var b strings.Builder
	fmt.Fprintf(&b, "invalid arguments for %s: %s of the inputSchema", tool, plural.Count(len(violations), "violation"))
	for _, v := range violations {
		fmt.Fprintf(&b, "\n%s: %s", pathOrRoot(v.InstancePath), v.Message)
		if v.SchemaPath != "" {
			fmt.Fprintf(&b, " [schema %s]", v.SchemaPath)
		}
	}
	return b.String()
}

// rawArguments returns the arguments as the client sent them; none at all
// is an empty object, as the spec reads an absent arguments field.
func rawArguments(req mcp.CallToolRequest) json.RawMessage {
	var raw json.RawMessage
	switch v := req.GetRawArguments().(type) {
	case json.RawMessage:
		raw = v
	case nil:
	default:
		// In-process callers may set decoded arguments.
		raw, _ = json.Marshal(v)
	}
	if t := bytes.TrimSpace(raw); len(t) == 0 || string(t) == "null" {
		return json.RawMessage(`{}`)
	}
	return raw
}

func pathOrRoot(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}
