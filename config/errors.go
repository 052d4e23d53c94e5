package config

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf8"
)

// FileError is a config file that cannot be used: it cannot be read or
// parsed, or it defines a server in a way toolbench cannot follow. Line
// and Column place the problem in the file as written (comments
// included); they are 0 when the problem has no single place.
type FileError struct {
	// Path is the file, as it was named.
	Path string
	// Line and Column count from 1; Column counts characters, not bytes.
	Line, Column int
	// Err says what is wrong.
	Err error
}

// Error renders the problem as path:line:column: what, the form editors
// and compilers use, so a terminal or an editor can jump to it.
func (e *FileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %v", e.Path, e.Line, e.Column, e.Err)
	}
	return fmt.Sprintf("%s: %v", e.Path, e.Err)
}

// Unwrap returns what is wrong.
func (e *FileError) Unwrap() error { return e.Err }

// offsetError is a problem at a byte offset of a file's text, before the
// file's name and the line and column are known.
type offsetError struct {
	offset int64
	err    error
}

func (e *offsetError) Error() string { return fmt.Sprintf("at byte %d: %v", e.offset, e.err) }
func (e *offsetError) Unwrap() error { return e.err }

// atOffset makes a problem at a byte offset.
func atOffset(offset int64, format string, args ...any) error {
	return &offsetError{offset: offset, err: fmt.Errorf(format, args...)}
}

// placed turns err, found in the text data of the file path, into a
// *FileError, placing it at its line and column when it has an offset.
func placed(path string, data []byte, err error) *FileError {
	fe := &FileError{Path: path, Err: err}
	var oe *offsetError
	if errors.As(err, &oe) {
		fe.Err = oe.err
		fe.Line, fe.Column = lineColumn(data, oe.offset)
	}
	return fe
}

// lineColumn returns the 1-based line and column (in characters) of the
// byte at offset in data. An offset past the end places the end.
func lineColumn(data []byte, offset int64) (line, column int) {
	end := int(min(max(offset, 0), int64(len(data))))
	line, start := 1, 0
	for i := 0; i < end; i++ {
		if data[i] == '\n' {
			line, start = line+1, i+1
		}
	}
	column = utf8.RuneCount(data[start:end]) + 1
	if start == 0 && end >= len(bom) && bytes.HasPrefix(data, bom) {
		column-- // editors show no byte order mark
	}
	return line, column
}
