package host

import (
	"reflect"
	"testing"
)

// TestNotes: works findings are left out, what a host does is kept in
// order, and the unknown hosts of each rule fold into one group.
func TestNotes(t *testing.T) {
	t.Parallel()
	fs := []Finding{
		{Rule: "result.size", Host: ClaudeCode, Verdict: Rejected},
		{Rule: "result.size", Host: Goose, Verdict: Unknown},
		{Rule: "result.shadow", Host: Zed, Verdict: Unknown},
		{Rule: "result.size", Host: Zed, Verdict: Unknown},
		{Rule: "result.size", Host: Codex, Verdict: Works},
		{Rule: "result.shadow", Host: VSCode, Verdict: Degraded},
	}
	known, unknown := Notes(fs)
	if len(known) != 2 || known[0].Host != ClaudeCode || known[1].Host != VSCode {
		t.Errorf("known %+v", known)
	}
	want := []UnknownGroup{{Rule: "result.size", Hosts: []ID{Goose, Zed}}, {Rule: "result.shadow", Hosts: []ID{Zed}}}
	if !reflect.DeepEqual(unknown, want) {
		t.Errorf("unknown %+v, want %+v", unknown, want)
	}
}
