package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
)

// maxJSONDepth is how deep encoding/json decodes nested arrays and
// objects; a frame nested deeper is not decoded at all.
const maxJSONDepth = 10000

// ErrTooDeep is what a *ResponseTooDeepError wraps.
var ErrTooDeep = errors.New("response nested too deeply")

// ResponseTooDeepError says that the server answered a request with a
// frame nested deeper than any JSON decoder here goes: the answer came,
// but cannot be read. Without it the request would wait for an answer
// that had already been dropped, and time out.
type ResponseTooDeepError struct {
	// Excerpt is the frame's start, as the server sent it.
	Excerpt string
}

// Error implements error.
func (e *ResponseTooDeepError) Error() string {
	return fmt.Sprintf("%v: the answer nests arrays or objects more than %d levels deep, the most toolbench decodes", ErrTooDeep, maxJSONDepth)
}

// Unwrap returns ErrTooDeep.
func (e *ResponseTooDeepError) Unwrap() error { return ErrTooDeep }

func (e *ResponseTooDeepError) hint() string {
	return "this is a server bug: no client can decode the answer; flatten what the tool returns"
}

func (e *ResponseTooDeepError) evidence() Evidence {
	return Evidence{Dropped: "it nests more than 10000 levels deep: " + e.Excerpt}
}

// tooDeep reports whether body nests deeper than maxJSONDepth. It scans
// once, strings skipped, and stops at the first level past the limit.
func tooDeep(body []byte) bool {
	depth, inString, escaped := 0, false, false
	for _, c := range body {
		switch {
		case escaped:
			escaped = false
		case inString:
			switch c {
			case '\\':
				escaped = true
			case '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			if depth++; depth > maxJSONDepth {
				return true
			}
		case c == ']' || c == '}':
			depth--
		}
	}
	return false
}

// topLevelID returns the "id" member of the object body, read token by
// token: encoding/json's Decoder does not limit the depth of tokens, only
// of decoded values, so this reads a frame Unmarshal refuses.
func topLevelID(body []byte) (json.RawMessage, bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil, false
		}
		if key == "id" {
			var id json.RawMessage
			if dec.Decode(&id) != nil {
				return nil, false
			}
			return id, true
		}
		if skipValue(dec) != nil {
			return nil, false
		}
	}
	return nil, false
}

// skipValue reads past one value, however deep, token by token.
func skipValue(dec *json.Decoder) error {
	depth := 0
	for {
		t, err := dec.Token()
		if err == io.EOF {
			return io.ErrUnexpectedEOF
		}
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('['), json.Delim('{'):
			depth++
		case json.Delim(']'), json.Delim('}'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

// deepWaits ends the requests whose answers came too deep to decode: the
// stdio line filter drops such a frame (mcp-go could not read it), and
// the request waiting for it is ended at once with the reason.
type deepWaits struct {
	mu      sync.Mutex
	waiting map[string]context.CancelCauseFunc
}

// watch registers the request id sent on ctx; the returned context ends
// when its answer arrives too deep. stop unregisters it.
func (d *deepWaits) watch(ctx context.Context, id json.RawMessage) (context.Context, func()) {
	key, ok := idKey(id)
	if d == nil || !ok {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	d.mu.Lock()
	if d.waiting == nil {
		d.waiting = map[string]context.CancelCauseFunc{}
	}
	d.waiting[key] = cancel
	d.mu.Unlock()
	return ctx, func() {
		d.mu.Lock()
		delete(d.waiting, key)
		d.mu.Unlock()
		cancel(nil)
	}
}

// fail ends the request whose id is id with err.
func (d *deepWaits) fail(id json.RawMessage, err error) {
	key, ok := idKey(id)
	if d == nil || !ok {
		return
	}
	d.mu.Lock()
	cancel := d.waiting[key]
	d.mu.Unlock()
	if cancel != nil {
		cancel(err)
	}
}

// deepFailure returns the *ResponseTooDeepError that ended ctx, if that is
// what did.
func deepFailure(ctx context.Context) error {
	var deep *ResponseTooDeepError
	if errors.As(context.Cause(ctx), &deep) {
		return deep
	}
	return nil
}
