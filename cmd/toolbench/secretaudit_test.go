package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// auditSecrets walks every file under dir (the state directory a test gave
// toolbench) and fails the test for each secret value found in one, as
// written or as JSON escapes it. It reports which file and which secret,
// never the surrounding bytes, and returns how many files it read, so a
// caller can check that there was something to audit.
func auditSecrets(t *testing.T, dir string, secrets ...string) int {
	t.Helper()
	files := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		for _, s := range secrets {
			if bytes.Contains(b, []byte(s)) {
				t.Errorf("%s holds the secret %q", path, s)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("audit %s: %v", dir, err)
	}
	return files
}
