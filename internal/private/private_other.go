//go:build !unix

package private

import (
	"os"
	"sync"
)

// Dir creates dir; where there are no Unix modes the user's profile
// directory is what keeps others out.
func Dir(dir string) error { return os.MkdirAll(dir, DirMode) }

// File has nothing to check where there are no Unix modes.
func File(*os.File, string) error { return nil }

// Open opens the file at path with flag, creating it FileMode, and refuses
// a symbolic link (an error wrapping ErrSymlink). Without O_NOFOLLOW the
// link is looked for just before opening.
func Open(path string, flag int) (*os.File, error) {
	if info, err := os.Lstat(path); err == nil && info.Mode()&os.ModeSymlink != 0 {
		return nil, linkError(path)
	}
	return os.OpenFile(path, flag, FileMode)
}

// processLock serialises this process's goroutines where flock does not
// exist; other processes are not excluded there.
var processLock sync.Mutex

// Lock opens the file at path and takes the in-process lock: where flock
// does not exist, other processes are not excluded.
func Lock(path string, _ bool) (*Held, error) {
	f, err := Open(path, os.O_RDWR|os.O_CREATE)
	if err != nil {
		return nil, err
	}
	processLock.Lock()
	return &Held{File: f, release: func() { _ = f.Close(); processLock.Unlock() }}, nil
}
