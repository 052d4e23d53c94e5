// Package eracache remembers, on disk, which protocol era each MCP server
// spoke, so that a server that ignores server/discover costs the probe only
// on first contact. It is one small JSON file under the user's cache
// directory; the keys are what client hands it (hashes, never a command
// line or URL in the clear).
package eracache

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/private"
)

// MaxEntries bounds the file: past it, the eras decided longest ago go.
const MaxEntries = 500

// fileVersion is the layout of the file; another one is read as empty.
const fileVersion = 1

// DefaultPath is where the product keeps the file:
// $XDG_CACHE_HOME/toolbench/eras.json (~/.cache on Linux when unset).
func DefaultPath() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("era cache: %w", err)
	}
	return filepath.Join(base, "toolbench", "eras.json"), nil
}

// Store is a client.EraStore kept in one JSON file. It is safe for
// concurrent use; each change is written at once, by replacing the file
// whole, so a reader never sees half of one.
type Store struct {
	path string
	max  int

	mu   sync.Mutex
	eras map[string]client.Era
}

var _ client.EraStore = (*Store)(nil)

// onDisk is the file's layout.
type onDisk struct {
	Version int                   `json:"version"`
	Eras    map[string]client.Era `json:"eras"`
}

// Open reads the store at path. A missing file is an empty store. A file
// that cannot be read as one is an empty store too, and the returned
// warning says why, once: the cache only saves time, so it must never stop
// a command.
func Open(path string) (*Store, error) {
	s := &Store{path: path, max: MaxEntries}
	eras, warn := load(path)
	s.eras = eras
	return s, warn
}

// load reads the file; what cannot be used is reported and left out.
func load(path string) (map[string]client.Era, error) {
	b, err := readFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]client.Era{}, nil
	}
	if err != nil {
		return map[string]client.Era{}, fmt.Errorf("era cache %s: %w; starting empty", path, err)
	}
	var d onDisk
	if err := json.Unmarshal(b, &d); err != nil {
		return map[string]client.Era{}, fmt.Errorf("era cache %s is corrupt (%v); starting empty", path, err)
	}
	if d.Version != fileVersion || d.Eras == nil {
		return map[string]client.Era{}, fmt.Errorf("era cache %s has layout %d, not %d; starting empty", path, d.Version, fileVersion)
	}
	return d.Eras, nil
}

// Recall implements client.EraStore.
func (s *Store) Recall(key string) (client.Era, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e, ok := s.eras[key]
	return e, ok
}

// Remember implements client.EraStore. What other processes wrote since
// Open is kept: the file is read again before it is replaced. Two processes
// writing at the same instant may lose one entry, which costs that server
// one more probe, no more.
func (s *Store) Remember(key string, era client.Era) {
	if s.fresh(key, era) {
		return
	}
	s.update(func(m map[string]client.Era) { m[key] = era })
}

// refreshAfter is how old a remembered era may grow before the same era,
// decided again, is written again: every command remembers the era it
// used, and rewriting the file each time would buy nothing but a newer
// date for the oldest-first trimming.
const refreshAfter = 24 * time.Hour

// fresh reports whether key already holds era, decided less than
// refreshAfter before it.
func (s *Store) fresh(key string, era client.Era) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	prev, ok := s.eras[key]
	return ok && prev.Name == era.Name && prev.Version == era.Version && era.At.Sub(prev.At) < refreshAfter
}

// Forget implements client.EraStore.
func (s *Store) Forget(key string) {
	s.update(func(m map[string]client.Era) { delete(m, key) })
}

// update applies change to the file's current contents and writes them.
// A failure to write leaves the store working from memory: remembering is
// an optimisation, not something a command may fail on.
func (s *Store) update(change func(map[string]client.Era)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	current, _ := load(s.path)
	change(current)
	trim(current, s.max)
	s.eras = current
	_ = write(s.path, current)
}

// trim drops the eras decided longest ago until at most max remain.
func trim(m map[string]client.Era, max int) {
	if len(m) <= max {
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return m[keys[i]].At.Before(m[keys[j]].At) })
	for _, k := range keys[:len(m)-max] {
		delete(m, k)
	}
}

// write replaces the file atomically: a temporary file in the same
// directory, then a rename. The directory is 0700 and the file 0600.
func write(path string, eras map[string]client.Era) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("era cache: %w", err)
	}
	b, err := json.Marshal(onDisk{Version: fileVersion, Eras: eras})
	if err != nil {
		return fmt.Errorf("era cache: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".eras-*.json")
	if err != nil {
		return fmt.Errorf("era cache: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return fmt.Errorf("era cache: %w", err)
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("era cache: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("era cache: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("era cache: %w", err)
	}
	return nil
}

// readFile reads the file at path, never through a symbolic link (see
// private.Open): the cache directory is shared with other programs.
func readFile(path string) ([]byte, error) {
	f, err := private.Open(path, os.O_RDONLY)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
