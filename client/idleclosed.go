package client

import (
	"net/http"
	"strings"
)

// serverClosedIdle is the text of net/http's errServerClosedIdle, which is
// not exported. The transport sets it only when it read the server's end of
// a pooled connection while no answer was awaited on it: the server closed
// the connection before this request was sent, so the server never saw the
// request. net/http retries such a request only when it is idempotent; a
// JSON-RPC POST is not, so without help the first request after a server
// restarts fails as a transport error instead of reaching the new server.
const serverClosedIdle = "http: server closed idle connection"

// sendOnce sends req through next and sends it once more on a fresh
// connection when the pooled one it used had been closed by the server
// before the request went out. Any other failure may have reached the
// server (a tools/call may have run), and is returned as it is.
func sendOnce(next http.RoundTripper, req *http.Request) (*http.Response, error) {
	resp, err := next.RoundTrip(req)
	if err == nil || req.GetBody == nil || !strings.Contains(err.Error(), serverClosedIdle) {
		return resp, err
	}
	body, gerr := req.GetBody()
	if gerr != nil {
		return nil, err
	}
	again := req.Clone(req.Context())
	again.Body = body
	return next.RoundTrip(again)
}
