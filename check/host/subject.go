package host

import (
	"encoding/json"
	"sync"

	"github.com/toolbench/toolbench/internal/jsondoc"
	"github.com/toolbench/toolbench/tool"
)

// Subject is one tool being judged, with what every rule needs to know
// about its server. Schemas are parsed once, on first use, and shared by
// every rule.
type Subject struct {
	Tool tool.Tool
	// Server is the key the host's configuration uses for the server,
	// which prefixed names are made from.
	Server string

	inputOnce, outputOnce sync.Once
	input, output         *jsondoc.Value
}

// Input is the tool's inputSchema as a pointer-aware tree rooted at
// "/inputSchema", nil when it is absent or not JSON.
func (s *Subject) Input() *jsondoc.Value {
	s.inputOnce.Do(func() { s.input = parseSchema(s.Tool.InputSchema, "/inputSchema") })
	return s.input
}

// Output is the tool's outputSchema like Input, nil when it declares none.
func (s *Subject) Output() *jsondoc.Value {
	s.outputOnce.Do(func() { s.output = parseSchema(s.Tool.OutputSchema, "/outputSchema") })
	return s.output
}

func parseSchema(raw json.RawMessage, at string) *jsondoc.Value {
	if len(raw) == 0 {
		return nil
	}
	v, err := jsondoc.ParseAt(raw, at)
	if err != nil {
		return nil
	}
	return v
}

// List is a whole tools/list answer being judged.
type List struct {
	// Server is the key the host's configuration uses for the server.
	Server string
	// Chosen says a person chose Server (--server-name, a config name):
	// rules about the key itself judge only such a key, since a guessed
	// one (the server's reported name) is not what a host is configured
	// with.
	Chosen   bool
	Subjects []*Subject
}

// newList wraps tools for judging.
func newList(tools []tool.Tool, o Options) *List {
	l := &List{Server: o.Server, Chosen: o.chosen(), Subjects: make([]*Subject, len(tools))}
	for i, t := range tools {
		l.Subjects[i] = &Subject{Tool: t, Server: o.Server}
	}
	return l
}

// Lists is what a live server answered to its list requests: every page of
// tools/list (and of resources/list and prompts/list when the server
// offers them), on the era the session negotiated.
type Lists struct {
	// Era is "legacy" or "modern"; ProtocolVersion the version agreed
	// ("2026-07-28").
	Era             string
	ProtocolVersion string
	// Instructions is the server's instructions as sent, "" when it
	// sent none.
	Instructions string
	// Pages are the list results in the order they came.
	Pages []ListPage
}

// ListPage is one page of a list result, as sent.
type ListPage struct {
	// Method is "tools/list", "resources/list"…
	Method string
	// Page counts from 1.
	Page int
	// Raw is the result object, exactly as the server sent it.
	Raw json.RawMessage
}
