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
	body, err := json.Marshal(resp)
	if err != nil {
		return fmt.Errorf("encode response: %w", err)
	}
	ctx, cancel := context.WithTimeout(s.life, s.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint.String(), bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("post response: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if v := s.mc.ProtocolVersion(); v != "" {
		req.Header.Set(transport.HeaderKeyProtocolVersion, v)
	}
	for k, v := range flattenHeader(s.target.Header) {
		req.Header.Set(k, v)
	}
	res, err := (&http.Client{Transport: s.probe}).Do(req)
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
