//go:build unix

package history

import (
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

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
