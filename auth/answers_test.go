package auth_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/fixture/oauth"
)

// What toolbench answers a legacy server's own requests (an elicitation
// here) travels in a request of toolbench's: it carries the token like
// every other, or the server refuses it and the call waits for an answer
// that never comes. (mcp-go's SSE server sends no requests, so SSE is not
// here; its answers take the same transport.)
func TestAnswersCarryTheToken(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		opts []oauth.Option
	}{
		{"streamable HTTP", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv := oauth.Start(t, tc.opts...)
			b := newBench(t, srv)
			b.session = client.Options{Protocol: "legacy", Answer: func(context.Context, client.Ask) (json.RawMessage, error) {
				return json.RawMessage(`{"action":"accept","content":{"name":"Ada"}}`), nil
			}}
			s := b.mustConnect()
			out, err := b.call(s, oauth.AskTool)
			if err != nil || !strings.Contains(out, "accept") || !strings.Contains(out, "Ada") {
				t.Fatalf("ask = %q, %v; want the accepted answer to have reached the server", out, err)
			}
		})
	}
}
