package explain

import (
	"errors"
	"reflect"
	"testing"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/redirect"
)

// TestWords: the summary, the evidence in its one order, and the hint,
// for the kinds of failure both surfaces show.
func TestWords(t *testing.T) {
	t.Parallel()
	exited := &client.ServerExitError{Status: "exit status 2", Stderr: []string{"panic: boom"}}
	tokenStep := &step.Error{Step: step.Token, Err: errors.New("the token endpoint refused the client"), Hint: "check --client-id",
		Exchange: &step.Exchange{Method: "POST", URL: "https://as.example/token?client_secret=s3cr3t", Status: 401, ResponseBody: "{\n \"error\": \"invalid_client\"\n}"}}
	hop := &redirect.Error{From: "http://127.0.0.1:1/mcp", To: "http://127.0.0.1:2/mcp", Status: 307}
	tests := []struct {
		name   string
		err    error
		stderr []string
		want   Words
	}{
		{"exited, with its stderr", exited, nil, Words{Summary: "the server exited (exit status 2)",
			Evidence: []string{"last lines of the server's stderr:", "  panic: boom"}}},
		{"the session's stderr when the error has none", errors.New("connection closed"), []string{"bye"}, Words{Summary: "connection closed",
			Evidence: []string{"last lines of the server's stderr:", "  bye"}}},
		{"evidence in order, hint last", &client.ConnectError{Phase: client.PhaseConnect, Err: errors.New("refused access"), Hint: "log in",
			Also:     errors.New("sse: HTTP 404"),
			Evidence: client.Evidence{Noise: "hello", Challenge: "Bearer", Stderr: []string{"e"}}}, nil, Words{Summary: "connect: refused access",
			Evidence: []string{`the server wrote non-JSON to stdout: "hello"`, "stdout of a stdio server must carry only JSON-RPC messages; log to stderr instead",
				"the server's challenge: WWW-Authenticate: Bearer", "SSE, tried next, failed too: sse: HTTP 404", "last lines of the server's stderr:", "  e"},
			Hint: "log in"}},
		{"a failed step, its exchange redacted", &client.ConnectError{Phase: client.PhaseInitialize, Err: tokenStep}, nil, Words{
			Summary:  "authorization failed at token: the token endpoint refused the client",
			Evidence: []string{"request: POST https://as.example/token?client_secret=***: HTTP 401 Unauthorized", `answer: { "error": "invalid_client" }`},
			Hint:     "check --client-id"}},
		{"a step without a cause", &step.Error{Step: step.Callback}, nil, Words{Summary: "authorization failed at callback: it failed"}},
		{"a login nobody can start", &auth.LoginRequiredError{Command: "toolbench auth login x"}, nil, Words{
			Summary: "the server needs a login: toolbench may not start one here", Hint: "run `toolbench auth login x`, then try again"}},
		{"a redirect's hint replaces the step's", &step.Error{Step: step.ServerMetadata, Err: hop, Hint: "check the issuer"}, nil, Words{
			Summary: "authorization failed at authorization server metadata: " + hop.Error(), Hint: hop.Hint()}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := Error(tt.err, tt.stderr); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v\nwant %#v", got, tt.want)
			}
		})
	}
}
