package collection

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAppendTest(t *testing.T) {
	t.Parallel()
	tr := true
	newTest := Test{Name: "new", Tool: "echo", Arguments: json.RawMessage(`{"message":"hi"}`),
		Expect: Expect{IsError: &tr, Snapshot: true, Match: []Match{{Pointer: "/content/0/text", Equals: json.RawMessage(`"Echo: hi"`)}}}}
	tests := []struct {
		name, file, existing string // existing "": no file yet
		wantErr              string
	}{
		{"create json", "c.json", "", ""},
		{"create yaml", "c.yaml", "", ""},
		{"append json", "c.json", `{"tests": [{"name": "old", "tool": "get-sum", "expect": {"match": {"/b": 1, "/a": 2}}}]}`, ""},
		{"append yaml", "c.yml", "tests:\n  - name: old\n    tool: get-sum\n    expect:\n      match: {/b: 1, /a: 2}\n", ""},
		{"duplicate", "c.json", `{"tests": [{"name": "new", "tool": "get-sum"}]}`, `a test named "new" is there already`},
		{"broken file", "c.json", `{"tests": [`, "not valid JSON"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), tt.file)
			if tt.existing != "" {
				if err := os.WriteFile(path, []byte(tt.existing), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			err := AppendTest(path, newTest, []byte(`{ "b": 1, "a": 2 }`))
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				if data, _ := os.ReadFile(path); string(data) != tt.existing {
					t.Errorf("file changed to %s", data)
				}
				if _, err := os.Stat(SnapshotPath(path)); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("snapshots written: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c, err := Load(path)
			if err != nil {
				t.Fatal(err)
			}
			last := c.Tests[len(c.Tests)-1]
			if last.Name != "new" || string(last.Arguments) != `{"message":"hi"}` || len(last.Expect.Match) != 1 || !*last.Expect.IsError {
				t.Errorf("appended = %+v", last)
			}
			if tt.existing != "" {
				if len(c.Tests) != 2 || c.Tests[0].Expect.Match[0].Pointer != "/b" || c.Tests[0].Expect.Match[1].Pointer != "/a" {
					t.Errorf("existing test changed: %+v", c.Tests[0])
				}
			}
			data, _ := os.ReadFile(path)
			if isYAML(path) == strings.HasPrefix(strings.TrimSpace(string(data)), "{") {
				t.Errorf("file not in its own format:\n%s", data)
			}
			snaps := map[string]json.RawMessage{}
			raw, err := os.ReadFile(SnapshotPath(path))
			if err != nil || json.Unmarshal(raw, &snaps) != nil || string(canonical(snaps["new"])) != `{"b":1,"a":2}` {
				t.Errorf("snapshots = %s, %v", raw, err)
			}
		})
	}
}
