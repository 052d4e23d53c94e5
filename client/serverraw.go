package client

import (
	"bytes"
	"encoding/json"
	"io"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
)

// rawRequests keeps the params of server requests exactly as sent, by id,
// for serveRequest: mcp-go's stdio and streamable HTTP transports decode a
// server request's params into maps, which loses the order of an
// elicitation's properties (the order the form shows them in) and
// re-encodes numbers and escapes. The stream readers note each request
// before mcp-go sees it; serveRequest takes it out.
type rawRequests struct {
	mu   sync.Mutex
	byID map[string]json.RawMessage
}

// maxRawRequests bounds the requests kept unclaimed: a server that floods
// requests mcp-go then drops must not grow memory.
const maxRawRequests = 64

// note keeps msg's params when msg is a server request.
func (r *rawRequests) note(msg []byte) {
	var req struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if json.Unmarshal(msg, &req) != nil || req.Method == "" || len(req.ID) == 0 || string(req.ID) == "null" {
		return
	}
	var id mcp.RequestId
	if json.Unmarshal(req.ID, &id) != nil {
		return
	}
	key, err := json.Marshal(id)
	if err != nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.byID == nil {
		r.byID = map[string]json.RawMessage{}
	}
	if len(r.byID) >= maxRawRequests {
		clear(r.byID)
	}
	r.byID[string(key)] = append(json.RawMessage(nil), req.Params...)
}

// take returns and forgets the raw params of the request with id.
func (r *rawRequests) take(id mcp.RequestId) (json.RawMessage, bool) {
	key, err := json.Marshal(id)
	if err != nil {
		return nil, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	raw, ok := r.byID[string(key)]
	delete(r.byID, string(key))
	return raw, ok
}

// maxWatchedLine bounds the line a lineWatch copies to look at; a longer
// one is a result, not a server request, or one whose params are
// re-encoded.
const maxWatchedLine = 1 << 20

// lineWatch passes a stdio server's stdout through unchanged and notes
// each complete line with note before the reader gets its end.
type lineWatch struct {
	r    io.Reader
	note func([]byte)
	line []byte
	long bool
}

// Read implements io.Reader.
func (w *lineWatch) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	chunk := p[:n]
	for len(chunk) > 0 {
		i := bytes.IndexByte(chunk, '\n')
		if i < 0 {
			w.keep(chunk)
			break
		}
		w.keep(chunk[:i])
		if !w.long {
			w.note(w.line)
		}
		w.line, w.long = w.line[:0], false
		chunk = chunk[i+1:]
	}
	return n, err
}

func (w *lineWatch) keep(b []byte) {
	if w.long || len(w.line)+len(b) > maxWatchedLine {
		w.line, w.long = w.line[:0], true
		return
	}
	w.line = append(w.line, b...)
}
