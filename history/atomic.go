package history

import (
	"fmt"
	"os"
	"path/filepath"
)

// replaceFile replaces the file at path with b: written to a temporary
// file in the same directory (created 0600 whatever the umask), synced,
// then renamed over the old one, so a reader sees the old file or the new
// one and a crash leaves one of them.
func replaceFile(path string, b []byte) error {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, tempPattern(path))
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	done := false
	defer func() {
		if !done {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(b); err != nil {
		return fmt.Errorf("history: write %s: %w", tmp.Name(), err)
	}
	if err := tmp.Sync(); err != nil {
		return fmt.Errorf("history: sync %s: %w", tmp.Name(), err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("history: close %s: %w", tmp.Name(), err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("history: replace %s: %w", path, err)
	}
	done = true
	return nil
}

// tempPattern names the temporary files replaceFile writes for path.
func tempPattern(path string) string { return "." + filepath.Base(path) + "-*.tmp" }
