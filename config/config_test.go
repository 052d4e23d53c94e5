package config

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParseFormats(t *testing.T) {
	t.Setenv("TOOLBENCH_TEST_TOKEN", "s3cret")
	vscode := filepath.Join("testdata", "project", ".vscode", "mcp.json")
	project, _ := filepath.Abs(filepath.Join("testdata", "project"))
	tests := []struct {
		file, name string
		want       Server
	}{
		{"testdata/claude_desktop_config.json", "filesystem", Server{Type: "stdio", Command: "npx",
			Args: []string{"-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"}, Env: map[string]string{"DEBUG": "1"}}},
		{"testdata/cursor_mcp.json", "remote", Server{Type: "sse", URL: "http://127.0.0.1:3001/sse",
			Headers: map[string]string{"Authorization": "Bearer s3cret"}}},
		{"testdata/cursor_mcp.json", "local", Server{Type: "stdio", Command: "node", Args: []string{"server.js"}}},
		{vscode, "github", Server{Type: "http", URL: "https://api.example.com/mcp/"}},
		{vscode, "mine", Server{Type: "stdio", Command: "go", Args: []string{"run", project + "/cmd/server"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Find(tt.name, []string{tt.file})
			if err != nil {
				t.Fatal(err)
			}
			tt.want.Name, tt.want.Source = tt.name, tt.file
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestFindErrors(t *testing.T) {
	t.Parallel()
	vscode := filepath.Join("testdata", "project", ".vscode", "mcp.json")
	_, err := Find("secret", []string{vscode})
	if err == nil || !strings.Contains(err.Error(), "${input:api-key}") {
		t.Errorf("input variable: got %v", err)
	}
	_, err = Find("nobody", []string{vscode, "testdata/does-not-exist.json"})
	if !errors.Is(err, ErrNotFound) {
		t.Errorf("missing server: got %v", err)
	}
}

func TestParseRejects(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, doc, want string }{
		{"both", `{"mcpServers":{"x":{"command":"a","url":"http://h"}}}`, "both a command and a url"},
		{"neither", `{"mcpServers":{"x":{"args":["a"]}}}`, "neither a command nor a url"},
		{"not json", `{"mcpServers": [`, "not valid JSON"},
		{"open comment", `{"mcpServers": {} /* forever`, "never closed"},
		{"wrong shape", `{"mcpServers":{"x":{"args":"a"}}}`, `server "x"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := Parse([]byte(tt.doc), "f.json")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want error containing %q", err, tt.want)
			}
		})
	}
}

func TestStripJSONC(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`{"a": 1}`, `{"a": 1}`},
		{`{"a": 1,}`, `{"a": 1 }`},
		{`[1, 2, ]`, `[1, 2  ]`},
		{"{\"a\": \"// not a comment\"} // comment", "{\"a\": \"// not a comment\"}           "},
		{`{"a": /* x */ 1}`, `{"a":         1}`},
		{`{"a": "\" , }"}`, `{"a": "\" , }"}`},
	}
	for _, tt := range tests {
		got, err := StripJSONC([]byte(tt.in))
		if err != nil || string(got) != tt.want {
			t.Errorf("StripJSONC(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestAllFirstDefinitionWins(t *testing.T) {
	t.Parallel()
	servers, errs := All([]string{"testdata/cursor_mcp.json", "testdata/claude_desktop_config.json", "testdata/cursor_mcp.json"})
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	var names []string
	for _, s := range servers {
		names = append(names, s.Name)
	}
	if want := []string{"remote", "local", "filesystem"}; !reflect.DeepEqual(names, want) {
		t.Errorf("names = %v, want %v", names, want)
	}
}
