package ui

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/toolbench/toolbench/"

// TestNoScreenImportsAnother: a screen package imports neither another
// screen nor the root ui package; cross-screen wishes are Actions. The
// contract, the widgets and what the workbench remembers (recall) import
// no screen either.
func TestNoScreenImportsAnother(t *testing.T) {
	t.Parallel()
	dirs, err := filepath.Glob("screens/*")
	if err != nil {
		t.Fatal(err)
	}
	dirs = append(dirs, "screen", "widget", "recall")
	if len(dirs) < 10 {
		t.Fatalf("found only %v: the walk misses the screens", dirs)
	}
	for _, dir := range dirs {
		own := module + "ui/" + filepath.ToSlash(dir)
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			for _, imp := range imports(t, f) {
				switch {
				case imp == module+"ui":
					t.Errorf("%s imports the root ui package", f)
				case strings.HasPrefix(imp, module+"ui/screens/") && imp != own:
					t.Errorf("%s imports another screen: %s", f, imp)
				}
			}
		}
	}
}

// TestRenderImportsNoClient: ui/render takes view structs, not client
// types (ui/clientview converts them), so its renderers can be fed and
// golden-tested without a session. Its tests may still parse what a
// server sends.
func TestRenderImportsNoClient(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join("render", "*.go"))
	read := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		read++
		for _, imp := range imports(t, f) {
			if imp == module+"client" || strings.HasPrefix(imp, module+"client/") {
				t.Errorf("%s imports %s: take a view struct of ui/render and convert in ui/clientview", f, imp)
			}
		}
	}
	if read < 10 {
		t.Fatalf("read only %d files of ui/render: the walk misses it", read)
	}
}

// imports lists the import paths of a Go file.
func imports(t *testing.T, path string) []string {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range f.Imports {
		p, _ := strconv.Unquote(s.Path.Value)
		out = append(out, p)
	}
	return out
}
