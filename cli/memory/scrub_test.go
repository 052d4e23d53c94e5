package memory

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/target/secrets"
)

// TestAppendScrubbed: a secret inside a JSON string is written as its
// $NAME; one inside a number, where $NAME cannot stand, costs the record
// its arguments and result but not its place in the history.
func TestAppendScrubbed(t *testing.T) {
	t.Parallel()
	store, err := history.Open(t.TempDir(), history.Options{})
	if err != nil {
		t.Fatal(err)
	}
	set := secrets.NewSet()
	set.Add("API_TOKEN", "s3cr3t-token-value")
	set.Add("PIN", "987654321")
	srv := history.Server{Key: "k", Label: "server"}
	records := []history.Record{
		{V: history.RecordVersion, Time: time.Unix(1, 0).UTC(), Server: srv, Tool: "echo",
			Arguments: json.RawMessage(`{"token":"s3cr3t-token-value"}`), Result: json.RawMessage(`{"content":[{"type":"text","text":"Bearer s3cr3t-token-value"}]}`)},
		{V: history.RecordVersion, Time: time.Unix(2, 0).UTC(), Server: srv, Tool: "unlock",
			Arguments: json.RawMessage(`{"pin":987654321}`), Result: json.RawMessage(`{"content":[]}`)},
	}
	for _, r := range records {
		if err := AppendScrubbed(store, set, r); err != nil {
			t.Fatalf("%s: %v", r.Tool, err)
		}
	}
	got, _, err := store.Log.Read(history.Filter{ServerKey: "k"})
	if err != nil || len(got) != 2 {
		t.Fatalf("read %d records, %v", len(got), err)
	}
	if string(got[0].Arguments) != `{"token":"$API_TOKEN"}` || !strings.Contains(string(got[0].Result), "Bearer $API_TOKEN") {
		t.Errorf("the string secret is not $API_TOKEN: %s %s", got[0].Arguments, got[0].Result)
	}
	if string(got[1].Arguments) != `{}` || got[1].Result != nil || !strings.Contains(got[1].Error, "not inside a JSON string") {
		t.Errorf("the number secret: arguments %s, result %s, error %q", got[1].Arguments, got[1].Result, got[1].Error)
	}
}
