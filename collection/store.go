package collection

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// SnapshotPath is where the snapshots of the collection at path are
// stored: beside it, its extension replaced (tests.yaml ->
// tests.snapshots.json).
func SnapshotPath(path string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + ".snapshots.json"
}

// snapshots is a collection's stored snapshots by test name.
type snapshots struct {
	path    string
	values  map[string]json.RawMessage
	changed bool
}

// openSnapshots reads the snapshots file; a missing one is empty.
func openSnapshots(path string) (*snapshots, error) {
	s := &snapshots{path: path, values: map[string]json.RawMessage{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read snapshots %s: %w", path, err)
	}
	if err := json.Unmarshal(data, &s.values); err != nil {
		return nil, &LoadError{Path: path, Index: -1,
			Problem: "not a snapshots file (want one JSON object of test names to values): " + err.Error()}
	}
	return s, nil
}

func (s *snapshots) get(name string) (json.RawMessage, bool) {
	v, ok := s.values[name]
	return v, ok
}

func (s *snapshots) put(name string, v json.RawMessage) {
	s.values[name] = v
	s.changed = true
}

// save writes the file when something changed: indented, keys sorted,
// through scrub when set, atomically.
func (s *snapshots) save(scrub func([]byte) ([]byte, error)) error {
	if !s.changed {
		return nil
	}
	data, err := json.MarshalIndent(s.values, "", "  ")
	if err != nil {
		return fmt.Errorf("snapshots %s: %w", s.path, err)
	}
	data = append(data, '\n')
	if scrub != nil {
		if data, err = scrub(data); err != nil {
			return fmt.Errorf("snapshots %s: %w", s.path, err)
		}
	}
	if err := writeAtomic(s.path, data); err != nil {
		return err
	}
	s.changed = false
	return nil
}

// writeAtomic replaces path with data through a temporary file in the
// same directory and a rename, so a reader never sees half a file. A new
// file gets mode 0644: collections and their snapshots are project files,
// meant to be committed; an existing file keeps its mode.
func writeAtomic(path string, data []byte) error {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr, os.Chmod(tmp.Name(), mode)); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// canonical is v compact, for comparing and storing.
func canonical(v json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	if json.Compact(&b, v) != nil {
		return v
	}
	return b.Bytes()
}
