package answer

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestResolveRoots(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	spaced := filepath.Join(dir, "my project")
	if err := os.Mkdir(spaced, 0o700); err != nil {
		t.Fatal(err)
	}
	file := writeFileIn(t, dir, "f.txt", "x")
	got, err := ResolveRoots([]string{spaced, dir, spaced + "/"})
	if err != nil || len(got) != 2 || got[0] != spaced || got[1] != dir {
		t.Fatalf("ResolveRoots = %q, %v", got, err)
	}
	roots := RootsOf(got)
	if roots[0].URI != "file://"+filepath.ToSlash(dir)+"/my%20project" || roots[0].Name != "my project" {
		t.Errorf("root = %+v", roots[0])
	}
	cwd, _ := os.Getwd()
	if def, err := ResolveRoots(nil); err != nil || len(def) != 1 || def[0] != cwd {
		t.Errorf("default = %q, %v; want the cwd %s", def, err, cwd)
	}
	if rel, err := ResolveRoots([]string{"testdata"}); err != nil || rel[0] != filepath.Join(cwd, "testdata") {
		t.Errorf("relative = %q, %v", rel, err)
	}
	tests := []struct{ dir, problem string }{
		{filepath.Join(dir, "absent"), "no such directory"},
		{file, "not a directory"},
		{"", "empty; give a directory"},
	}
	for _, tt := range tests {
		_, err := ResolveRoots([]string{dir, tt.dir})
		var re *RootError
		if !errors.As(err, &re) || re.Problem != tt.problem {
			t.Errorf("%q: %v, want %q", tt.dir, err, tt.problem)
		}
	}
}
