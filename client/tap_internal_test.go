package client

import (
	"encoding/json"
	"testing"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// TestWithoutContent: the light result mcp-go gets keeps what it acts on,
// so a multi-round-trip request for input still reaches it, and drops the
// content toolbench reads from the raw result.
func TestWithoutContent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, in, want string
	}{
		{"content dropped", `{"content":[{"type":"text","text":"big"}],"structuredContent":{"a":1},"isError":true,"_meta":{"k":"v"}}`,
			`{"_meta":{"k":"v"},"isError":true,"content":[]}`},
		{"input requested", `{"resultType":"input_required","inputRequests":{"r1":{"method":"elicitation/create","params":{}}},"requestState":"s","content":[]}`,
			`{"resultType":"input_required","inputRequests":{"r1":{"method":"elicitation/create","params":{}}},"requestState":"s","content":[]}`},
		{"not an object", `[1,2]`, `[1,2]`},
		{"content not a list", `{"content":"x"}`, `{"content":"x"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := withoutContent(json.RawMessage(tt.in))
			if string(got) != tt.want {
				t.Fatalf("withoutContent(%s) = %s, want %s", tt.in, got, tt.want)
			}
		})
	}
	var r mcp.CallToolResult
	light := withoutContent(json.RawMessage(tests[1].in))
	if err := json.Unmarshal(light, &r); err != nil || !r.NeedsInput() || r.RequestState != "s" {
		t.Errorf("mcp-go reads the light result as %+v (%v); want it to ask for input", r, err)
	}
}

// TestWithValidHeaderTools: mcp-go gets the tool list without the tools
// whose x-mcp-header is invalid (it would log about each one on the
// process's default logger); the others, and the page's other members, as
// sent.
func TestWithValidHeaderTools(t *testing.T) {
	t.Parallel()
	good := `{"name":"ok","inputSchema":{"type":"object","properties":{"r":{"type":"string","x-mcp-header":"Region"}}}}`
	bad := `{"name":"bad","inputSchema":{"type":"object","properties":{"r":{"type":"object","x-mcp-header":"Region"}}}}`
	tests := []struct {
		name, result, want string
	}{
		{"drops the bad one", `{"tools":[` + good + `,` + bad + `],"nextCursor":"c"}`, `{"nextCursor":"c","tools":[` + good + `]}`},
		{"all valid passes as sent", `{"tools":[` + good + `] }`, `{"tools":[` + good + `] }`},
		{"not a page passes as sent", `[1]`, `[1]`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got := withValidHeaderTools(&transport.JSONRPCResponse{Result: json.RawMessage(tc.result)})
			if string(got.Result) != tc.want {
				t.Fatalf("got %s\nwant %s", got.Result, tc.want)
			}
		})
	}
}
