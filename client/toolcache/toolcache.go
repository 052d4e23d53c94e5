// Package toolcache remembers, on disk, the tools `toolbench call` called
// on each server, exactly as the server listed them, so that the next call
// of the same tool can check its arguments against the inputSchema and
// judge its result against the outputSchema without listing the tools
// first. A listing is the truth: every later tools/list replaces what it
// shows differently, and callers list afresh before they refuse anything
// on the strength of a cached schema.
//
// Each server has one small JSON file under the user's cache directory,
// named by a hash of what starts or reaches the server (never a command
// line, URL or environment value in the clear); directories are 0700 and
// files 0600.
package toolcache

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/toolbench/toolbench/internal/private"
	"github.com/toolbench/toolbench/target"
)

// MaxTools bounds one server's file: past it, the tools remembered longest
// ago go.
const MaxTools = 100

// MaxToolBytes is the largest tool kept: a schema bigger than this is
// listed each time rather than copied to disk.
const MaxToolBytes = 1 << 20

// fileVersion is the layout of a file; another one is read as empty.
const fileVersion = 1

// DefaultDir is where the product keeps the files:
// $XDG_CACHE_HOME/toolbench/tools (~/.cache on Linux when unset).
func DefaultDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("tool cache: %w", err)
	}
	return filepath.Join(base, "toolbench", "tools"), nil
}

// Key names the server t starts or reaches: its transport and command
// line, or its URL, as the era store names servers, and for a stdio
// server also its environment settings and working directory, since the
// same command may serve other tools under another environment.
func Key(t target.Target) string {
	h := sha256.New()
	field := func(s string) { fmt.Fprintf(h, "%d:%s\x00", len(s), s) }
	field(string(t.Transport))
	if t.Transport == target.Stdio {
		for _, a := range append([]string{t.Command}, t.Args...) {
			field(a)
		}
		field(fmt.Sprint(t.InheritEnv))
		field(t.Dir)
		for _, e := range t.Env {
			field(e)
		}
	} else {
		field(t.URL)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Store is the cache under one directory. Reads and writes go to disk each
// time: every toolbench process is short-lived and may run beside others.
// Two processes writing one server's file at the same instant may lose one
// tool, which costs that tool one listing, no more.
type Store struct {
	dir string
}

// Open returns the store kept in dir; nothing is read or created yet.
func Open(dir string) *Store { return &Store{dir: dir} }

// entry is one tool as the server listed it, and when it was listed.
type entry struct {
	Tool json.RawMessage `json:"tool"`
	At   time.Time       `json:"at"`
}

// onDisk is a file's layout.
type onDisk struct {
	Version int              `json:"version"`
	Tools   map[string]entry `json:"tools"`
}

// Tool returns the tool name as the server last listed it. A missing,
// unreadable or corrupt file is an empty cache: the caller lists instead.
func (s *Store) Tool(key, name string) (json.RawMessage, bool) {
	e, ok := s.load(key)[name]
	return e.Tool, ok
}

// Remember keeps raw as the listing of the tool name. A failure to write
// is returned for the caller to ignore or report: the cache only saves
// time.
func (s *Store) Remember(key, name string, raw json.RawMessage) error {
	if len(raw) > MaxToolBytes {
		return nil
	}
	tools := s.load(key)
	if e, ok := tools[name]; ok && bytes.Equal(e.Tool, raw) {
		return nil
	}
	tools[name] = entry{Tool: raw, At: time.Now()}
	trim(tools, MaxTools)
	return s.write(key, tools)
}

// Refresh brings the remembered tools of key in line with a complete
// listing: a tool listed differently is replaced, and one no longer
// listed is dropped. Nothing is written when nothing differs, so a
// listing of a server never called costs one failed open.
func (s *Store) Refresh(key string, listed map[string]json.RawMessage) error {
	tools := s.load(key)
	changed := false
	for name, e := range tools {
		raw, ok := listed[name]
		switch {
		case !ok || len(raw) > MaxToolBytes:
			delete(tools, name)
			changed = true
		case !bytes.Equal(raw, e.Tool):
			tools[name] = entry{Tool: raw, At: time.Now()}
			changed = true
		}
	}
	if !changed {
		return nil
	}
	return s.write(key, tools)
}

func (s *Store) path(key string) string { return filepath.Join(s.dir, key+".json") }

// load reads key's file; what cannot be read is an empty map.
func (s *Store) load(key string) map[string]entry {
	b, err := os.ReadFile(s.path(key))
	if err != nil {
		return map[string]entry{}
	}
	var d onDisk
	if json.Unmarshal(b, &d) != nil || d.Version != fileVersion || d.Tools == nil {
		return map[string]entry{}
	}
	return d.Tools
}

// trim drops the tools remembered longest ago until at most max remain.
func trim(tools map[string]entry, max int) {
	if len(tools) <= max {
		return
	}
	names := make([]string, 0, len(tools))
	for n := range tools {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return tools[names[i]].At.Before(tools[names[j]].At) })
	for _, n := range names[:len(tools)-max] {
		delete(tools, n)
	}
}

// write replaces key's file: a temporary file in the same directory, 0600,
// then a rename, so a reader sees the old file or the new one.
func (s *Store) write(key string, tools map[string]entry) error {
	if err := private.Dir(s.dir); err != nil {
		return fmt.Errorf("tool cache %s: %w", s.dir, err)
	}
	b, err := json.Marshal(onDisk{Version: fileVersion, Tools: tools})
	if err != nil {
		return fmt.Errorf("tool cache: %w", err)
	}
	tmp, err := os.CreateTemp(s.dir, "."+key+"-*.tmp")
	if err != nil {
		return fmt.Errorf("tool cache: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(private.FileMode); err != nil {
		tmp.Close()
		return fmt.Errorf("tool cache: %w", err)
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("tool cache: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("tool cache: %w", err)
	}
	if err := os.Rename(tmp.Name(), s.path(key)); err != nil {
		return fmt.Errorf("tool cache: %w", err)
	}
	return nil
}
