package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// eraRules is what the tap enforces and observes of the protocol era on
// one connection attempt: it judges the server/discover reply itself
// (mcp-go takes any JSON object for a DiscoverResult), refuses to send
// initialize when the era is forced modern, checks resultType on
// 2026-07-28 and refuses calls of tools a client must not call. What it saw
// explains, in words, how the era was decided.
type eraRules struct {
	// modernOnly refuses initialize: the era was forced to 2026-07-28.
	modernOnly bool
	// probe bounds each server/discover sent before the era is decided;
	// 0 or negative leaves only the initialize timeout.
	probe time.Duration
	// isModern reports whether the connection speaks 2026-07-28.
	isModern func() bool
	// lastStatus returns the HTTP status of the last answer that was not
	// MCP, or 0 (stdio, or none).
	lastStatus func() int

	mu sync.Mutex
	// discover says what server/discover got, in words; "" if not sent.
	discover string
	// discoverValid is set when the reply was a valid DiscoverResult.
	discoverValid bool
	// discoverTimedOut is set when the probe got no answer in time.
	discoverTimedOut bool
	// initialize says what initialize got, in words; "" if not sent.
	initialize string
	// rejected is set when the server answered discover or initialize
	// with a JSON-RPC error or an HTTP 4xx (other than 401 and 403).
	rejected bool
	// excluded maps the tools a client must not call to why.
	excluded map[string]string
	// sentAgain is set once server/discover was sent a second time.
	sentAgain bool
	// final is the discover failure an HTTPWrap called final, which
	// initialize must not repeat.
	final error
}

// sendAgain reports whether server/discover should be sent once more: the
// server refused it with UnsupportedProtocolVersionError (-32022) while
// naming the very version it was sent among those it supports. The spec
// has the client retry with a supported version; mcp-go retries only with
// a different one, and would fall back to initialize, which a modern-only
// server refuses.
func (r *eraRules) sendAgain(req transport.JSONRPCRequest, resp *transport.JSONRPCResponse) bool {
	if r == nil || req.Method != string(mcp.MethodServerDiscover) || resp == nil || resp.Error == nil ||
		resp.Error.Code != CodeUnsupportedProtocolVersion {
		return false
	}
	var data struct {
		Supported []string `json:"supported"`
		Requested string   `json:"requested"`
	}
	raw, _ := json.Marshal(resp.Error.Data)
	if json.Unmarshal(raw, &data) != nil || data.Requested == "" || !slices.Contains(data.Supported, data.Requested) {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sentAgain {
		return false
	}
	r.sentAgain = true
	return true
}

// probeBound is the bound of req when it is the server/discover probe
// of a connection whose era is not yet decided, else 0.
func (r *eraRules) probeBound(req transport.JSONRPCRequest) time.Duration {
	if r == nil || r.probe <= 0 || req.Method != string(mcp.MethodServerDiscover) {
		return 0
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.discoverValid || r.initialize != "" {
		return 0
	}
	return r.probe
}

// before vets a request about to be sent; an error stops it unsent.
func (r *eraRules) before(req transport.JSONRPCRequest) error {
	if r == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case req.Method == string(mcp.MethodInitialize) && r.final != nil:
		// mcp-go falls back to initialize after any discover failure; one
		// the HTTPWrap called final (a login that failed) would only run
		// again.
		return r.final
	case req.Method == string(mcp.MethodInitialize) && r.modernOnly:
		return &NotModernError{Discover: r.discover}
	case req.Method == string(mcp.MethodToolsCall) && len(r.excluded) > 0:
		name := toolNameOf(req.Params)
		if why, ok := r.excluded[name]; ok {
			return &ExcludedToolError{Tool: name, Why: why}
		}
	}
	return nil
}

// after judges a reply (or the failure to get one) before mcp-go sees it;
// an error replaces the reply for mcp-go. The frame log already holds the
// server's bytes.
func (r *eraRules) after(ctx context.Context, req transport.JSONRPCRequest, resp *transport.JSONRPCResponse, err error) error {
	if r == nil {
		return nil
	}
	switch req.Method {
	case string(mcp.MethodServerDiscover):
		return r.afterDiscover(ctx, resp, err)
	case string(mcp.MethodInitialize):
		r.afterInitialize(resp, err)
	}
	if resp == nil || resp.Error != nil || r.isModern == nil || !r.isModern() {
		return nil
	}
	return checkResultType(req.Method, resp.Result)
}

func (r *eraRules) afterDiscover(ctx context.Context, resp *transport.JSONRPCResponse, err error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case err != nil && errors.Is(context.Cause(ctx), errEarlyInitialized):
		r.discoverTimedOut = true
		r.discover = "server/discover got no answer in " + earlyInitAfter.String() + ", and initialize, sent beside it then, was answered"
	case err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded):
		r.discoverTimedOut = true
		r.discover = "server/discover got no answer within " + probeBound(ctx)
	case err != nil:
		r.discover = "server/discover failed (" + redactErr(err).Error() + ")"
		r.rejected = r.rejected || r.answered4xx()
		if isFinal(err) {
			r.final = err
		}
	case resp.Error != nil:
		r.discover = fmt.Sprintf("server/discover answered with JSON-RPC error %d (%s)", resp.Error.Code, truncate(oneLine(resp.Error.Message), 120))
		r.rejected = true
	default:
		defer r.noteSentAgain()
		versions, reason := judgeDiscover(resp.Result)
		if reason != "" {
			r.discover = "server/discover answered with something that is not a DiscoverResult: " + reason
			return &InvalidDiscoverError{Reason: reason}
		}
		r.discoverValid = true
		r.discover = fmt.Sprintf("server/discover answered with supportedVersions [%s]", strings.Join(versions, ", "))
	}
	return nil
}

