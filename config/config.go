// Package config reads the MCP server definitions people already keep for
// Claude Desktop, Claude Code, Cursor and VS Code, and toolbench's own file,
// so a server can be named instead of spelled out.
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"reflect"
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
	// Auth says how to authorize at a URL server with OAuth; nil when
	// the definition has no "auth" object.
	Auth *Auth
	// Shadows lists the files further down the search path that define
	// the same name, whose definitions this one hides. Find fills it.
	Shadows []string
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
	// Auth is toolbench's own member; the editors ignore it.
	Auth json.RawMessage `json:"auth"`
}

// Parse reads the servers from one file's contents, in file order. It
// accepts JSON with comments and trailing commas (VS Code's files are
// JSONC), and the server map under "mcpServers", "servers", or VS Code
// settings' "mcp"."servers". Every problem is a *FileError placed at its
// line and column: text that is not JSON, a server map that is not an
// object, a name defined twice (encoding/json would silently keep the
// last), an entry of the wrong shape.
func Parse(data []byte, source string) ([]Server, error) {
	clean, err := stripped(data)
	if err != nil {
		return nil, placed(source, data, err)
	}
	defs, err := definitions(clean)
	if err != nil {
		return nil, placed(source, data, err)
	}
	out := make([]Server, 0, len(defs))
	for _, d := range defs {
		s, err := parseEntry(d, source)
		if err != nil {
			return nil, placed(source, data, err)
		}
		out = append(out, s)
	}
	return out, nil
}

func parseEntry(d definition, source string) (Server, error) {
	var e entry
	if err := json.Unmarshal(d.raw, &e); err != nil {
		return Server{}, entryError(d, err)
	}
	s := Server{Name: d.name, Source: source, Command: e.Command, Args: e.Args, Env: e.Env, Cwd: e.Cwd,
		URL: e.URL, Headers: e.Headers}
	if s.URL == "" {
		s.URL = e.ServerURL
	}
	auth, err := parseAuth(d, e.Auth)
	if err != nil {
		return Server{}, err
	}
	s.Auth = auth
	switch {
	case s.Command != "" && s.URL != "":
		return Server{}, atOffset(d.nameAt, "server %q has both a command and a url; keep one", d.name)
	case s.Command != "" && s.Auth != nil:
		return Server{}, atOffset(d.nameAt, "server %q: \"auth\" applies to servers reached by \"url\"; %q is started over stdio", d.name, s.Command)
	case s.Command != "":
		s.Type = "stdio"
	case s.URL != "":
		s.Type = urlType(e.Type, s.URL)
	default:
		return Server{}, atOffset(d.nameAt, "server %q has neither a command nor a url", d.name)
	}
	return s, nil
}

// entryError words a field of the wrong type, placed at the field; Go's
// own wording names Go types and struct fields, which mean nothing in a
// config file.
func entryError(d definition, err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return atOffset(d.valueAt, "server %q: %v", d.name, err)
	}
	if te.Field == "" {
		return atOffset(d.valueAt, "server %q must be an object with a \"command\" or a \"url\", not %s", d.name, jsonKind(te.Value))
	}
	field, _, _ := strings.Cut(te.Field, ".")
	at := d.valueAt
	if off := memberAt(d.raw, field); off >= 0 {
		at += off
	}
	what := fmt.Sprintf("%q", field)
	if f, ok := entryField(field); ok && f.Type != te.Type {
		// The value is right, an element of it is not.
		what = "each item of " + what
		if f.Type.Kind() == reflect.Map {
			what = "each value of " + fmt.Sprintf("%q", field)
		}
	}
	return atOffset(at, "server %q: %s must be %s, not %s", d.name, what, wantKind(te.Type), jsonKind(te.Value))
}

// entryField finds the field of entry that the JSON member name fills.
func entryField(name string) (reflect.StructField, bool) {
	t := reflect.TypeFor[entry]()
	for i := range t.NumField() {
		if f := t.Field(i); strings.Split(f.Tag.Get("json"), ",")[0] == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// wantKind says in JSON's words what a field of type t holds.
func wantKind(t reflect.Type) string {
	switch {
	case t.Kind() == reflect.String:
		return "a string"
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.String:
		return "an array of strings"
	case t.Kind() == reflect.Map:
		return "an object of strings"
	}
	return "something else"
}

// jsonKind turns encoding/json's name for a JSON value into a phrase.
func jsonKind(v string) string {
	switch v {
	case "object", "array", "array element":
		return "an " + strings.TrimSuffix(v, " element")
	case "string", "number", "bool":
		if v == "bool" {
			v = "boolean"
		}
		return "a " + v
	}
	return v
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

// bom is the UTF-8 byte order mark some Windows editors start files with.
var bom = []byte("\xEF\xBB\xBF")

// stripped is data as encoding/json can read it: without comments,
// trailing commas and a byte order mark, each byte at its offset.
func stripped(data []byte) ([]byte, error) {
	clean, err := StripJSONC(data)
	if err != nil {
		return nil, err
	}
	if bytes.HasPrefix(clean, bom) {
		blank(clean, 0, len(bom))
	}
	return clean, nil
}

// LoadNamed reads a file the person named (--config): unlike a file of
// the search path it must exist and define something, so a file that is
// empty, or holds only null, is an error rather than no servers.
func LoadNamed(path string) ([]Server, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &FileError{Path: path, Err: err}
	}
	if clean, err := stripped(data); err == nil {
		if t := bytes.TrimSpace(clean); len(t) == 0 || string(t) == "null" {
			return nil, &FileError{Path: path, Err: errors.New(`the file defines no servers (it is empty or null); want {"mcpServers": {"NAME": {"command": ...}}}`)}
		}
	}
	return Parse(data, path)
}

// LoadFile reads and parses one file; a missing file has no servers.
func LoadFile(path string) ([]Server, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err // the path is the FileError's already
		}
		return nil, &FileError{Path: path, Err: err}
	}
	return Parse(data, path)
}
