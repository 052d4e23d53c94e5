//go:build unix

package history

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/private"
)

// A history segment, presets file or snapshot that is a symbolic link is
// refused with its path named, and the file the link points to is neither
// appended to, read nor chmodded.
func TestSymlinkedFilesRefused(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "state")
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Snapshots.Save("ab", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "elsewhere")
	const content = "someone else's file\n"
	if err := os.WriteFile(target, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(target, 0o644); err != nil {
		t.Fatal(err)
	}
	seg := filepath.Join(dir, "history", segmentName(1))
	presets := filepath.Join(dir, "presets.json")
	snapshot, _ := s.Snapshots.snapshotPath("ab")
	if err := os.Remove(snapshot); err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{seg, presets, snapshot} {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	checks := []struct {
		what, path string
		run        func() error
	}{
		{"append", seg, func() error { return s.Log.Append(testRecord("m", 0, 10)) }},
		{"read", seg, func() error { _, _, err := s.Log.Read(Filter{}); return err }},
		{"presets", presets, func() error { return s.Presets.Save(Server{Key: "ab"}, "m", "p", []byte(`{}`)) }},
		{"snapshot", snapshot, func() error { _, _, err := s.Snapshots.Last("ab"); return err }},
	}
	for _, c := range checks {
		err := c.run()
		if !errors.Is(err, private.ErrSymlink) || !strings.Contains(err.Error(), c.path) {
			t.Errorf("%s through a link: %v; want a refusal naming %s", c.what, err, c.path)
		}
	}
	b, err := os.ReadFile(target)
	if err != nil || string(b) != content {
		t.Errorf("the link's target now holds %q (%v); want it untouched", b, err)
	}
	if info, err := os.Stat(target); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("the link's target: mode %v (%v); want 0644 untouched", info.Mode().Perm(), err)
	}
}
