package log

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"

	"github.com/toolbench/toolbench/ui/render"
)

// frameFacts are the members of a JSON-RPC frame a log row names.
type frameFacts struct {
	kind         render.FrameKind
	method, name string
	// id is the id as written, compacted: 4 and "4" stay apart, as the
	// spec keeps them.
	id      string
	code    int
	message string
}

// readFrame reads what a row needs from a frame's bytes. It walks the
// members with a streaming decoder, so a frame the client cut short (a
// result over its size limit) still gives the members before the cut: id,
// method and the tool's name come first in what clients and servers send.
// A batch or garbage is FrameUnknown.
func readFrame(data []byte) frameFacts {
	var f frameFacts
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return f
	}
	var hasResult, hasError, hasMethod bool
	var res struct {
		IsError    bool   `json:"isError"`
		ResultType string `json:"resultType"`
	}
	var target params
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			break
		}
		switch k, _ := t.(string); k {
		case "id":
			var raw json.RawMessage
			if err = dec.Decode(&raw); err == nil {
				f.id = compactID(raw)
			}
		case "method":
			err = dec.Decode(&f.method)
			hasMethod = err == nil && f.method != ""
		case "params":
			err = target.read(dec)
		case "result":
			hasResult = true
			err = dec.Decode(&res)
		case "error":
			hasError = true
			var e struct {
				Code    int    `json:"code"`
				Message string `json:"message"`
			}
			err = dec.Decode(&e)
			f.code, f.message = e.Code, e.Message
		default:
			err = skipValue(dec)
		}
		if err != nil && !wrongType(err) {
			break
		}
	}
	f.kind = frameKind(hasMethod, f.id != "", hasResult, hasError, res.IsError, res.ResultType)
	f.name = target.pick(f.method)
	return f
}

// frameKind is what the members present make of a frame.
func frameKind(method, id, result, rpcErr, isError bool, resultType string) render.FrameKind {
	switch {
	case method && id:
		return render.FrameRequest
	case method:
		return render.FrameNotification
	case rpcErr:
		return render.FrameError
	case result && isError:
		return render.FrameToolError
	case result && resultType == "input_required":
		return render.FrameInput
	case result:
		return render.FrameResult
	}
	return render.FrameUnknown
}

// params are the members of a request's params a row names.
type params struct{ name, uri string }

// read reads params' name and uri and skips the rest, _meta included.
func (p *params) read(dec *json.Decoder) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if t != json.Delim('{') {
		return skipRest(dec, t)
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		switch k, _ := t.(string); k {
		case "name":
			err = dec.Decode(&p.name)
		case "uri":
			err = dec.Decode(&p.uri)
		default:
			err = skipValue(dec)
		}
		if err != nil && !wrongType(err) {
			return err
		}
	}
	_, err = dec.Token()
	return err
}

// pick is what a request of method acts on: its tool or prompt by name,
// its resource by URI.
func (p params) pick(method string) string {
	switch {
	case method == "tools/call" || method == "prompts/get":
		return p.name
	case strings.HasPrefix(method, "resources/"):
		return p.uri
	}
	return ""
}

// skipValue reads past the next value.
func skipValue(dec *json.Decoder) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	return skipRest(dec, t)
}

// skipRest reads past the value that t, just read, starts.
func skipRest(dec *json.Decoder, t json.Token) error {
	d, ok := t.(json.Delim)
	if !ok || d == '}' || d == ']' {
		return nil
	}
	for depth := 1; depth > 0; {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
	}
	return nil
}

// wrongType reports a member of an unexpected type ("method": 4): the
// decoder has read past it, so the walk goes on.
func wrongType(err error) bool {
	var te *json.UnmarshalTypeError
	return errors.As(err, &te)
}

// compactID is an id without the spaces a sender may put in it.
func compactID(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}
