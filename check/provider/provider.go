// Package provider renders MCP tools in the tool formats of model APIs
// (OpenAI functions, strict or not, Anthropic tools, Gemini function
// declarations) and says what does not carry over: Convert makes one
// provider's form with its blockers and notes, Compat gathers every
// provider's portability problems for lint.
package provider

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/tool"
)

// Name names a tool format that a model API accepts.
type Name string

// The providers Convert renders for.
const (
	// MCP is the tool object as the MCP server sent it.
	MCP Name = "mcp"
	// OpenAI is a Chat Completions function tool, schema as sent.
	OpenAI Name = "openai"
	// OpenAIStrict is a function tool with "strict": true, its schema
	// reshaped into the Structured Outputs subset.
	OpenAIStrict Name = "openai-strict"
	// Anthropic is a Messages API client tool.
	Anthropic Name = "anthropic"
	// Gemini is a Gemini API function declaration, whose parameters are an
	// OpenAPI 3.0 subset rather than JSON Schema.
	Gemini Name = "gemini"
)

// All lists every provider Convert knows, in the order to show them.
func All() []Name {
	return []Name{MCP, OpenAI, OpenAIStrict, Anthropic, Gemini}
}

// ErrUnknown is returned by Convert for a provider it does not know.
var ErrUnknown = errors.New("unknown provider")

// Convert renders t in the provider's tool format. Blockers (findings whose
// Blocks names p) make the result unusable as is; the JSON is still
// returned where one can be made, such as an openai-strict form whose
// optional properties became required. Notes are changes Convert made,
// such as inlined $refs and dropped keywords, worth telling. Every finding
// has its rule's severity, the one Compat gives it too. Every parameter the
// conversion leaves out has a finding at its pointer.
func Convert(t tool.Tool, p Name) (json.RawMessage, []check.Finding, error) {
	if !p.known() {
		return nil, nil, fmt.Errorf("%w %q: want %s", ErrUnknown, p, list())
	}
	c, err := newConversion(t)
	if err != nil {
		return nil, nil, err
	}
	return c.convert(p).Marshal(), c.findings(p, func(issueKind) bool { return true }), nil
}

func (p Name) known() bool {
	for _, q := range All() {
		if p == q {
			return true
		}
	}
	return false
}

// list names the providers for messages: "mcp, openai, ... or gemini".
func list() string {
	ps := All()
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = string(p)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
