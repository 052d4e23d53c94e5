//go:build !unix

package history

import (
	"fmt"
	"os"
)

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
