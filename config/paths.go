package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/adrg/xdg"
)

// EnvFile names an extra config file searched before all others.
const EnvFile = "TOOLBENCH_CONFIG"

// DefaultPaths lists the files searched, first match wins: the project's
// own files (where a person is working), then toolbench's, then each
// editor's global file.
func DefaultPaths() []string {
	home, _ := os.UserHomeDir()
	var paths []string
	if p := os.Getenv(EnvFile); p != "" {
		paths = append(paths, p)
	}
	paths = append(paths,
		".mcp.json",
		filepath.Join(".vscode", "mcp.json"),
		filepath.Join(".cursor", "mcp.json"),
		filepath.Join(xdg.ConfigHome, "toolbench", "servers.json"),
		claudeDesktopPath(home),
		filepath.Join(home, ".claude.json"),
		filepath.Join(home, ".cursor", "mcp.json"),
		filepath.Join(vscodeUserDir(home), "mcp.json"),
		filepath.Join(vscodeUserDir(home), "settings.json"),
	)
	return paths
}

func claudeDesktopPath(home string) string {
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json")
	case "windows":
		return filepath.Join(os.Getenv("APPDATA"), "Claude", "claude_desktop_config.json")
	}
	return filepath.Join(xdg.ConfigHome, "Claude", "claude_desktop_config.json")
}

func vscodeUserDir(home string) string {
	switch runtime.GOOS {
	case "darwin":
		return filepath.Join(home, "Library", "Application Support", "Code", "User")
	case "windows":
		return filepath.Join(os.Getenv("APPDATA"), "Code", "User")
	}
	return filepath.Join(xdg.ConfigHome, "Code", "User")
}

// ErrNotFound means no file defines the server.
var ErrNotFound = errors.New("no such server in the config files")

// Find returns the first definition of name in paths. Files that cannot be
// parsed are reported only when no file defines the server, so one broken
// file does not hide servers defined elsewhere.
func Find(name string, paths []string) (Server, error) {
	var problems []string
	for _, p := range paths {
		servers, err := LoadFile(p)
		if err != nil {
			problems = append(problems, err.Error())
			continue
		}
		for _, s := range servers {
			if s.Name == name {
				return expand(s)
			}
		}
	}
	if len(problems) > 0 {
		return Server{}, fmt.Errorf("%w: %q (some files could not be read: %s)", ErrNotFound, name, strings.Join(problems, "; "))
	}
	return Server{}, fmt.Errorf("%w: %q", ErrNotFound, name)
}

// All returns every definition in paths, first definition of a name only,
// with the problems of files that could not be parsed.
func All(paths []string) ([]Server, []error) {
	seen := map[string]bool{}
	var out []Server
	var errs []error
	for _, p := range paths {
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
