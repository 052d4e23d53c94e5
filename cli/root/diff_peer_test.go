package root

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/toolbench/toolbench/internal/peer"
	"github.com/toolbench/toolbench/snapshot"
)

// TestDiffEverything snapshots the real server-everything, edits a copy in
// the test with one change per rule it can show, and diffs the two files
// and the live server against the edited one.
func TestDiffEverything(t *testing.T) {
	t.Parallel()
	target := []string{"stdio", peer.Node(t), peer.Entry(t, peer.Everything)}
	before := takeFixtureSnapshot(t, target, t.TempDir())
	var doc map[string]any
	if err := json.Unmarshal([]byte(readFile(before)), &doc); err != nil {
		t.Fatal(err)
	}
	edited := editEverything(t, doc)
	b, err := json.Marshal(edited)
	if err != nil {
		t.Fatal(err)
	}
	after := filepath.Join(filepath.Dir(before), "after.json")
	if err := os.WriteFile(after, b, 0o600); err != nil {
		t.Fatal(err)
	}
	r := runToolbench(t, context.Background(), "", "diff", "--json", "--fail-on", "breaking", before, after)
	var got snapshot.Report
	if err := json.Unmarshal([]byte(r.out), &got); err != nil || r.code != exitToolError {
		t.Fatalf("diff: exit %d, %v\n%s%s", r.code, err, r.out, r.err)
	}
	want := map[[3]string]snapshot.Severity{
		{"echo", "required-parameter-added", "/inputSchema/properties/volume"}:                      snapshot.Breaking,
		{"get-annotated-message", "enum-value-removed", "/inputSchema/properties/messageType/enum"}: snapshot.Breaking,
		{"get-sum", "type-narrowed", "/inputSchema/properties/a/type"}:                              snapshot.Breaking,
		{"get-structured-content", "output-property-removed", "/outputSchema/properties/humidity"}:  snapshot.Breaking,
		{"gzip-file-as-resource", "destructive-hint-added", "/annotations/destructiveHint"}:         snapshot.Breaking,
		{"get-resource-links", "minimum-raised", "/inputSchema/properties/count/minimum"}:           snapshot.Breaking,
		{"read-env", "tool-renamed", "/name"}:                                                       snapshot.Breaking,
		{"trigger-long-running-operation", "description-changed", "/description"}:                   snapshot.NonBreaking,
		{"demo://resource/static/document/architecture.md", "mime-type-changed", "/mimeType"}:       snapshot.Breaking,
		{"simple-prompt", "prompt-removed", ""}:                                                     snapshot.Breaking,
	}
	seen := 0
	for _, g := range got.Groups {
		for _, c := range g.Changes {
			sev, ok := want[[3]string{g.Name, c.Rule, c.Pointer}]
			if !ok {
				t.Errorf("unexpected change in %s: %+v", g.Name, c)
				continue
			}
			seen++
			if c.Severity != sev {
				t.Errorf("%s %s: %s, want %s", g.Name, c.Rule, c.Severity, sev)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("%d of the %d expected changes reported:\n%s", seen, len(want), r.out)
	}
	live := runToolbench(t, context.Background(), "", withTarget(target, "diff", "--fail-on", "any", before)...)
	if live.code != exitOK {
		t.Errorf("the snapshot against the live server it was taken from: exit %d\n%s%s", live.code, live.out, live.err)
	}
}

// editEverything makes the edits TestDiffEverything expects, on the
// decoded snapshot.
func editEverything(t *testing.T, doc map[string]any) map[string]any {
	t.Helper()
	tools := map[string]map[string]any{}
	for _, x := range doc["tools"].([]any) {
		m := x.(map[string]any)
		tools[m["name"].(string)] = m
	}
	props := func(tool string) map[string]any {
		return tools[tool]["inputSchema"].(map[string]any)["properties"].(map[string]any)
	}
	echo := tools["echo"]["inputSchema"].(map[string]any)
	props("echo")["volume"] = map[string]any{"type": "integer"}
	echo["required"] = append(echo["required"].([]any), "volume")
	props("get-annotated-message")["messageType"].(map[string]any)["enum"] = []any{"error", "success"}
	props("get-sum")["a"].(map[string]any)["type"] = "integer"
	delete(tools["get-structured-content"]["outputSchema"].(map[string]any)["properties"].(map[string]any), "humidity")
	tools["gzip-file-as-resource"]["annotations"].(map[string]any)["destructiveHint"] = true
	props("get-resource-links")["count"].(map[string]any)["minimum"] = 2
	tools["trigger-long-running-operation"]["description"] = "Runs for a while and reports progress"
	tools["get-env"]["name"] = "read-env"
	doc["resources"].([]any)[0].(map[string]any)["mimeType"] = "text/plain"
	var prompts []any
	for _, p := range doc["prompts"].([]any) {
		if p.(map[string]any)["name"] != "simple-prompt" {
			prompts = append(prompts, p)
		}
	}
	doc["prompts"] = prompts
	return doc
}
