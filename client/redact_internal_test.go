package client

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"testing"
)

// wrappedURLError is what mcp-go returns when net/http fails: a *url.Error,
// whose URL net/http stripped of the password only, inside layers of
// fmt.Errorf whose text was fixed when they were made.
func wrappedURLError() error {
	ue := &url.Error{Op: "Post", URL: "http://user:***@127.0.0.1:1/mcp?api_key=K&page=2", Err: io.ErrUnexpectedEOF}
	return fmt.Errorf("transport error: %w", fmt.Errorf("failed to send request: %w", ue))
}

func TestRedactErr(t *testing.T) {
	t.Parallel()
	err := redactErr(wrappedURLError())
	want := `transport error: failed to send request: Post "http://***:***@127.0.0.1:1/mcp?api_key=***&page=2": unexpected EOF`
	if err.Error() != want {
		t.Errorf("redactErr = %q, want %q", err, want)
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Error("the redacted error lost its chain")
	}
	plain := errors.New("no URL here")
	if redactErr(plain) != plain || redactErr(nil) != nil {
		t.Error("an error without secrets must be returned as it is")
	}
}

// TestDiagnosticsRedacted: mcp-go's log lines reach the person as
// diagnostic events, with the secrets of the URLs in their values hidden.
func TestDiagnosticsRedacted(t *testing.T) {
	t.Parallel()
	var got []string
	log := slog.New(diagnosticHandler{emit: func(e Event) { got = append(got, e.(DiagnosticEvent).Message) }})
	log.Error("SSE stream error", "err", wrappedURLError(), "url", "https://u:p@h/sse?sessionId=abc")
	log.With("endpoint", &url.URL{Scheme: "http", Host: "h", Path: "/message", RawQuery: "sessionId=abc"}).Warn("posting")
	text := strings.Join(got, "\n")
	for _, secret := range []string{"user", "K&", "u:p", "abc"} {
		if strings.Contains(text, secret) {
			t.Errorf("diagnostics show %q:\n%s", secret, text)
		}
	}
	if !strings.Contains(text, "page=2") || len(got) != 2 {
		t.Errorf("diagnostics = %q", got)
	}
}
