//go:build unix

package history

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
		return fmt.Errorf("history: %w", err)
	}
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	if !info.IsDir() {
		return fmt.Errorf("history: %s is not a directory: move it aside", dir)
	}
	if err := checkOwner(dir, info); err != nil {
		return err
	}
	if info.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("history: tighten %s to 0700: %w", dir, err)
		}
	}
	return nil
}

// ensureFileMode checks the open file is a regular file of ours and
// tightens it to 0600 when others could read it.
func ensureFileMode(f *os.File) error {
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("history: %s is not a regular file: move it aside", f.Name())
	}
	if err := checkOwner(f.Name(), info); err != nil {
		return err
	}
	if info.Mode().Perm()&0o077 != 0 {
		if err := f.Chmod(0o600); err != nil {
			return fmt.Errorf("history: tighten %s to 0600: %w", f.Name(), err)
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
		return fmt.Errorf("history: %s belongs to uid %d, not to you (uid %d): remove it, or set XDG_STATE_HOME to a directory of yours", path, st.Uid, uid)
	}
	return nil
}

// lockFile opens the file at path (creating it 0600) and takes a flock on
// it, exclusive or shared. flock locks belong to the open file, so
// goroutines of one process exclude each other as other processes do. The
// caller closes the file to release the lock.
func lockFile(path string, exclusive bool) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
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
	return f, nil
}

// writeLine appends prefix, line and a newline to f in one writev(2): on
// an O_APPEND file one call lands whole, never interleaved with another
// process's, and a megabyte line is not copied to add its newline.
func writeLine(f *os.File, prefix, line []byte) (int, error) {
	want := len(prefix) + len(line) + 1
	raw, err := f.SyscallConn()
	if err != nil {
		return 0, err
	}
	var n int
	var werr error
	err = raw.Write(func(fd uintptr) bool {
		for {
			n, werr = unix.Writev(int(fd), [][]byte{prefix, line, {'\n'}})
			if !errors.Is(werr, unix.EINTR) {
				return true
			}
		}
	})
	if err == nil {
		err = werr
	}
	if err == nil && n != want {
		err = fmt.Errorf("wrote %d of %d bytes", n, want)
	}
	return n, err
}
