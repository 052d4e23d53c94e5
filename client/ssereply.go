package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// Answers that toolbench posts itself: over SSE every answer (mcp-go's SSE
// transport has no way to send one), over streamable HTTP a slow one.

// divertSSE answers a server request taken out of the SSE event stream
// (see sseDivert) and posts the response to the session's message
// endpoint. It returns at once: the answer may wait for a person.
func (s *Session) divertSSE(msg []byte) {
	var req struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      mcp.RequestId   `json:"id"`
		Method  string          `json:"method"`
		Params  json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal(msg, &req); err != nil {
		s.emit(DiagnosticEvent{At: time.Now(), Level: "WARN", Message: "a server request on the event stream is not JSON-RPC: " + err.Error()})
		return
	}
	go func() {
		resp := s.serveRequest(s.life, transport.JSONRPCRequest{JSONRPC: req.JSONRPC, ID: req.ID, Method: req.Method, Params: req.Params})
		if err := s.postSSE(resp); err != nil {
			s.emit(DiagnosticEvent{At: time.Now(), Level: "WARN",
				Message: fmt.Sprintf("could not send the answer to %s: %v", req.Method, redactErr(err))})
		}
	}()
}

// postSSE sends a response to the SSE session's message endpoint the way
// mcp-go sends a notification there: JSON, the negotiated protocol version,
// the target's headers, through the session's HTTP probe.
func (s *Session) postSSE(resp *transport.JSONRPCResponse) error {
	sse, ok := s.tap.inner.(*transport.SSE)
	if !ok {
		return fmt.Errorf("not an SSE session")
	}
	endpoint := sse.GetEndpoint()
	if endpoint == nil {
		return fmt.Errorf("the server sent no message endpoint")
	}
	return s.postAnswer(endpoint.String(), nil, resp)
}

// streamableAnswerWait is how long an answer to a server request over
// streamable HTTP is left to mcp-go, which gives the request 30 s and then
// drops the answer; a slower one (a person at a form) is posted by toolbench
// itself.
const streamableAnswerWait = 25 * time.Second

// serveStreamable answers a server request that came over streamable
// HTTP: through mcp-go when the answer comes in time, else by posting it
// (see streamableAnswerWait). The ask keeps the request's context values
// (which call's stream carried it) but not mcp-go's deadline; it ends with
// its call or the session.
func (s *Session) serveStreamable(ctx context.Context, req transport.JSONRPCRequest) *transport.JSONRPCResponse {
	actx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(s.life, cancel)
	done := make(chan *transport.JSONRPCResponse, 1)
	go func() {
		defer cancel()
		defer stop()
		done <- s.serveRequest(actx, req)
	}()
	d := s.answerWait
	if d <= 0 {
		d = streamableAnswerWait
	}
	wait := time.NewTimer(d)
	defer wait.Stop()
	select {
	case resp := <-done:
		return resp
	case <-wait.C:
	}
	go func() {
		resp := <-done
		header := http.Header{}
		header.Set("Accept", "application/json, text/event-stream")
		if id := s.tap.inner.GetSessionId(); id != "" {
			header.Set(transport.HeaderKeySessionID, id)
		}
		if err := s.postAnswer(s.target.URL, header, resp); err != nil {
			s.emit(DiagnosticEvent{At: time.Now(), Level: "WARN",
				Message: fmt.Sprintf("could not send the answer to %s: %v", req.Method, redactErr(err))})
		}
	}()
	return nil
}

// postAnswer posts a response to url with header, the negotiated protocol
// version and the target's headers, through the session's HTTP probe.
func (s *Session) postAnswer(url string, header http.Header, resp *transport.JSONRPCResponse) error {
	body, err := json.Marshal(resp)
	if err != nil {
		return fmt.Errorf("encode response: %w", err)
	}
	ctx, cancel := context.WithTimeout(s.life, s.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("post response: %w", err)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	req.Header.Set("Content-Type", "application/json")
	if v := s.mc.ProtocolVersion(); v != "" {
		req.Header.Set(transport.HeaderKeyProtocolVersion, v)
	}
	for k, v := range flattenHeader(s.target.Header) {
		req.Header.Set(k, v)
	}
	res, err := s.probe.client(s.probe, 0).Do(req)
	if err != nil {
		return fmt.Errorf("post response: %w", err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 4096))
	if res.StatusCode != http.StatusOK && res.StatusCode != http.StatusAccepted {
		return fmt.Errorf("post response: HTTP %d", res.StatusCode)
	}
	return nil
}
