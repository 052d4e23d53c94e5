//go:build !unix

package history

import (
	"fmt"
	"os"
)

// ensureDir creates dir; where there are no Unix modes the user's profile
// directory is what keeps others out.
func ensureDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("history: %w", err)
	}
	return nil
}

// ensureFileMode has nothing to check where there are no Unix modes.
func ensureFileMode(*os.File) error { return nil }

// lockFile opens the lock file without locking it: where flock does not
// exist, concurrent processes are not excluded.
func lockFile(path string, _ bool) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
}

// writeLine appends prefix, line and a newline to f in one write.
func writeLine(f *os.File, prefix, line []byte) (int, error) {
	buf := make([]byte, 0, len(prefix)+len(line)+1)
	buf = append(append(append(buf, prefix...), line...), '\n')
	n, err := f.Write(buf)
	if err == nil && n != len(buf) {
		err = fmt.Errorf("wrote %d of %d bytes", n, len(buf))
	}
	return n, err
}
