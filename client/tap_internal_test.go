package client

import (
	"encoding/json"
	"testing"

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
