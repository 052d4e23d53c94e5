package iostreams

import (
	"io"
	"os"
)

// ReadFile reads the file path names, or all of In when path is "-": the
// convention of every flag that names a file to read (--tools-file).
func (s *Streams) ReadFile(path string) ([]byte, error) {
	if path == "-" {
		return io.ReadAll(s.In)
	}
	return os.ReadFile(path)
}
