package collection

import (
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/toolbench/toolbench/internal/jsondoc"
)

// LoadError is a collection file that cannot be used, with where: the
// file, the test (its index and name, when the mistake is in one) and the
// field. Error renders them on one line.
type LoadError struct {
	// Path is the file.
	Path string
	// Index is the test's position, from 0; -1 when the mistake is not in
	// a test.
	Index int
	// Test is the test's name, when it has one.
	Test string
	// Field names the field, dotted from the test ("expect.match./a").
	Field string
	// Problem says what is wrong and what would be right.
	Problem string
}

// Error names the file, the test and the field, then the problem, on
// one line.
func (e *LoadError) Error() string {
	var b strings.Builder
	b.WriteString(e.Path)
	if e.Index >= 0 {
		fmt.Fprintf(&b, ": test %d", e.Index)
		if e.Test != "" {
			fmt.Fprintf(&b, " %q", e.Test)
		}
	}
	if e.Field != "" {
		b.WriteString(": " + e.Field)
	}
	b.WriteString(": " + e.Problem)
	return b.String()
}

// fieldError is a mistake inside a test, before the test's place is known.
type fieldError struct {
	field, problem string
}

func (e *fieldError) Error() string { return e.field + ": " + e.problem }

func fieldErrorf(field, format string, args ...any) *fieldError {
	return &fieldError{field: field, problem: fmt.Sprintf(format, args...)}
}

// Load reads a collection: JSON, or YAML of the same shape (by the file's
// extension, .yaml or .yml). A mistake is a *LoadError naming the file,
// the test and the field.
func Load(path string) (*Collection, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &LoadError{Path: path, Index: -1, Problem: "cannot read it: " + readProblem(err)}
	}
	return Decode(path, data)
}

// Decode reads a collection from data, JSON or YAML as path's extension
// says; path names it in errors and becomes its Path.
func Decode(path string, data []byte) (*Collection, error) {
	if isYAML(path) {
		j, err := yamlToJSON(data)
		if err != nil {
			// The YAML decoder lists its complaints a line each; a
			// LoadError is one line.
			return nil, &LoadError{Path: path, Index: -1, Problem: "not valid YAML: " + strings.Join(strings.Fields(err.Error()), " ")}
		}
		data = j
	}
	root, err := jsondoc.Parse(data)
	if err != nil {
		return nil, &LoadError{Path: path, Index: -1, Problem: "not valid JSON: " + err.Error()}
	}
	if !root.IsObject() {
		return nil, &LoadError{Path: path, Index: -1, Problem: `want an object {"tests": [...]}, not ` + root.Kind().String()}
	}
	if err := onlyKeys(root, "tests"); err != nil {
		return nil, &LoadError{Path: path, Index: -1, Field: err.field, Problem: err.problem}
	}
	tests := root.Get("tests")
	if tests != nil && !tests.IsArray() {
		return nil, &LoadError{Path: path, Index: -1, Field: "tests", Problem: "want an array of tests, not " + tests.Kind().String()}
	}
	c := &Collection{Path: path, Tests: []Test{}}
	seen := map[string]int{}
	for i, item := range tests.Items() {
		t, ferr := decodeTest(item)
		if ferr != nil {
			return nil, &LoadError{Path: path, Index: i, Test: t.Name, Field: ferr.field, Problem: ferr.problem}
		}
		if first, dup := seen[t.Name]; dup {
			return nil, &LoadError{Path: path, Index: i, Test: t.Name, Field: "name",
				Problem: fmt.Sprintf("duplicate name: test %d has it too; names must be unique (they name snapshots)", first)}
		}
		seen[t.Name] = i
		c.Tests = append(c.Tests, t)
	}
	return c, nil
}

// onlyKeys says which member of obj is not one of known, listing those,
// or is there twice.
func onlyKeys(obj *jsondoc.Value, known ...string) *fieldError {
	if err := noDuplicates(obj); err != nil {
		return err
	}
	for _, k := range obj.Keys() {
		if !contains(known, k) {
			sorted := append([]string(nil), known...)
			sort.Strings(sorted)
			return fieldErrorf(k, "unknown key (known: %s)", strings.Join(sorted, ", "))
		}
	}
	return nil
}

// noDuplicates says which member of obj is there twice: JSON decoders
// disagree on which one counts, so the file must say.
func noDuplicates(obj *jsondoc.Value) *fieldError {
	seen := make(map[string]bool, obj.Len())
	for _, k := range obj.Keys() {
		if seen[k] {
			return fieldErrorf(k, "appears twice in one object; keep one")
		}
		seen[k] = true
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// readProblem names why a file cannot be read without repeating its path.
func readProblem(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
