package collection

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// AppendTest adds t to the collection at path, creating the file when it
// is missing (JSON, or YAML by its extension). A test of the same name is
// an error. When snapshot is not nil it is stored as t's snapshot: the
// value itself, as SnapshotValue makes it from a result. What is written
// is the caller's to scrub of secrets first.
func AppendTest(path string, t Test, snapshot []byte) error {
	c, err := Load(path)
	var le *LoadError
	switch {
	case errors.As(err, &le) && le.Index < 0 && isMissing(path):
		c = &Collection{Path: path}
	case err != nil:
		return err
	}
	for _, old := range c.Tests {
		if old.Name == t.Name {
			return fmt.Errorf("%s: a test named %q is there already; choose another name", path, t.Name)
		}
	}
	c.Tests = append(c.Tests, t)
	data, err := Marshal(c, isYAML(path))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	// Reading it back checks the new test as Load would, so a file that
	// cannot be run is never written.
	if _, err := Decode(path, data); err != nil {
		return err
	}
	if snapshot != nil {
		if !json.Valid(snapshot) {
			return fmt.Errorf("%s: the snapshot of %q is not JSON", SnapshotPath(path), t.Name)
		}
		store, err := openSnapshots(SnapshotPath(path))
		if err != nil {
			return err
		}
		store.put(t.Name, canonical(snapshot))
		if err := store.save(nil); err != nil {
			return err
		}
	}
	return writeAtomic(path, data)
}

func isMissing(path string) bool {
	_, err := os.Stat(path)
	return errors.Is(err, fs.ErrNotExist)
}
