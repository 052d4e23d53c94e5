package config

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestProjectFilesCanBeTurnedOff: the project's files are searched first
// unless toolbench's own file says "projectFiles": false, so a cloned
// repository's .mcp.json cannot replace the person's own servers.
func TestProjectFilesCanBeTurnedOff(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	configHome := filepath.Join(home, ".config")
	paths := searchPaths(home, configHome, "")
	if paths[0] != ".mcp.json" || !slices.Contains(paths, filepath.Join(".cursor", "mcp.json")) || !slices.Contains(paths, filepath.Join(home, ".claude.json")) {
		t.Fatalf("default search path: %q", paths)
	}
	own := OwnFile(configHome)
	if err := os.MkdirAll(filepath.Dir(own), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		text    string
		project bool
	}{
		{"// mine\n{\"projectFiles\": false, \"mcpServers\": {}}", false},
		{`{"projectFiles": true}`, true},
		{`{"mcpServers": {}}`, true},
		// Broken: searched, and its problem reported when it is read.
		{`{broken`, true},
	} {
		text, project := tt.text, tt.project
		if err := os.WriteFile(own, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		paths := searchPaths(home, configHome, "/env.json")
		searched := slices.ContainsFunc(paths, IsProjectFile)
		if searched != project || paths[0] != "/env.json" || !slices.Contains(paths, own) {
			t.Errorf("%s: project files searched %v, want %v: %q", text, searched, project, paths)
		}
	}
	if servers, err := LoadFile(own); err == nil {
		t.Errorf("a broken own file parsed: %v", servers)
	}
}

// TestIsProjectFile: the project's files are the relative ones of the
// working directory, however written; the person's own are not.
func TestIsProjectFile(t *testing.T) {
	t.Parallel()
	for path, want := range map[string]bool{
		".mcp.json": true, "./.mcp.json": true, ".vscode/mcp.json": true, "./.cursor/mcp.json": true,
		"/home/u/.cursor/mcp.json": false, "/home/u/.claude.json": false, "servers.json": false,
	} {
		if got := IsProjectFile(path); got != want {
			t.Errorf("IsProjectFile(%q) = %v, want %v", path, got, want)
		}
	}
}
