package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestParseErrorsArePlaced: every problem in a file names the file, the
// line and the column of the text as written, comments included, and
// says what is wrong in a config file's words.
func TestParseErrorsArePlaced(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, doc, want string }{
		{"missing comma", "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\"}\n    \"b\": {\"command\": \"y\"}\n  }\n}",
			`f.json:4:5: not valid JSON: invalid character '"' after object key:value pair`},
		{"double comma inside an entry", "{\"mcpServers\": {\n  \"a\": {\"command\": \"x\",, \"args\": []}}}",
			"f.json:2:24: not valid JSON: invalid character ','"},
		{"after comments", "// servers\n/* a\n   block */ {\"mcpServers\": {\"a\": {\"command\": 'x'}}}",
			"f.json:3:46: not valid JSON: invalid character '\\''"},
		{"cut short", "{\"mcpServers\": {\n  \"a\": {\"command\": \"x\"}\n", "f.json:3:1: not valid JSON: the text ends before the JSON object does"},
		{"text after", "{\"mcpServers\": {}}\n}", "f.json:2:1: not valid JSON: text after the file's JSON object"},
		{"open comment", "{\"mcpServers\": {}}\n  /* forever", "f.json:2:3: a /* comment opened here is never closed"},
		{"open string", "{\"mcpServers\": {\"a", "f.json:1:17: a string opened here is never closed"},
		{"not an object", "[]", "f.json:1:1: the file must be a JSON object, not an array"},
		{"servers not an object", "{\n  \"servers\": [1]}", `f.json:2:14: "servers" must be a JSON object, not an array`},
		{"entry not an object", "{\"mcpServers\": {\n  \"a\": \"npx\"}}", `f.json:2:8: server "a" must be an object with a "command" or a "url", not a string`},
		{"field of the wrong type", "{\"mcpServers\": {\n  \"a\": {\"command\": \"x\", \"args\": \"-y\"}}}",
			`f.json:2:33: server "a": "args" must be an array of strings, not a string`},
		{"env value of the wrong type", "{\"mcpServers\": {\n  \"a\": {\"command\": \"x\", \"env\": {\"N\": 1}}}}",
			`f.json:2:32: server "a": each value of "env" must be a string, not a number`},
		{"arg of the wrong type", "{\"mcpServers\": {\n  \"a\": {\"command\": \"x\", \"args\": [1]}}}",
			`f.json:2:33: server "a": each item of "args" must be a string, not a number`},
		{"both", "{\"mcpServers\": {\n  \"x\": {\"command\": \"a\", \"url\": \"http://h\"}}}", `f.json:2:3: server "x" has both a command and a url`},
		{"neither", "{\"mcpServers\": {\n\n  \"x\": {\"args\": [\"a\"]}}}", `f.json:3:3: server "x" has neither a command nor a url`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse([]byte(tt.doc), "f.json")
			var fe *FileError
			if !errors.As(err, &fe) || fe.Path != "f.json" || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("got %v\nwant %s", err, tt.want)
			}
		})
	}
}

// TestParseRefusesNamesTwice: encoding/json keeps the last of two equal
// keys without a word; a server named twice in one file is an error at
// the second, naming the first.
func TestParseRefusesNamesTwice(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, doc, want string }{
		{"same map", "{\"mcpServers\": {\n  \"gh\": {\"command\": \"a\"},\n  \"gh\": {\"command\": \"b\"}}}",
			`f.json:3:3: server "gh" is defined twice (first at line 2); keep one`},
		{"two maps", "{\"mcpServers\": {\"gh\": {\"command\": \"a\"}},\n \"servers\": {\n  \"gh\": {\"command\": \"b\"}}}",
			`f.json:3:3: server "gh" is defined under both "mcpServers" (line 1) and "servers"; keep one`},
		{"settings and map", "{\"mcp\": {\"servers\": {\"gh\": {\"command\": \"a\"}}},\n \"mcpServers\": {\"gh\": {\"command\": \"b\"}}}",
			`f.json:2:17: server "gh" is defined under both "mcp.servers" (line 1) and "mcpServers"; keep one`},
		{"map given twice", "{\"mcpServers\": {\"gh\": {\"command\": \"a\"}},\n \"mcpServers\": {\"gh\": {\"command\": \"b\"}}}",
			`f.json:2:17: server "gh" is defined twice (first at line 1); keep one`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse([]byte(tt.doc), "f.json")
			if err == nil || err.Error() != tt.want {
				t.Errorf("got  %v\nwant %s", err, tt.want)
			}
		})
	}
}

