package provider

import (
	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/tool"
)

// compatProviders are the providers Compat judges a tool for: the MCP form
// is the tool itself, and plain OpenAI functions share their problems with
// strict ones, so both run and their findings are merged.
var compatProviders = [...]Name{OpenAI, OpenAIStrict, Anthropic, Gemini}

// Compat reports, for every provider, what keeps t from being accepted as
// that provider's tool as is: each finding names the keyword and points
// into the tool object ("/inputSchema/properties/x/oneOf"), with Field set
// when it is about one argument. They are Convert's findings, less what a
// conversion only changes (an outputSchema left out), merged across
// providers: one finding per rule and pointer, its Blocks naming every
// provider it blocks. All are infos, as in Convert: an MCP tool need not be
// an OpenAI function, so portability is advice. Rule ids start with
// "compat-openai-", "compat-openai-strict-", "compat-anthropic-" or
// "compat-gemini-". A tool whose inputSchema is not JSON gets none; lint
// reports that.
func Compat(t tool.Tool) []check.Finding {
	first, err := newConversion(t)
	if err != nil {
		return nil
	}
	out := []check.Finding{}
	seen := map[string]int{}
	portable := func(k issueKind) bool { return k != change }
	for _, p := range compatProviders {
		c := &conversion{tool: t, schema: first.schema, seen: map[string]int{}}
		c.convert(p)
		for _, f := range c.findings(p, portable) {
			key := f.Rule + "\x00" + f.Pointer
			if i, ok := seen[key]; ok {
				out[i].Blocks = append(out[i].Blocks, f.Blocks...)
				continue
			}
			seen[key] = len(out)
			out = append(out, f)
		}
	}
	return out
}
