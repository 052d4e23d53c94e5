package client

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"
)

// lineFilter passes a stdio server's JSON-RPC lines through to mcp-go and
// takes out everything else, reporting each such line once: non-JSON lines
// (debug prints, banners) as noise, and JSON lines that are not JSON-RPC 2.0
// messages toolbench may accept as bad frames. mcp-go would skip the first
// silently and take some of the second for an answer; a person debugging a
// server needs to see both.
type lineFilter struct {
	src     io.ReadCloser
	r       *bufio.Reader
	onNoise func(string)
	onBad   func(string)
	sent    *sentIDs
	// onRequest, when set, is shown each server-to-client request line
	// before mcp-go reads it (see rawRequests); set it before reading.
	onRequest func(msg []byte)
	// onDeep, when set, is given the id of each response nested too deep
	// to decode, and the frame's start; set it before reading.
	onDeep func(id json.RawMessage, excerpt string)

	pending []byte
	err     error
	// drained is closed once Read has met the end of the stream: every
	// line the server wrote has been taken or reported.
	drained chan struct{}

	mu        sync.Mutex
	noiseSeen string
	badSeen   string
}

func newLineFilter(src io.ReadCloser, onNoise, onBad func(string)) *lineFilter {
	return &lineFilter{src: src, r: bufio.NewReaderSize(src, 64<<10), onNoise: onNoise, onBad: onBad,
		sent: &sentIDs{pending: map[string]bool{}}, drained: make(chan struct{})}
}

// Read implements io.Reader.
func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.pending) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		line, err := f.r.ReadBytes('\n')
		f.take(line)
		if err != nil {
			f.err = err
			close(f.drained)
		}
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	if len(f.pending) == 0 {
		// An emptied slice still points at its array; a 50 MB line would
		// stay in memory until the next line arrived.
		f.pending = nil
	}
	return n, nil
}

// take keeps line when it is a JSON-RPC message and reports it otherwise.
func (f *lineFilter) take(line []byte) {
	body := bytes.TrimSpace(line)
	if len(body) == 0 {
		return
	}
	if body[0] == '{' || body[0] == '[' {
		if problem := f.frameProblem(body); problem != "" {
			f.report(&f.badSeen, f.onBad, problem+": "+truncate(string(body[:min(len(body), 300)]), 200))
			return
		}
		if line[len(line)-1] != '\n' {
			line = append(line, '\n')
		}
		f.pending = line
		return
	}
	f.report(&f.noiseSeen, f.onNoise, truncate(string(body), 300))
}

// report remembers the first line of a kind and hands every one on.
func (f *lineFilter) report(first *string, to func(string), s string) {
	f.mu.Lock()
	if *first == "" {
		*first = s
	}
	f.mu.Unlock()
	to(s)
}

// presence records that a member exists without copying its value, which
// may be a 50 MB result.
type presence bool

// UnmarshalJSON implements json.Unmarshaler; it also runs for null.
func (p *presence) UnmarshalJSON([]byte) error {
	*p = true
	return nil
}

// frameProblem says why a JSON line is not a JSON-RPC 2.0 message toolbench
// may accept, or returns "". The official TypeScript SDK rejects the same
// lines: its schemas demand "jsonrpc": "2.0" and exactly one of result and
// error.
func (f *lineFilter) frameProblem(body []byte) string {
	if body[0] == '[' {
		return "it is a batch (a JSON array), which toolbench does not take"
	}
	var m struct {
		JSONRPC *string         `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Method  *string         `json:"method"`
		Result  presence        `json:"result"`
		Error   presence        `json:"error"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		if tooDeep(body) {
			return f.tooDeep(body)
		}
		var syntax *json.SyntaxError
		if errors.As(err, &syntax) {
			return "it is not valid JSON (" + err.Error() + ")"
		}
		return "it is not a JSON-RPC message (" + err.Error() + ")"
	}
	switch {
	case m.JSONRPC == nil || *m.JSONRPC != "2.0":
		return `it lacks "jsonrpc": "2.0"`
	case m.Method != nil:
		// Requests and notifications are mcp-go's to judge; a request's
		// raw params are kept first, as the server wrote them.
		if f.onRequest != nil && len(m.ID) > 0 && string(m.ID) != "null" && len(body) <= maxWatchedLine {
			f.onRequest(body)
		}
		return ""
	case bool(m.Result && m.Error):
		return "it has both result and error"
	case bool(!m.Result && !m.Error):
		return "it is neither a request, a notification nor a response"
	}
	return f.sent.answer(m.ID)
}

