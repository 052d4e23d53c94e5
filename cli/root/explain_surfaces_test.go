package root

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
	"github.com/toolbench/toolbench/ui"
)

// TestWorkbenchAndCLISayTheSame: for the same error, every line the CLI
// prints on stderr is a line of the workbench's disconnect report. The
// sentences come from one place (package explain); the auth wording of
// the two had drifted apart before. The connection errors are the real
// client's, against servers on 127.0.0.1; each case names a sentence it
// must hold, so an error that turned out otherwise fails too.
func TestWorkbenchAndCLISayTheSame(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		err  func(t *testing.T) error
		want string
	}{
		{"connection refused", refusedConnect, "hint: is the server running"},
		{"stdio server exited, with stderr", exitedServer, "last lines of the server's stderr:"},
		{"HTTP 401 that wants a login", unauthorizedServer, "the server's challenge: WWW-Authenticate: Bearer"},
		{"redirect to another origin refused", crossOriginRedirect, "hint: toolbench sends nothing to another origin"},
		{"timeout", silentServer, "no answer to initialize within 200ms"},
		{"a login nobody can start", func(*testing.T) error {
			return &client.ConnectError{Phase: client.PhaseConnect, Err: &auth.LoginRequiredError{
				Command: "toolbench auth login https://h.example/mcp", Reason: "nobody is at a terminal to log in"}}
		}, "hint: run `toolbench auth login https://h.example/mcp`, then try again"},
		{"a failed auth step and its exchange", func(*testing.T) error {
			return &client.ConnectError{Phase: client.PhaseInitialize, Err: &step.Error{Step: step.Token,
				Err:      errors.New("the token endpoint refused the client"),
				Exchange: &step.Exchange{Method: "POST", URL: "https://as.example/token", Status: 401, ResponseBody: `{"error":"invalid_client"}`}}}
		}, "request: POST https://as.example/token: HTTP 401 Unauthorized"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := tt.err(t)
			cli := explain(err)
			if !strings.Contains(strings.Join(cli, "\n"), tt.want) {
				t.Fatalf("the CLI's words lack %q:\n%s", tt.want, strings.Join(cli, "\n"))
			}
			report := workbenchReport(err)
			for _, line := range cli {
				if !strings.Contains(report, strings.TrimSpace(line)) {
					t.Errorf("the workbench does not say %q; it shows:\n%s", strings.TrimSpace(line), report)
				}
			}
		})
	}
}

// workbenchReport is the workbench's screen after connecting failed with
// err, wide enough that no sentence wraps.
func workbenchReport(err error) string {
	connect := func(context.Context, func(client.Event), client.Answerer) (ui.Session, error) { return nil, err }
	m := ui.New(connect, ui.Options{Target: "server"})
	m.SetSender(func(tea.Msg) {})
	m.Update(tea.WindowSizeMsg{Width: 1000, Height: 60})
	m.Update(m.Init()())
	return ansi.Strip(m.View().Content)
}

// connectErr is what the client says connecting to t failed with.
func connectErr(t *testing.T, tg target.Target, opts client.Options) error {
	t.Helper()
	opts.Protocol = "legacy"
	if opts.Timeout == 0 {
		opts.Timeout = 5 * time.Second
	}
	s, err := client.Connect(context.Background(), tg, opts)
	if err == nil {
		s.Close()
		t.Fatalf("connecting to %v worked", tg)
	}
	return err
}

func refusedConnect(t *testing.T) error {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return connectErr(t, target.Target{Transport: target.StreamableHTTP, URL: "http://" + addr + "/mcp"}, client.Options{})
}

func exitedServer(t *testing.T) error {
	return connectErr(t, target.Target{Transport: target.Stdio, Command: "sh",
		Args: []string{"-c", "echo 'panic: boom' >&2; exit 2"}}, client.Options{})
}

// httpServer serves h on 127.0.0.1 for the test's life.
func httpServer(t *testing.T, h http.HandlerFunc) *httptest.Server {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv
}

func unauthorizedServer(t *testing.T) error {
	srv := httpServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="http://`+r.Host+`/.well-known/oauth-protected-resource"`)
		w.WriteHeader(http.StatusUnauthorized)
	})
	return connectErr(t, target.Target{Transport: target.StreamableHTTP, URL: srv.URL + "/mcp"}, client.Options{})
}

func crossOriginRedirect(t *testing.T) error {
	other := httpServer(t, func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusTeapot) })
	srv := httpServer(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/mcp", http.StatusTemporaryRedirect)
	})
	return connectErr(t, target.Target{Transport: target.StreamableHTTP, URL: srv.URL + "/mcp"}, client.Options{})
}

func silentServer(t *testing.T) error {
	// The client may leave its request open when it gives up; the
	// server lets go at the end of the test, before it closes.
	done := make(chan struct{})
	srv := httpServer(t, func(_ http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-done:
		}
	})
	t.Cleanup(func() { close(done) })
	return connectErr(t, target.Target{Transport: target.StreamableHTTP, URL: srv.URL + "/mcp"}, client.Options{Timeout: 200 * time.Millisecond})
}
