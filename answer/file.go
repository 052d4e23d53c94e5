package answer

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// FileError says why a policy file cannot be used: it cannot be read, it is
// not JSON, or it is JSON of the wrong shape. The fields carry the evidence;
// Error renders them on one line.
type FileError struct {
	// Path is the file as named on the command line.
	Path string
	// Offset is the byte at which the text stops being JSON; -1 when the
	// problem is not one of syntax.
	Offset int
	// Problem says what is wrong ("not valid JSON: …", "is an array").
	Problem string
	// Missing lists what the file lacks, for a result of the wrong shape.
	Missing []string
}

// Error implements error.
func (e *FileError) Error() string {
	msg := e.Path + ": " + e.Problem
	if e.Offset >= 0 {
		msg += fmt.Sprintf(" (at byte %d)", e.Offset)
	}
	if len(e.Missing) > 0 {
		msg += ": " + strings.Join(e.Missing, "; ")
	}
	return msg
}

// readObject reads path and requires it to hold exactly one JSON object,
// returned as parsed and as its bytes trimmed of surrounding space.
func readObject(path string) (*jsondoc.Value, []byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, &FileError{Path: path, Offset: -1, Problem: "cannot read it: " + readProblem(err)}
	}
	v, err := jsondoc.Parse(data)
	var syn *jsondoc.SyntaxError
	switch {
	case errors.As(err, &syn):
		return nil, nil, &FileError{Path: path, Offset: syn.Offset, Problem: "not valid JSON: " + syn.Msg}
	case err != nil:
		return nil, nil, &FileError{Path: path, Offset: -1, Problem: "not valid JSON: " + err.Error()}
	case !v.IsObject():
		return nil, nil, &FileError{Path: path, Offset: -1, Problem: "holds " + kindName(v) + ", not a JSON object"}
	}
	return v, []byte(strings.TrimSpace(string(data))), nil
}

// readProblem names why a file cannot be read without repeating its path.
func readProblem(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// kindName names a JSON value's kind with its article.
func kindName(v *jsondoc.Value) string {
	switch v.Kind() {
	case jsondoc.Array:
		return "an array"
	case jsondoc.String:
		return "a string"
	case jsondoc.Number:
		return "a number"
	case jsondoc.Bool:
		return "a boolean"
	case jsondoc.Null:
		return "null"
	}
	return "an object"
}
