//go:build unix

package private

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// Dir creates dir 0700 (umask can only narrow that), and tightens an
// existing one that others can enter. One owned by another user is
// refused: chmod would fail, and its owner could read what is put there.
func Dir(dir string) error {
	if err := os.MkdirAll(dir, DirMode); err != nil {
		return err
	}
	info, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a directory: move it aside", dir)
	}
	if err := checkOwner(dir, info); err != nil {
		return err
	}
	if info.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, DirMode); err != nil {
			return fmt.Errorf("tighten %s to 0700: %w", dir, err)
		}
	}
	return nil
}

// File checks that f, opened from path, is a regular file of ours, and
// tightens it to 0600 when others could read it.
func File(f *os.File, path string) error {
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file: move it aside", path)
	}
	if err := checkOwner(path, info); err != nil {
		return err
	}
	if info.Mode().Perm()&0o077 != 0 {
		if err := f.Chmod(FileMode); err != nil {
			return fmt.Errorf("tighten %s to 0600: %w", path, err)
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
		return fmt.Errorf("%s belongs to uid %d, not to you (uid %d): remove it, or set XDG_STATE_HOME to a directory of yours", path, st.Uid, uid)
	}
	return nil
}

// Open opens the file at path with flag (os.O_RDONLY, or os.O_RDWR with
// O_CREATE, O_APPEND…), creating it 0600, and never through a symbolic
// link: a link planted where a history or token file goes would otherwise
// have toolbench append to, read or chmod whatever it points at. A link is
// an error wrapping ErrSymlink that names path; a missing file is
// fs.ErrNotExist as from os.OpenFile.
func Open(path string, flag int) (*os.File, error) {
	f, err := os.OpenFile(path, flag|unix.O_NOFOLLOW, FileMode)
	if err == nil {
		return f, nil
	}
	// Linux says ELOOP, FreeBSD EMLINK, NetBSD EFTYPE: ask the file system
	// what is there rather than trust one errno.
	if info, lerr := os.Lstat(path); lerr == nil && info.Mode()&os.ModeSymlink != 0 {
		return nil, linkError(path)
	}
	return nil, err
}

// Lock opens the file at path (creating it 0600) and takes a flock on it,
// exclusive or shared. flock locks belong to the open file, so goroutines
// of one process exclude each other as other processes do.
func Lock(path string, exclusive bool) (*Held, error) {
	f, err := Open(path, os.O_RDWR|os.O_CREATE)
	if err != nil {
		return nil, err
	}
	how := unix.LOCK_SH
	if exclusive {
		how = unix.LOCK_EX
	}
	for {
		err = unix.Flock(int(f.Fd()), how)
		if !errors.Is(err, unix.EINTR) {
			break
		}
	}
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	// Closing the file releases its flock.
	return &Held{File: f, release: func() { _ = f.Close() }}, nil
}
