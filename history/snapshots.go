package history

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/toolbench/toolbench/internal/private"
)

// Snapshots keep the last snapshot of each server's interface, one file
// per server named by its key.
type Snapshots struct {
	dir string
}

// maxSnapshotKey bounds a key's length: ServerOf's keys are 16 digits.
const maxSnapshotKey = 64

// snapshotPath is the file of the server with key, refusing a key that
// is not hex: it becomes a file name.
func (s *Snapshots) snapshotPath(key string) (string, error) {
	if key == "" || len(key) > maxSnapshotKey {
		return "", fmt.Errorf("snapshots: server key %q is not 1 to %d hex digits", key, maxSnapshotKey)
	}
	for _, c := range key {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return "", fmt.Errorf("snapshots: server key %q is not lower-case hex", key)
		}
	}
	return filepath.Join(s.dir, key+".json"), nil
}

// Last returns the snapshot saved last for the server with serverKey, and
// whether there is one.
func (s *Snapshots) Last(serverKey string) ([]byte, bool, error) {
	path, err := s.snapshotPath(serverKey)
	if err != nil {
		return nil, false, err
	}
	f, err := private.Open(path, os.O_RDONLY)
	if os.IsNotExist(err) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("snapshots: %w", err)
	}
	defer f.Close()
	if err := fileMode(f); err != nil {
		return nil, false, err
	}
	b, err := io.ReadAll(f)
	if err != nil {
		return nil, false, fmt.Errorf("snapshots: read %s: %w", path, err)
	}
	return b, true, nil
}

// Save stores b as the server's last snapshot, replacing the one before.
func (s *Snapshots) Save(serverKey string, b []byte) error {
	path, err := s.snapshotPath(serverKey)
	if err != nil {
		return err
	}
	return replaceFile(path, b)
}