// tooDeep says why a frame nested past maxJSONDepth is dropped, and hands
// the id of a response on to whoever waits for it.
func (f *lineFilter) tooDeep(body []byte) string {
	if id, ok := topLevelID(body); ok && f.onDeep != nil {
		f.onDeep(id, truncate(string(body[:min(len(body), 300)]), 200))
	}
	return fmt.Sprintf("it nests more than %d levels deep, past what JSON decoders take", maxJSONDepth)
}

// waitDrained waits up to d for the whole stream to have been read, so
// that a server that printed a line and exited has that line reported
// (the exit can be seen before the reading goroutine gets to it).
func (f *lineFilter) waitDrained(d time.Duration) {
	select {
	case <-f.drained:
	case <-time.After(d):
	}
}

// firstNoise returns the first non-JSON line seen, or "".
func (f *lineFilter) firstNoise() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.noiseSeen
}

// firstBad describes the first frame dropped as invalid, or returns "".
func (f *lineFilter) firstBad() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.badSeen
}

// Close closes the underlying pipe.
func (f *lineFilter) Close() error { return f.src.Close() }

// sentIDs tracks the requests written to the server that have not been
// answered yet, so that an answer to anything else can be reported.
// Requests given up on stay, because a late answer to them is allowed.
type sentIDs struct {
	mu      sync.Mutex
	pending map[string]bool // by idKey
}

// watch returns w noting the id of every request written through it.
// mcp-go writes each message with a single Write, before any answer can
// arrive.
func (s *sentIDs) watch(w io.WriteCloser) io.WriteCloser { return idWatcher{WriteCloser: w, ids: s} }

// idWatcher is the stdin of a stdio server, seen by sentIDs.
type idWatcher struct {
	io.WriteCloser
	ids *sentIDs
}

// Write implements io.Writer.
func (w idWatcher) Write(p []byte) (int, error) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if json.Unmarshal(p, &m) == nil && m.Method != "" {
		if key, ok := idKey(m.ID); ok {
			w.ids.mu.Lock()
			w.ids.pending[key] = true
			w.ids.mu.Unlock()
		}
	}
	return w.WriteCloser.Write(p)
}

// answer takes the id of a response: "" when it answers a waiting request,
// which stops waiting, and otherwise what is wrong with it.
func (s *sentIDs) answer(id json.RawMessage) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	key, ok := idKey(id)
	if !ok {
		if len(id) == 0 || string(id) == "null" {
			return "it answers no request (its id is missing or null)"
		}
		return "the id must be a string or a number, not " + truncate(string(id), 40)
	}
	if s.pending[key] {
		delete(s.pending, key)
		return ""
	}
	// Echoing 7 as "7" is a common server bug; JSON-RPC ids must come back
	// as they were sent.
	if str, err := strconv.Unquote(key); err == nil && s.pending["n:"+str] {
		return fmt.Sprintf("its id %s is a string, but request %s was sent with a number id", id, str)
	}
	return fmt.Sprintf("it answers request %s, which is not waiting for an answer", id)
}

// idKey is the canonical form of a string or number id: 7 and 7.0 are the
// same request to mcp-go, "7" is not.
func idKey(id json.RawMessage) (string, bool) {
	var v any
	if json.Unmarshal(id, &v) != nil {
		return "", false
	}
	switch v := v.(type) {
	case string:
		return strconv.Quote(v), true
	case float64:
		return "n:" + strconv.FormatFloat(v, 'f', -1, 64), true
	}
	return "", false
}
