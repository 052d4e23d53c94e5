package ui

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/tool"
)

// A tool whose inputSchema allows any value ({}, true) is still called with
// an object: the form starts on {} rather than on the any-value control's
// string variant, which would send a string as the arguments.
func TestAnyValueToolIsCalledWithAnObject(t *testing.T) {
	t.Parallel()
	for _, schema := range []string{`{}`, `true`, `{"description":"anything"}`} {
		t.Run(schema, func(t *testing.T) {
			t.Parallel()
			s := newFakeSession(t, fixtureTools)
			s.tools = []tool.Tool{{Name: "free", InputSchema: json.RawMessage(schema)}}
			h := newHarness(t, s)
			h.selectTool("free")
			h.key("ctrl+s")
			calls := s.callLog()
			if len(calls) != 1 || calls[0] != "free {}" {
				t.Fatalf("calls = %q, want one call of free with {}\n%s", calls, h.view())
			}
			if v := h.view(); !strings.Contains(v, "[Result]") {
				t.Errorf("the call should show its result:\n%s", v)
			}
		})
	}
}
