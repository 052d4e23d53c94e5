package config

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseRefusesKeysTwiceInAnEntry: a key repeated inside one server's
// entry, at any depth, is an error placed at the second: encoding/json
// silently ran the last "command".
func TestParseRefusesKeysTwiceInAnEntry(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, doc, want string }{
		{"command twice", "{\"mcpServers\": {\"gh\": {\n  \"command\": \"safe\",\n  \"command\": \"evil\"}}}",
			`f.json:3:3: server "gh": "command" is given twice (first at line 2); keep one`},
		{"env key twice", "{\"mcpServers\": {\"gh\": {\"command\": \"x\", \"args\": [\"a\"],\n  \"env\": {\"A\": \"1\",\n  \"A\": \"2\"}}}}",
			`f.json:3:3: server "gh": "A" is given twice (first at line 2); keep one`},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.doc), "f.json")
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: got %v\nwant %s", tt.name, err, tt.want)
		}
	}
	ok := "{\"mcpServers\": {\"a\": {\"command\": \"x\", \"env\": {\"command\": \"1\"}, \"args\": [\"command\"]},\n \"b\": {\"command\": \"y\", \"headers\": {}}}}"
	if servers, err := Parse([]byte(ok), "f.json"); err != nil || len(servers) != 2 {
		t.Errorf("equal keys in different objects: %v %v", servers, err)
	}
}

// TestParseAcceptsByteOrderMark: a file that starts with a UTF-8 byte
// order mark (Notepad writes one) parses, and its errors are placed at
// the columns an editor shows.
func TestParseAcceptsByteOrderMark(t *testing.T) {
	t.Parallel()
	servers, err := Parse([]byte("\xEF\xBB\xBF{\"mcpServers\": {\"a\": {\"command\": \"x\"}}}"), "f.json")
	if err != nil || len(servers) != 1 || servers[0].Command != "x" {
		t.Fatalf("got %v, %v", servers, err)
	}
	_, err = Parse([]byte("\xEF\xBB\xBF{\"mcpServers\": 1}"), "f.json")
	if err == nil || !strings.HasPrefix(err.Error(), `f.json:1:16: "mcpServers" must be a JSON object`) {
		t.Errorf("got %v", err)
	}
}

// TestLoadNamedRefusesEmptyFiles: a file named by --config that is
// empty or null defines nothing, which is a mistake to report; on the
// search path the same file only has no servers.
func TestLoadNamedRefusesEmptyFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, text := range map[string]string{"empty": "", "blank": " \n\t", "null": "null\n", "comment": "// nothing yet\nnull"} {
		path := filepath.Join(dir, name+".json")
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := LoadNamed(path)
		var fe *FileError
		if !errors.As(err, &fe) || fe.Path != path || !strings.Contains(err.Error(), "defines no servers") {
			t.Errorf("%s: got %v", name, err)
		}
		if servers, err := LoadFile(path); err != nil || len(servers) != 0 {
			t.Errorf("%s on the search path: %v %v", name, servers, err)
		}
	}
	if _, err := LoadNamed(filepath.Join(dir, "none.json")); err == nil {
		t.Error("a missing named file: no error")
	}
}
