package client

import (
	"bufio"
	"context"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/toolbench/toolbench/target"
)

// sniffTimeout bounds each look at which transport an endpoint serves.
const sniffTimeout = 2 * time.Second

// sniffLimit bounds what a look reads of the answer.
const sniffLimit = 4096

// sniffDiscover is a server/discover request as protocol 2026-07-28 sends
// it. Every streamable HTTP server answers it with JSON-RPC: a result from a
// current one, an error (unknown method, no session) from an older one.
const sniffDiscover = `{"jsonrpc":"2.0","id":"toolbench-transport-check","method":"server/discover","params":{"_meta":{` +
	`"io.modelcontextprotocol/protocolVersion":"` + mcp.ProtocolVersion20260728 + `",` +
	`"io.modelcontextprotocol/clientCapabilities":{},` +
	`"io.modelcontextprotocol/clientInfo":{"name":"toolbench","version":"0"}}}}`

// servesStreamable reports whether t's URL answers a JSON-RPC POST the way a
// streamable HTTP endpoint does: with a JSON-RPC message, whatever the
// status, or with an event stream.
func (p *httpProbe) servesStreamable(ctx context.Context, t target.Target) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.URL, strings.NewReader(sniffDiscover))
	if err != nil {
		return false
	}
	req.Header = t.Header.Clone()
	if req.Header == nil {
		req.Header = http.Header{}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", mcp.ProtocolVersion20260728)
	req.Header.Set("Mcp-Method", string(mcp.MethodServerDiscover))
	resp, err := p.sniffClient().Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if mt == "text/event-stream" {
		return true
	}
	head, _ := io.ReadAll(io.LimitReader(resp.Body, sniffLimit))
	return mt == "application/json" && strings.Contains(string(head), `"jsonrpc"`)
}

// servesSSE reports whether t's URL answers a GET with an event stream whose
// first event is "endpoint", as an HTTP+SSE endpoint does.
func (p *httpProbe) servesSSE(ctx context.Context, t target.Target) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.URL, nil)
	if err != nil {
		return false
	}
	req.Header = t.Header.Clone()
	if req.Header == nil {
		req.Header = http.Header{}
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := p.sniffClient().Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if resp.StatusCode != http.StatusOK || mt != "text/event-stream" {
		return false
	}
	sc := bufio.NewScanner(io.LimitReader(resp.Body, sniffLimit))
	for sc.Scan() {
		if event, ok := strings.CutPrefix(sc.Text(), "event:"); ok {
			return strings.TrimSpace(event) == "endpoint"
		}
	}
	return false
}

// sniffClient sends the looks past the probe, whose record of the last
// answer must stay the one the failure left.
func (p *httpProbe) sniffClient() *http.Client {
	return p.client(p.base, sniffTimeout)
}
