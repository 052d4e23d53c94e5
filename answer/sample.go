package answer

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// Reject is the sampling policy that refuses every request.
const Reject = "reject"

// ErrRejected is what the reject policy refuses a sampling request with:
// the spec has a client answer with a JSON-RPC error when the user rejects
// the request, and the client sends one.
var ErrRejected = errors.New("user rejected sampling request")

// Sample is how sampling/createMessage is answered without a person.
type Sample struct {
	// source is the policy as given: reject, or the path of the file.
	source string
	// result is the file's CreateMessageResult; nil for reject.
	result json.RawMessage
}

// ParseSample reads a --sample value: reject, or the path of a file holding
// the CreateMessageResult to return. The file is read and checked here,
// once: it must be an object with a role ("assistant" or "user"), content
// (a content block with a type, or a non-empty array of them) and a model
// name; what is missing or wrong is a *FileError listing each.
func ParseSample(s string) (Sample, error) {
	switch s {
	case Reject:
		return Sample{source: s}, nil
	case "":
		return Sample{}, errors.New("empty policy (want reject or a FILE.json)")
	}
	if _, err := os.Stat(s); err != nil {
		return Sample{}, fmt.Errorf("%q is not a policy (reject) and not a file: %s", s, readProblem(err))
	}
	v, data, err := readObject(s)
	if err != nil {
		return Sample{}, err
	}
	if missing := checkCreateMessageResult(v); len(missing) > 0 {
		return Sample{}, &FileError{Path: s, Offset: -1, Problem: "not a CreateMessageResult", Missing: missing}
	}
	return Sample{source: s, result: data}, nil
}

// String returns the policy as it was given.
func (s Sample) String() string { return s.source }

// answer answers one sampling/createMessage.
func (s Sample) answer() (json.RawMessage, error) {
	if s.result == nil {
		return nil, ErrRejected
	}
	return s.result, nil
}

// checkCreateMessageResult lists what keeps v from being a
// CreateMessageResult a server can read.
func checkCreateMessageResult(v *jsondoc.Value) []string {
	var out []string
	switch role, ok := v.GetString("role"); {
	case !v.Has("role"):
		out = append(out, `missing "role" (want "assistant")`)
	case !ok || (role != "assistant" && role != "user"):
		out = append(out, `"role" must be "assistant" or "user"`)
	}
	out = append(out, checkContent(v.Get("content"))...)
	if model, ok := v.GetString("model"); !v.Has("model") {
		out = append(out, `missing "model" (the name of the model that answered)`)
	} else if !ok || model == "" {
		out = append(out, `"model" must be a non-empty string`)
	}
	if v.Has("stopReason") && !v.Get("stopReason").IsString() {
		out = append(out, `"stopReason" must be a string such as "endTurn"`)
	}
	return out
}

// checkContent lists what is wrong with a result's content: one content
// block, or an array of them, each an object with a string type.
func checkContent(c *jsondoc.Value) []string {
	switch {
	case c == nil:
		return []string{`missing "content" (such as {"type":"text","text":"…"})`}
	case c.IsArray() && c.Len() == 0:
		return []string{`"content" is an empty array`}
	case c.IsArray():
		var out []string
		for i, b := range c.Items() {
			if !isBlock(b) {
				out = append(out, fmt.Sprintf(`"content"[%d] is not a content block (an object with a "type")`, i))
			}
		}
		return out
	case !isBlock(c):
		return []string{`"content" is not a content block (an object with a "type")`}
	}
	return nil
}

func isBlock(b *jsondoc.Value) bool {
	t, ok := b.GetString("type")
	return b.IsObject() && ok && t != ""
}
