package client

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/toolbench/toolbench/target"
)

// TestNoListeningIsQuiet: a 405 to the GET stream is within the spec: mcp-go's
// error-level record of it is dropped, everything else it logs goes on, and
// the probe does not keep the 405 as evidence for a later failure.
func TestNoListeningIsQuiet(t *testing.T) {
	t.Parallel()
	var got []string
	h := quietNoListening{diagnosticHandler{emit: func(e Event) { got = append(got, e.(DiagnosticEvent).Message) }}}
	log := slog.New(h).With("k", "v")
	log.Error(noListeningMessage)
	log.Error("failed to listen to server. retry in 1 second")
	if len(got) != 1 || got[0] != "failed to listen to server. retry in 1 second k=v" {
		t.Fatalf("diagnostics = %q", got)
	}

	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusMethodNotAllowed)
	}))
	defer srv.Close()
	tests := []struct {
		kind     target.Transport
		remember bool
	}{{target.StreamableHTTP, false}, {target.SSE, true}}
	for _, tc := range tests {
		p, err := newHTTPProbe(target.Target{URL: srv.URL}, tc.kind, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
		resp, err := p.RoundTrip(req)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if remembered := p.lastAnswer() != nil; remembered != tc.remember {
			t.Errorf("%s: GET 405 remembered = %v, want %v", tc.kind, remembered, tc.remember)
		}
	}
}
