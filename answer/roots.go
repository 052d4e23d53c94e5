package answer

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
)

// Root is one directory the client offers a server, as the spec's Root.
type Root struct {
	// URI is the directory as a file:// URI.
	URI string `json:"uri"`
	// Name is the directory's last element, for display.
	Name string `json:"name,omitempty"`
}

// RootError says why a --root directory cannot be offered.
type RootError struct {
	// Dir is the directory as given.
	Dir string
	// Problem says what is wrong with it.
	Problem string
}

// Error implements error.
func (e *RootError) Error() string { return fmt.Sprintf("%s: %s", e.Dir, e.Problem) }

// ResolveRoots makes each directory absolute and checks that it exists and
// is a directory; no directories means the current one. The result keeps
// the order given and drops repeats.
func ResolveRoots(dirs []string) ([]string, error) {
	if len(dirs) == 0 {
		cwd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("the current directory, the default root: %w", err)
		}
		dirs = []string{cwd}
	}
	out := make([]string, 0, len(dirs))
	seen := map[string]bool{}
	for _, d := range dirs {
		abs, err := CheckRoot(d)
		if err != nil {
			return nil, err
		}
		if !seen[abs] {
			seen[abs] = true
			out = append(out, abs)
		}
	}
	return out, nil
}

// CheckRoot makes d absolute and checks that it is an existing directory,
// as every root must be.
func CheckRoot(d string) (string, error) {
	if d == "" {
		return "", &RootError{Dir: `""`, Problem: "empty; give a directory"}
	}
	abs, err := filepath.Abs(d)
	if err != nil {
		return "", &RootError{Dir: d, Problem: err.Error()}
	}
	fi, err := os.Stat(abs)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "", &RootError{Dir: d, Problem: "no such directory"}
	case err != nil:
		return "", &RootError{Dir: d, Problem: readProblem(err)}
	case !fi.IsDir():
		return "", &RootError{Dir: d, Problem: "not a directory"}
	}
	return filepath.Clean(abs), nil
}

// ListRootsResult is the ListRootsResult that offers dirs, absolute
// directories, as roots.
func ListRootsResult(dirs []string) (json.RawMessage, error) {
	res, err := json.Marshal(struct {
		Roots []Root `json:"roots"`
	}{RootsOf(dirs)})
	if err != nil {
		return nil, fmt.Errorf("roots/list: %w", err)
	}
	return res, nil
}

// RootsOf turns absolute directories into the roots a server is given.
func RootsOf(dirs []string) []Root {
	out := make([]Root, len(dirs))
	for i, d := range dirs {
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(d)}
		out[i] = Root{URI: u.String(), Name: filepath.Base(d)}
	}
	return out
}
