//go:build unix

package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// ensureDir creates dir 0700 (umask can only narrow that), and tightens an
// existing one that others can enter. One owned by another user is
// refused: chmod would fail, and its owner could read what is put there.
func ensureDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("token store: %w", err)
	}
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("token store: %w", err)
	}
	if !info.IsDir() {
		return fmt.Errorf("token store: %s is not a directory: move it aside", dir)
	}
	if err := checkOwner(dir, info); err != nil {
		return err
	}
	if info.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("token store: tighten %s to 0700: %w", dir, err)
		}
	}
	return nil
}

// ensureFileMode checks the open store file is a regular file of ours and
// tightens it to 0600 when others could read it.
func ensureFileMode(f *os.File, path string) error {
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("token store: %w", err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("token store: %s is not a regular file: move it aside", path)
	}
	if err := checkOwner(path, info); err != nil {
		return err
	}
	if info.Mode().Perm()&0o077 != 0 {
		if err := f.Chmod(0o600); err != nil {
			return fmt.Errorf("token store: tighten %s to 0600: %w", path, err)
		}
	}
	return nil
}

// checkOwner refuses a path another user owns.
func checkOwner(path string, info fs.FileInfo) error {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil
	}
	if uid := os.Getuid(); int(st.Uid) != uid {
		return fmt.Errorf("token store: %s belongs to uid %d, not to you (uid %d): remove it, or set XDG_STATE_HOME to a directory of yours", path, st.Uid, uid)
	}
	return nil
}

// lockFile takes an exclusive flock on the file at path, creating it 0600,
// and returns the function that releases it. flock locks belong to the
// open file, so goroutines of one process exclude each other as other
// processes do.
func lockFile(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX)
		if !errors.Is(err, unix.EINTR) {
			break
		}
	}
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	return func() {
		_ = unix.Flock(int(f.Fd()), unix.LOCK_UN)
		_ = f.Close()
	}, nil
}
