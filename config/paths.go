package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"

	"github.com/adrg/xdg"
)

// EnvFile names an extra config file searched before all others.
const EnvFile = "TOOLBENCH_CONFIG"

// projectFiles are the files of the project in the working directory:
// they come with the code (a cloned repository's .mcp.json), not from the
// person running toolbench.
var projectFiles = []string{".mcp.json", filepath.Join(".vscode", "mcp.json"), filepath.Join(".cursor", "mcp.json")}

// IsProjectFile reports whether path is one of the project's files of the
// search path (./.mcp.json, ./.vscode/mcp.json, ./.cursor/mcp.json).
func IsProjectFile(path string) bool {
	clean := filepath.Clean(path)
	for _, p := range projectFiles {
		if clean == p {
			return true
		}
	}
	return false
}

// OwnFile is toolbench's own servers file under the config directory.
func OwnFile(configHome string) string {
	return filepath.Join(configHome, "toolbench", "servers.json")
}

// DefaultPaths lists the files searched, first match wins: the project's
// own files (where a person is working), then toolbench's, then each
// editor's global file. "projectFiles": false in toolbench's own file
// leaves the project's files out.
func DefaultPaths() []string {
	home, _ := os.UserHomeDir()
	return searchPaths(home, xdg.ConfigHome, os.Getenv(EnvFile))
}

// searchPaths is DefaultPaths for a home and config directory, with
// envFile ($TOOLBENCH_CONFIG) first when set.
func searchPaths(home, configHome, envFile string) []string {
	var paths []string
	if envFile != "" {
		paths = append(paths, envFile)
	}
	own := OwnFile(configHome)
	if TrustsProjectFiles(own) {
		paths = append(paths, projectFiles...)
	}
	return append(paths,
		own,
		claudeDesktopPath(home, configHome),
		filepath.Join(home, ".claude.json"),
		filepath.Join(home, ".cursor", "mcp.json"),
		filepath.Join(vscodeUserDir(home, configHome), "mcp.json"),
		filepath.Join(vscodeUserDir(home, configHome), "settings.json"),
	)
}

// TrustsProjectFiles reports whether toolbench's own file own lets the
// project's files define servers: true unless it says
// "projectFiles": false. A file that is missing or cannot be read says
// nothing (its problem is reported when it is searched).
func TrustsProjectFiles(own string) bool {
	data, err := os.ReadFile(own)
	if err != nil {
		return true
	}
	clean, err := stripped(data)
	if err != nil {
		return true
	}
	var settings struct {
		ProjectFiles *bool `json:"projectFiles"`
	}
	if json.Unmarshal(clean, &settings) != nil || settings.ProjectFiles == nil {
		return true
	}
	return *settings.ProjectFiles
}

func claudeDesktopPath(home, configHome string) string {
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json")
	case "windows":
		return filepath.Join(os.Getenv("APPDATA"), "Claude", "claude_desktop_config.json")
	}
	return filepath.Join(configHome, "Claude", "claude_desktop_config.json")
}

func vscodeUserDir(home, configHome string) string {
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Application Support", "Code", "User")
	case "windows":
		return filepath.Join(os.Getenv("APPDATA"), "Code", "User")
	}
	return filepath.Join(configHome, "Code", "User")
}

// ErrNotFound means no file defines the server.
var ErrNotFound = errors.New("no such server in the config files")

// Find returns the first definition of name in paths, its variables
// expanded, with Shadows naming the later files that define it too. Every
// file is read, and one that cannot be parsed stops the lookup with its
// *FileError: a broken file would otherwise hide the definition it holds,
// and the name would silently mean something else (a command of that
// name, or a definition further down). A path named twice counts once.
func Find(name string, paths []string) (Server, error) {
	var found *Server
	for _, p := range uniquePaths(paths) {
		servers, err := LoadFile(p)
		if err != nil {
			return Server{}, err
		}
		for _, s := range servers {
			switch {
			case s.Name != name:
			case found == nil:
				found = &s
			default:
				found.Shadows = append(found.Shadows, p)
			}
		}
	}
	if found == nil {
		return Server{}, fmt.Errorf("%w: %q", ErrNotFound, name)
	}
	return expand(*found)
}

// All returns every definition in paths, first definition of a name only,
// with the problems of files that could not be parsed.
func All(paths []string) ([]Server, []error) {
	seen := map[string]bool{}
	var out []Server
	var errs []error
	for _, p := range uniquePaths(paths) {
		servers, err := LoadFile(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		for _, s := range servers {
			if !seen[s.Name] {
				seen[s.Name] = true
				out = append(out, s)
			}
		}
	}
	return out, errs
}

// uniquePaths drops the repeats of a path, compared as absolute paths:
// --config .mcp.json also comes up on the search path as ./.mcp.json.
func uniquePaths(paths []string) []string {
	seen := map[string]bool{}
	out := make([]string, 0, len(paths))
	for _, p := range paths {
		key := filepath.Clean(p)
		if abs, err := filepath.Abs(p); err == nil {
			key = abs
		}
		if !seen[key] {
			seen[key] = true
			out = append(out, p)
		}
	}
	return out
}
