package schemaform

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// MaxSchemaDepth bounds how deeply a schema document may nest, counted in
// JSON objects and arrays (an object property's schema is two levels
// below its parent's: the schema, then its "properties"). The validator's
// compiler takes time that grows far faster than the depth (a schema 1,000
// properties deep took a minute), so a deeper schema is refused, with a
// *DepthError, before any work is spent on it.
const MaxSchemaDepth = 256

// DepthError says a schema nests deeper than MaxSchemaDepth.
type DepthError struct {
	// Pointer is the JSON pointer of the first object or array past the
	// limit.
	Pointer string
}

// Error implements error.
func (e *DepthError) Error() string {
	ptr := e.Pointer
	if len(ptr) > maxPointerShown {
		// Its end says where; its start repeats itself.
		ptr = "…" + ptr[len(ptr)-maxPointerShown:]
	}
	return fmt.Sprintf("schema nested deeper than %d levels at %s; toolbench does not check schemas this deep", MaxSchemaDepth, ptr)
}

// maxPointerShown bounds the pointer a DepthError's message quotes.
const maxPointerShown = 120

// depthFrame is one open object or array of checkDepth's walk: the key
// or index of the value being read in it.
type depthFrame struct {
	object  bool
	wantKey bool
	key     string
	index   int
}

// checkDepth returns a *DepthError when raw nests deeper than
// MaxSchemaDepth. It reads raw once, token by token (which has no depth
// limit of its own); what is not JSON is left to the caller to report.
func checkDepth(raw []byte) error {
	if !json.Valid(raw) {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	var stack []depthFrame
	for {
		tok, err := dec.Token()
		if err == io.EOF || err != nil {
			return nil
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			if len(stack) >= MaxSchemaDepth {
				return &DepthError{Pointer: depthPointer(stack)}
			}
			stack = append(stack, depthFrame{object: tok == json.Delim('{'), wantKey: true})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		default:
			if n := len(stack); n > 0 && stack[n-1].object && stack[n-1].wantKey {
				stack[n-1].key, _ = tok.(string)
				stack[n-1].wantKey = false
				continue
			}
		}
		if n := len(stack); n > 0 {
			// A value of the innermost container was read.
			if stack[n-1].object {
				stack[n-1].wantKey = true
			} else {
				stack[n-1].index++
			}
		}
	}
}

// depthPointer is the JSON pointer of the value being read in stack.
func depthPointer(stack []depthFrame) string {
	tokens := make([]string, len(stack))
	for i, f := range stack {
		if f.object {
			tokens[i] = f.key
		} else {
			tokens[i] = strconv.Itoa(f.index)
		}
	}
	return jsondoc.Join("", tokens...)
}
