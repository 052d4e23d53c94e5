package check

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestOutputVerdictMessages(t *testing.T) {
	t.Parallel()
	schema := json.RawMessage(`{"type":"object","properties":{"n":{"type":"integer"}},"required":["n","m"]}`)
	v := Output(schema, json.RawMessage(`{"n":"x"}`), false)
	got := strings.Join(v.Messages(), "\n")
	for _, want := range []string{"(root): ", "/n: "} {
		if !strings.Contains(got, want) {
			t.Errorf("messages lack %q:\n%s", want, got)
		}
	}
	if n := len(Output(schema, json.RawMessage(`{"n":1,"m":2}`), false).Messages()); n != 0 {
		t.Errorf("a valid result has %d messages", n)
	}
}
