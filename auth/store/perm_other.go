//go:build !unix

package store

import (
	"fmt"
	"os"
	"sync"
)

// ensureDir creates dir; where there are no Unix modes the user's profile
// directory is what keeps others out.
func ensureDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("token store: %w", err)
	}
	return nil
}

// ensureFileMode has nothing to check where there are no Unix modes.
func ensureFileMode(*os.File, string) error { return nil }

// processLock serialises this process's goroutines where flock does not
// exist; other processes are not excluded there.
var processLock sync.Mutex

// lockFile takes the in-process lock; path is unused.
func lockFile(string) (unlock func(), err error) {
	processLock.Lock()
	return processLock.Unlock, nil
}
