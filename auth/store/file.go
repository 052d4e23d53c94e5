package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/toolbench/toolbench/internal/private"
)

// fileVersion is the layout of the file.
const fileVersion = 1

// maxFileBytes bounds what is read: MaxEntries entries are far smaller, so
// a larger file is not one this package wrote.
const maxFileBytes = 8 << 20

// document is the file's layout.
type document struct {
	Version int     `json:"version"`
	Entries []Entry `json:"entries"`
}

// find is the index of the entry for resource at issuer, or -1.
func (d document) find(resource, issuer string) int {
	for i, e := range d.Entries {
		if e.Resource == resource && e.Issuer == issuer {
			return i
		}
	}
	return -1
}

// CorruptError says the file cannot be read as a token store. It is never
// read as empty instead: the file holds registrations a server may not
// hand out again.
type CorruptError struct {
	// Path is the file.
	Path string
	// Err is what was wrong with it.
	Err error
}

// Error names the file and the cause.
func (e *CorruptError) Error() string {
	return "token store " + e.Path + " is unreadable: " + e.Err.Error()
}

// Unwrap returns the cause.
func (e *CorruptError) Unwrap() error { return e.Err }

// Hint says what a person can do about it.
func (e *CorruptError) Hint() string {
	return "move " + e.Path + " aside (it holds OAuth clients and tokens) and log in again with `toolbench auth login`"
}

// load reads the file at path; a missing file is an empty store.
func load(path string) (document, error) {
	d := document{Version: fileVersion}
	f, err := private.Open(path, os.O_RDONLY)
	if errors.Is(err, fs.ErrNotExist) {
		return d, nil
	}
	if err != nil {
		return d, fmt.Errorf("token store: %w", err)
	}
	defer f.Close()
	if err := private.File(f, path); err != nil {
		return d, fmt.Errorf("token store: %w", err)
	}
	b, err := io.ReadAll(io.LimitReader(f, maxFileBytes+1))
	if err != nil {
		return d, fmt.Errorf("token store: read %s: %w", path, err)
	}
	if len(b) > maxFileBytes {
		return d, &CorruptError{Path: path, Err: fmt.Errorf("it is larger than %d bytes", maxFileBytes)}
	}
	if err := json.Unmarshal(b, &d); err != nil {
		return d, &CorruptError{Path: path, Err: fmt.Errorf("not valid JSON: %w", err)}
	}
	if d.Version != fileVersion {
		return d, &CorruptError{Path: path, Err: fmt.Errorf("layout version %d, this toolbench reads %d", d.Version, fileVersion)}
	}
	return d, nil
}

// save replaces the file at path with d: written to a temporary file in
// the same directory (created 0600 whatever the umask), synced, then
// renamed over the old one, so a reader sees the old file or the new one
// and a crash leaves one of them.
func save(path string, d document) error {
	d.Version = fileVersion
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return fmt.Errorf("token store: encode: %w", err)
	}
	dir := filepath.Dir(path)
	removeStale(dir)
	tmp, err := os.CreateTemp(dir, tempPattern)
	if err != nil {
		return fmt.Errorf("token store: %w", err)
	}
	done := false
	defer func() {
		if !done {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("token store: write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("token store: sync %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("token store: close %s: %w", tmp.Name(), err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("token store: replace %s: %w", path, err)
	}
	done = true
	syncDir(dir)
	return nil
}

// tempPattern names the temporary files save writes before the rename.
const tempPattern = ".tokens-*.tmp"

// removeStale deletes temporary files a crashed writer left behind: they
// hold secrets. save runs under the lock, so no other writer is mid-way
// through one.
func removeStale(dir string) {
	stale, _ := filepath.Glob(filepath.Join(dir, tempPattern))
	for _, name := range stale {
		_ = os.Remove(name)
	}
}

// syncDir makes the rename durable where the platform allows; a failure
// only loses durability, never the file's consistency.
func syncDir(dir string) {
	f, err := os.Open(dir)
	if err != nil {
		return
	}
	_ = f.Sync()
	_ = f.Close()
}
