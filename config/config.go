// Package config reads the MCP server definitions people already keep for
// Claude Desktop, Claude Code, Cursor and VS Code, and toolbench's own file,
// so a server can be named instead of spelled out.
package config

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

// Server is one server definition from a config file.
type Server struct {
	Name string
	// Source is the file the definition came from.
	Source string
	// Type is "stdio", "sse" or "http"; URL definitions without a type are
	// "http" when the URL says so and "auto" otherwise.
	Type    string
	Command string
	Args    []string
	Env     map[string]string
	Cwd     string
	URL     string
	Headers map[string]string
}

// entry is one definition as the files write it. Claude Desktop, Claude
// Code and Cursor share the mcpServers shape; VS Code adds "type" and calls
// the map "servers".
type entry struct {
	Type    string            `json:"type"`
	Command string            `json:"command"`
	Args    []string          `json:"args"`
	Env     map[string]string `json:"env"`
	Cwd     string            `json:"cwd"`
	URL     string            `json:"url"`
	// ServerURL is Claude Desktop's spelling for remote servers.
	ServerURL string            `json:"serverUrl"`
	Headers   map[string]string `json:"headers"`
}

// Parse reads the servers from one file's contents. It accepts JSON with
// comments and trailing commas (VS Code's files are JSONC), and the server
// map under "mcpServers", "servers", or VS Code settings' "mcp"."servers".
func Parse(data []byte, source string) ([]Server, error) {
	var doc struct {
		MCPServers map[string]json.RawMessage `json:"mcpServers"`
		Servers    map[string]json.RawMessage `json:"servers"`
		MCP        struct {
			Servers map[string]json.RawMessage `json:"servers"`
		} `json:"mcp"`
	}
	clean, err := StripJSONC(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", source, err)
	}
	if err := json.Unmarshal(clean, &doc); err != nil {
		return nil, fmt.Errorf("%s: not a JSON object: %w", source, err)
	}
	var out []Server
	for _, m := range []map[string]json.RawMessage{doc.MCPServers, doc.Servers, doc.MCP.Servers} {
		for _, name := range sortedNames(m) {
			s, err := parseEntry(name, m[name], source)
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
	}
	return out, nil
}

func parseEntry(name string, raw json.RawMessage, source string) (Server, error) {
	var e entry
	if err := json.Unmarshal(raw, &e); err != nil {
		return Server{}, fmt.Errorf("%s: server %q: %w", source, name, err)
	}
	s := Server{Name: name, Source: source, Command: e.Command, Args: e.Args, Env: e.Env, Cwd: e.Cwd,
		URL: e.URL, Headers: e.Headers}
	if s.URL == "" {
		s.URL = e.ServerURL
	}
	switch {
	case s.Command != "" && s.URL != "":
		return Server{}, fmt.Errorf("%s: server %q has both a command and a url; keep one", source, name)
	case s.Command != "":
		s.Type = "stdio"
	case s.URL != "":
		s.Type = urlType(e.Type, s.URL)
	default:
		return Server{}, fmt.Errorf("%s: server %q has neither a command nor a url", source, name)
	}
	return s, nil
}

// urlType maps the type names the editors use onto toolbench's transports.
func urlType(declared, url string) string {
	switch strings.ToLower(declared) {
	case "sse":
		return "sse"
	case "http", "streamable-http", "streamablehttp", "streamable_http":
		return "http"
	}
	if strings.HasSuffix(strings.TrimRight(url, "/"), "/sse") {
		return "sse"
	}
	return "auto"
}

func sortedNames(m map[string]json.RawMessage) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// LoadFile reads and parses one file; a missing file has no servers.
func LoadFile(path string) ([]Server, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return Parse(data, path)
}
