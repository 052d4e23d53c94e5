// Package private keeps what toolbench stores for one person to that
// person: directories 0700 and files 0600, owned by them, and a lock that
// the toolbench processes sharing a file take in turn. The token store and
// the history both live by it, so they cannot drift apart. Errors name the
// path and what to do; callers add which store it was.
package private

import (
	"errors"
	"fmt"
	"os"
)

// DirMode and FileMode are the modes of everything kept here.
const (
	DirMode  os.FileMode = 0o700
	FileMode os.FileMode = 0o600
)

// Held is a lock taken with Lock, on its open lock file (which a store may
// keep a few bytes of its own in).
type Held struct {
	// File is the lock file, open for reading and writing.
	File    *os.File
	release func()
}

// Unlock releases the lock and closes the file.
func (h *Held) Unlock() { h.release() }

// ErrSymlink is the cause of the error Open returns for a symbolic link.
var ErrSymlink = errors.New("toolbench does not follow symbolic links to the files it keeps")

// linkError names the link Open refused and what to do about it. The file
// it points to was neither read nor written: that is the point.
func linkError(path string) error {
	return fmt.Errorf("%s is a symbolic link (%w; the file it points to is untouched): remove the link", path, ErrSymlink)
}
