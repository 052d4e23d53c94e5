package form

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// valueLines finds, in JSON indented by json.Indent, the lines [from, to)
// of each value by its pointer: one line for a scalar or an empty
// container, from its opening line through its closing one for the rest.
func valueLines(lines []string) map[string]span {
	type open struct {
		ptr   string
		from  int
		array bool
		next  int
	}
	out := make(map[string]span, len(lines))
	var stack []open
	for i, line := range lines {
		rest := strings.TrimLeft(line, " ")
		if rest == "" {
			continue
		}
		if rest[0] == '}' || rest[0] == ']' {
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				out[top.ptr] = span{top.from, i + 1}
			}
			continue
		}
		ptr, value := "", rest
		if len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.array {
				ptr = jsondoc.Join(top.ptr, strconv.Itoa(top.next))
				top.next++
			} else {
				end := stringEnd(rest, 0)
				k, ok := jsonKey(rest[:end])
				if !ok {
					continue
				}
				ptr = jsondoc.Join(top.ptr, k)
				value = strings.TrimLeft(strings.TrimPrefix(rest[end:], ":"), " ")
			}
		}
		if value == "{" || value == "[" {
			stack = append(stack, open{ptr: ptr, from: i, array: value == "["})
			continue
		}
		out[ptr] = span{i, i + 1}
	}
	return out
}

// jsonKey decodes a key as json.Indent wrote it: most have no escapes and
// are taken as they are, without a decoder per key.
func jsonKey(quoted string) (string, bool) {
	if len(quoted) >= 2 && quoted[len(quoted)-1] == '"' && strings.IndexByte(quoted, '\\') < 0 {
		return quoted[1 : len(quoted)-1], true
	}
	var k string
	err := json.Unmarshal([]byte(quoted), &k)
	return k, err == nil
}