// noteSentAgain says, in the discover words, that the answer came to a
// second server/discover. r.mu is held.
func (r *eraRules) noteSentAgain() {
	if r.sentAgain {
		r.discover = "server/discover refused the version it names as supported (-32022), sent once more; " + r.discover
	}
}

func (r *eraRules) afterInitialize(resp *transport.JSONRPCResponse, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case err != nil:
		r.initialize = "initialize failed (" + redactErr(err).Error() + ")"
		r.rejected = r.rejected || r.answered4xx()
	case resp.Error != nil:
		r.initialize = fmt.Sprintf("initialize answered with JSON-RPC error %d (%s)", resp.Error.Code, truncate(oneLine(resp.Error.Message), 120))
		r.rejected = true
	default:
		var res struct {
			ProtocolVersion string `json:"protocolVersion"`
		}
		_ = json.Unmarshal(resp.Result, &res)
		r.initialize = "initialize answered with protocol " + truncate(oneLine(res.ProtocolVersion), 40)
	}
}

// answered4xx reports whether the last HTTP answer was a 4xx that says
// the server does not take what was sent: 401 and 403 are about
// credentials, which another era does not fix.
func (r *eraRules) answered4xx() bool {
	if r.lastStatus == nil {
		return false
	}
	st := r.lastStatus()
	return st >= 400 && st < 500 && st != http.StatusUnauthorized && st != http.StatusForbidden
}

// probeBound renders the deadline the probe had, from its context.
func probeBound(ctx context.Context) string {
	if b, ok := ctx.Value(probeBoundKey{}).(time.Duration); ok {
		return b.String()
	}
	return "the probe's time"
}

// probeBoundKey carries the discover probe's bound to the tap, for words.
type probeBoundKey struct{}

