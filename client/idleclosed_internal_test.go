package client

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

// scriptedTrip answers each request with the next error in errs (nil: a
// 200), and keeps the bodies it was sent.
type scriptedTrip struct {
	errs   []error
	bodies []string
}

func (s *scriptedTrip) RoundTrip(req *http.Request) (*http.Response, error) {
	b, _ := io.ReadAll(req.Body)
	req.Body.Close()
	s.bodies = append(s.bodies, string(b))
	err := s.errs[0]
	s.errs = s.errs[1:]
	if err != nil {
		return nil, err
	}
	return &http.Response{StatusCode: 200, Body: io.NopCloser(strings.NewReader("{}")), Header: http.Header{}}, nil
}

// TestSendOnceRetriesOnlyWhatTheServerNeverSaw: a POST sent on a pooled
// connection the server had already closed goes once more, with its body
// whole; a failure after the request may have reached the server (a reset
// mid-answer) is not repeated, since a tools/call must not run twice; and
// a second idle close is not chased further.
func TestSendOnceRetriesOnlyWhatTheServerNeverSaw(t *testing.T) {
	idle := errors.New(serverClosedIdle)
	cases := []struct {
		name      string
		errs      []error
		wantSends int
		wantErr   bool
	}{
		{"idle close, then answered", []error{idle, nil}, 2, false},
		{"idle close twice", []error{idle, idle}, 2, true},
		{"reset after sending", []error{errors.New("read tcp: connection reset by peer"), nil}, 1, true},
		{"answered", []error{nil}, 1, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			next := &scriptedTrip{errs: c.errs}
			req, err := http.NewRequest(http.MethodPost, "http://127.0.0.1:1/mcp", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"tools/call"}`))
			if err != nil {
				t.Fatal(err)
			}
			resp, err := sendOnce(next, req)
			if (err != nil) != c.wantErr {
				t.Fatalf("error = %v, want error: %v", err, c.wantErr)
			}
			if resp != nil {
				resp.Body.Close()
			}
			if len(next.bodies) != c.wantSends {
				t.Fatalf("sent %d times, want %d", len(next.bodies), c.wantSends)
			}
			for i, b := range next.bodies {
				if b != next.bodies[0] || b == "" {
					t.Errorf("send %d carried %q, want the request's body %q", i+1, b, next.bodies[0])
				}
			}
		})
	}
}

// TestSendOnceWithoutABodyToReplay: a request whose body cannot be read
// again is not sent twice.
func TestSendOnceWithoutABodyToReplay(t *testing.T) {
	next := &scriptedTrip{errs: []error{errors.New(serverClosedIdle), nil}}
	req, err := http.NewRequest(http.MethodPost, "http://127.0.0.1:1/mcp", io.NopCloser(strings.NewReader("{}")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sendOnce(next, req); err == nil || len(next.bodies) != 1 {
		t.Fatalf("error %v after %d sends, want the idle close after 1", err, len(next.bodies))
	}
}