func TestParseKeepsFileOrderAndSkipsEmptyFiles(t *testing.T) {
	t.Parallel()
	servers, err := Parse([]byte(`{"other": {"x": 1}, "mcpServers": {"b": {"command": "b"}, "a": {"command": "a"}}, "mcpServers2": null}`), "f.json")
	if err != nil || len(servers) != 2 || servers[0].Name != "b" || servers[1].Name != "a" {
		t.Errorf("got %+v, %v", servers, err)
	}
	for _, doc := range []string{"", " \n", `{"mcpServers": null}`} {
		if servers, err := Parse([]byte(doc), "f.json"); err != nil || len(servers) != 0 {
			t.Errorf("Parse(%q) = %v, %v; want no servers", doc, servers, err)
		}
	}
}

// writeFile writes a config file into a test's directory.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestFindStopsAtBrokenFile: a file on the path that cannot be parsed
// stops the lookup, wherever it is on the path, even when another file
// defines the name: the broken file might hold the definition meant.
func TestFindStopsAtBrokenFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := writeFile(t, dir, "good.json", `{"mcpServers": {"gh": {"command": "gh-server"}}}`)
	broken := writeFile(t, dir, "broken.json", "{\"mcpServers\": {\n  \"raw\": {\"command\": \"x\",}\n  \"y\": 1}}")
	for _, paths := range [][]string{{broken, good}, {good, broken}} {
		for _, name := range []string{"gh", "raw", "nobody"} {
			_, err := Find(name, paths)
			var fe *FileError
			if !errors.As(err, &fe) || fe.Path != broken || fe.Line != 3 || fe.Column != 3 || errors.Is(err, ErrNotFound) {
				t.Errorf("Find(%q, %v) = %v; want the broken file's error at 3:3", name, paths, err)
			}
		}
	}
	if _, err := Find("gh", []string{filepath.Join(dir, "missing.json"), good}); err != nil {
		t.Errorf("a missing file has no servers: %v", err)
	}
}

// TestFindSaysWhatItShadows: the first file wins, and the later files
// that define the name too are listed; a path named twice counts once.
func TestFindSaysWhatItShadows(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := writeFile(t, dir, "a.json", `{"mcpServers": {"gh": {"command": "from-a"}}}`)
	b := writeFile(t, dir, "b.json", `{"servers": {"gh": {"type": "http", "url": "http://127.0.0.1:1/mcp"}}}`)
	c := writeFile(t, dir, "c.json", `{"mcpServers": {"other": {"command": "x"}}}`)
	d := writeFile(t, dir, "d.json", `{"mcp": {"servers": {"gh": {"command": "from-d"}}}}`)
	s, err := Find("gh", []string{a, c, b, a, d})
	if err != nil {
		t.Fatal(err)
	}
	if s.Command != "from-a" || s.Source != a || !reflect.DeepEqual(s.Shadows, []string{b, d}) {
		t.Errorf("got %+v; want from-a, shadowing %s and %s", s, b, d)
	}
}

// TestExpandRefusesUnsetVariables: ${env:NAME} of a variable that is not
// set names the variable and the file instead of becoming "".
func TestExpandRefusesUnsetVariables(t *testing.T) {
	t.Parallel()
	const unset = "TOOLBENCH_CONFIG_TEST_NEVER_SET"
	if _, ok := os.LookupEnv(unset); ok {
		t.Fatalf("%s is set in the test's environment", unset)
	}
	dir := t.TempDir()
	path := writeFile(t, dir, "m.json", `{"mcpServers": {"remote": {"url": "http://127.0.0.1:1/mcp",
		"headers": {"Authorization": "Bearer ${env:`+unset+`}"}}, "fine": {"command": "x"}}}`)
	_, err := Find("remote", []string{path})
	var fe *FileError
	if !errors.As(err, &fe) || fe.Path != path || !strings.Contains(err.Error(), `server "remote" uses ${env:`+unset+`}, which is not set`) {
		t.Errorf("got %v", err)
	}
	if _, err := Find("fine", []string{path}); err != nil {
		t.Errorf("another server of the file is unaffected: %v", err)
	}
}
