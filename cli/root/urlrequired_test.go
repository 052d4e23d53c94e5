package root

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/testkit"
)

// urlRequiredServer serves "pay": its first call is refused with -32042,
// every later one succeeds. complete sends notifications/elicitation/complete
// for the refused call's elicitation, as a server does once the person
// finished at the URL.
type urlRequiredServer struct {
	target   []string
	srv      *mcpserver.MCPServer
	session  atomic.Value
	attempts atomic.Int32
}

func startURLRequired(t *testing.T, url string) *urlRequiredServer {
	t.Helper()
	u := &urlRequiredServer{srv: mcpserver.NewMCPServer("url-required", "1.0.0", mcpserver.WithElicitation())}
	u.srv.AddTool(mcp.NewTool("pay", mcp.WithDescription("Pays the bill once the person has logged in at the provider.")),
		func(ctx context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			if u.attempts.Add(1) > 1 {
				return mcp.NewToolResultText("paid"), nil
			}
			u.session.Store(mcpserver.ClientSessionFromContext(ctx).SessionID())
			return nil, mcp.URLElicitationRequiredError{Elicitations: []mcp.ElicitationParams{
				{Mode: "url", ElicitationID: "login-1", URL: url, Message: "Log in at the provider " + strings.Repeat("please ", 40)},
			}}
		})
	addr, stop, err := fixture.StartHTTP(u.srv)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	u.target = []string{"--protocol", "legacy", addr}
	return u
}

func (u *urlRequiredServer) complete() error {
	id, _ := u.session.Load().(string)
	return u.srv.SendNotificationToSpecificClient(id, string(mcp.MethodNotificationElicitationComplete), map[string]any{"elicitationId": "login-1"})
}

// A call refused with -32042 is answered like a URL-mode request: the
// policy accepts a web URL, naming its real host, and the call is retried
// once the server says the person is done.
func TestURLRequiredRetried(t *testing.T) {
	t.Parallel()
	u := startURLRequired(t, "https://good.example@pay.example/login")
	var out, errOut testkit.Buffer
	st := &streams{In: strings.NewReader(""), Out: &out, Err: &errOut}
	code := make(chan int, 1)
	go func() {
		code <- run(context.Background(), withTarget(u.target, "call", "pay", "--elicit", "accept-defaults", "--timeout", "60"), testFactory(st))
	}()
	if !testkit.Eventually(30*time.Second, func() bool { return strings.Contains(errOut.String(), "it leads to pay.example") }) {
		t.Fatalf("the URL was not told with its host; stderr:\n%s", errOut.String())
	}
	if u.attempts.Load() != 1 {
		t.Fatalf("the call was retried before the server said the URL interaction is complete")
	}
	if err := u.complete(); err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-code:
		if c != exitOK || !strings.Contains(out.String(), "paid") || u.attempts.Load() != 2 {
			t.Fatalf("exit %d after %d attempts\nstdout:\n%s\nstderr:\n%s", c, u.attempts.Load(), out.String(), errOut.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("the call was not retried after the completion; stderr:\n%s", errOut.String())
	}
	if strings.Contains(errOut.String(), "retrying the call anyway") {
		t.Errorf("the completion was not seen:\n%s", errOut.String())
	}
}

// A -32042 whose URL the policy declines (javascript:) or that no policy
// answers is the call's error: --json prints it with its URL, and the
// message names the whole URL, which it used to cut off.
func TestURLRequiredRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	u := startURLRequired(t, "javascript:alert(1)")
	r := runToolbench(t, ctx, "", withTarget(u.target, "call", "pay", "--elicit", "accept-defaults", "--json")...)
	if r.code == exitOK || !strings.Contains(r.err, "declined the server's request to open javascript:alert(1)") || u.attempts.Load() != 1 {
		t.Fatalf("javascript: exit %d after %d attempts\nstdout:\n%s\nstderr:\n%s", r.code, u.attempts.Load(), r.out, r.err)
	}
	var out struct {
		Error struct {
			Code int `json:"code"`
		} `json:"error"`
		URLs []struct {
			URL string `json:"url"`
		} `json:"urlElicitations"`
	}
	if err := json.Unmarshal([]byte(r.out), &out); err != nil || out.Error.Code != -32042 || len(out.URLs) != 1 || out.URLs[0].URL != "javascript:alert(1)" {
		t.Fatalf("--json printed %q (%v); want the -32042 error and its URL", r.out, err)
	}

	const long = "https://pay.example/login?session=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	u = startURLRequired(t, long)
	r = runToolbench(t, ctx, "", withTarget(u.target, "call", "pay")...)
	if r.code == exitOK || !strings.Contains(r.err, long) || !strings.Contains(r.err, "--elicit accept-defaults") {
		t.Fatalf("no policy: exit %d; the error must name the whole URL and the flag:\n%s", r.code, r.err)
	}
}
