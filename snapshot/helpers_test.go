package snapshot

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// snap makes a snapshot of the tool objects given as JSON texts.
func snap(tools ...string) *Snapshot {
	return &Snapshot{Format: Format, Tools: json.RawMessage("[" + strings.Join(tools, ",") + "]")}
}

// tool is a tool named name whose inputSchema is schema.
func tool(name, schema string) string {
	return fmt.Sprintf(`{"name":%q,"inputSchema":%s}`, name, schema)
}

// lines are a report's changes as "severity rule pointer", group by
// group, for comparing with what a test expects.
func lines(r *Report) []string {
	var out []string
	for _, g := range r.Groups {
		for _, c := range g.Changes {
			out = append(out, fmt.Sprintf("%s %s %s %s", g.Name, c.Severity, c.Rule, c.Pointer))
		}
	}
	return out
}

func mustDiff(t *testing.T, old, new *Snapshot) *Report {
	t.Helper()
	r, err := Diff(old, new)
	if err != nil {
		t.Fatalf("Diff: %v", err)
	}
	return r
}

func sameLines(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("changes:\n  %s\nwant:\n  %s", strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}
