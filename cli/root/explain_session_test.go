package root

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/client"
)

// TestSessionLostExplained: a call on a session the server forgot exits 3,
// as a lost connection does, and the CLI quotes the server's answer and
// says to reconnect.
func TestSessionLostExplained(t *testing.T) {
	t.Parallel()
	sl := &client.SessionLostError{Method: "POST", URL: "http://127.0.0.1:1/mcp", Status: 400,
		Excerpt: `{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: No valid session ID provided"},"id":1}`}
	err := fmt.Errorf("call: %w", &client.RequestError{What: "call echo", Err: sl, Hint: "reconnect to start a new one"})
	if exitCode(err) != exitConnect {
		t.Errorf("exit %d, want %d", exitCode(err), exitConnect)
	}
	want := []string{"call: call echo: the server at http://127.0.0.1:1/mcp no longer knows this session: it answered POST with HTTP 400 Bad Request",
		`  the server's answer: "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Bad Request: No valid session ID provided\"},\"id\":1}"`,
		"  hint: reconnect to start a new one"}
	if got := explain(err); !reflect.DeepEqual(got, want) {
		t.Errorf("explain:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