// judgeDiscover checks that a server/discover result is a DiscoverResult
// naming a modern version toolbench speaks. It returns the supported
// versions, or why the result does not count.
func judgeDiscover(raw json.RawMessage) ([]string, string) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		return nil, "the result is not a JSON object"
	}
	rawVersions, ok := obj["supportedVersions"]
	if !ok {
		return nil, "supportedVersions is missing"
	}
	var versions []string
	if err := json.Unmarshal(rawVersions, &versions); err != nil || versions == nil {
		return nil, "supportedVersions is not an array of strings"
	}
	if !slices.ContainsFunc(versions, func(v string) bool { return mcp.IsValidProtocolVersion(v) && mcp.IsModernProtocol(v) }) {
		return nil, fmt.Sprintf("supportedVersions %s names no version toolbench speaks on 2026-07-28 or later", truncate(oneLine(string(rawVersions)), 120))
	}
	caps, ok := obj["capabilities"]
	if !ok {
		return nil, "capabilities is missing"
	}
	var capsObj map[string]json.RawMessage
	if json.Unmarshal(caps, &capsObj) != nil || capsObj == nil {
		return nil, "capabilities is not an object"
	}
	for i, v := range versions {
		versions[i] = truncate(oneLine(v), 40)
	}
	return versions, ""
}

// checkResultType applies the 2026-07-28 rule that every result says what
// it is: an absent resultType means complete; one toolbench does not know
// cannot be read as either.
func checkResultType(method string, raw json.RawMessage) error {
	if len(raw) <= resultTypeScan && !bytes.Contains(raw, []byte(`"resultType"`)) {
		return nil
	}
	var res struct {
		ResultType *string `json:"resultType"`
	}
	if json.Unmarshal(raw, &res) != nil || res.ResultType == nil {
		return nil
	}
	// An empty resultType is read as absent, as mcp-go reads it.
	switch mcp.ResultType(*res.ResultType) {
	case "", mcp.ResultTypeComplete, mcp.ResultTypeInputRequired:
		return nil
	case resultTypeTask:
		// The tasks extension's CreateTaskResult, which toolbench
		// declares it takes (and follows) for tool calls.
		if method == string(mcp.MethodToolsCall) {
			return nil
		}
	}
	return &ResultTypeError{Method: method, ResultType: truncate(oneLine(*res.ResultType), 80)}
}

// resultTypeScan is how much of a small result is looked at for
// "resultType" before decoding it: most results are small and lack it.
const resultTypeScan = 4 << 10

// toolNameOf reads the tool name out of tools/call params, whatever type
// mcp-go built them as.
func toolNameOf(params any) string {
	b, err := json.Marshal(params)
	if err != nil {
		return ""
	}
	var p struct {
		Name string `json:"name"`
	}
	_ = json.Unmarshal(b, &p)
	return p.Name
}

// exclude records the tools a client must not call, and why.
func (r *eraRules) exclude(excluded map[string]string) {
	if r == nil {
		return
	}
	r.mu.Lock()
	r.excluded = excluded
	r.mu.Unlock()
}

// withValidHeaderTools is the tools/list reply mcp-go gets on 2026-07-28
// over streamable HTTP: without the tools whose x-mcp-header annotations
// are invalid. mcp-go drops those itself, but says so through the process's
// default logger, which writes over the workbench's screen; toolbench keeps
// the raw list and marks them (Session.markExcluded).
func withValidHeaderTools(resp *transport.JSONRPCResponse) *transport.JSONRPCResponse {
	var page map[string]json.RawMessage
	if json.Unmarshal(resp.Result, &page) != nil {
		return resp
	}
	var tools []json.RawMessage
	if json.Unmarshal(page["tools"], &tools) != nil {
		return resp
	}
	valid := tools[:0:0]
	for _, raw := range tools {
		var mt mcp.Tool
		if json.Unmarshal(raw, &mt) == nil && mcp.ValidateParamHeaderAnnotations(&mt) != nil {
			continue
		}
		valid = append(valid, raw)
	}
	if len(valid) == len(tools) {
		return resp
	}
	page["tools"], _ = json.Marshal(valid)
	result, err := json.Marshal(page)
	if err != nil {
		return resp
	}
	light := *resp
	light.Result = result
	return &light
}
