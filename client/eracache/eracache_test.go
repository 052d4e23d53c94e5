package eracache

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/client"
)

func TestRememberRecallForget(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "toolbench", "eras.json")
	s, warn := Open(path)
	if warn != nil {
		t.Fatalf("a missing file must open quietly, got %v", warn)
	}
	era := client.Era{Name: "legacy", Version: "2025-11-25", At: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	s.Remember("k1", era)
	again, warn := Open(path)
	if warn != nil {
		t.Fatal(warn)
	}
	got, ok := again.Recall("k1")
	if !ok || got != era {
		t.Fatalf("recall after reopen = %+v, %v; want %+v", got, ok, era)
	}
	again.Forget("k1")
	if _, ok := again.Recall("k1"); ok {
		t.Fatal("forgotten key still recalled")
	}
	third, _ := Open(path)
	if _, ok := third.Recall("k1"); ok {
		t.Fatal("forgotten key still on disk")
	}
}

func TestPermissions(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "toolbench")
	path := filepath.Join(dir, "eras.json")
	s, _ := Open(path)
	s.Remember("k", client.Era{Name: "modern", Version: "2026-07-28", At: time.Now()})
	for _, c := range []struct {
		path string
		want os.FileMode
	}{{dir, 0o700}, {path, 0o600}} {
		fi, err := os.Stat(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != c.want {
			t.Errorf("%s: mode %o, want %o", c.path, got, c.want)
		}
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".eras-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

func TestUnusableFileStartsEmptyWithOneWarning(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content, want string
	}{
		{"garbage", "{not json", "is corrupt"},
		{"truncated", `{"version":1,"eras":{"k":{"era":"leg`, "is corrupt"},
		{"other layout", `{"version":9,"eras":{}}`, "layout 9"},
		{"no eras", `{"version":1}`, "layout"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "eras.json")
			if err := os.WriteFile(path, []byte(tc.content), 0o600); err != nil {
				t.Fatal(err)
			}
			s, warn := Open(path)
			if warn == nil || !strings.Contains(warn.Error(), tc.want) || !strings.Contains(warn.Error(), "starting empty") {
				t.Fatalf("warning = %v, want one containing %q", warn, tc.want)
			}
			if _, ok := s.Recall("k"); ok {
				t.Fatal("an unusable file must give an empty store")
			}
			s.Remember("k", client.Era{Name: "legacy", Version: "2025-06-18", At: time.Now()})
			if _, warn := Open(path); warn != nil {
				t.Fatalf("the rewritten file must read back cleanly: %v", warn)
			}
		})
	}
}

func TestBoundedOldestDropped(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "eras.json")
	s, _ := Open(path)
	s.max = 3
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 5 {
		s.Remember(fmt.Sprintf("k%d", i), client.Era{Name: "legacy", Version: "2025-11-25", At: base.Add(time.Duration(i) * time.Hour)})
	}
	back, _ := Open(path)
	for i := range 5 {
		_, ok := back.Recall(fmt.Sprintf("k%d", i))
		if want := i >= 2; ok != want {
			t.Errorf("k%d recalled = %v, want %v (the two oldest must go)", i, ok, want)
		}
	}
}

// TestTwoStoresKeepEachOther: two stores on one file (two toolbench
// processes, one after the other) both keep what the other remembered.
func TestTwoStoresKeepEachOther(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "eras.json")
	a, _ := Open(path)
	b, _ := Open(path)
	a.Remember("k0", client.Era{Name: "modern", Version: "2026-07-28", At: time.Now()})
	b.Remember("k1", client.Era{Name: "legacy", Version: "2025-11-25", At: time.Now()})
	back, warn := Open(path)
	if warn != nil {
		t.Fatal(warn)
	}
	for _, k := range []string{"k0", "k1"} {
		if _, ok := back.Recall(k); !ok {
			t.Errorf("%s lost", k)
		}
	}
}

func TestDefaultPathFollowsXDGCacheHome(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	got, err := DefaultPath()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "toolbench", "eras.json"); got != want {
		t.Fatalf("DefaultPath = %s, want %s", got, want)
	}
}

// TestSameEraNotRewritten: the era every command re-decides is written
// again only once it is a day old, and a changed era is written at once.
func TestSameEraNotRewritten(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "toolbench", "eras.json")
	s, _ := Open(path)
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	legacy := client.Era{Name: "legacy", Version: "2025-11-25", At: at}
	s.Remember("k", legacy)
	recalled := func() client.Era {
		t.Helper()
		fresh, _ := Open(path)
		got, _ := fresh.Recall("k")
		return got
	}
	later := legacy
	later.At = at.Add(time.Hour)
	s.Remember("k", later)
	if got := recalled(); !got.At.Equal(at) {
		t.Errorf("the same era an hour later was written again: %+v", got)
	}
	nextDay := legacy
	nextDay.At = at.Add(25 * time.Hour)
	s.Remember("k", nextDay)
	if got := recalled(); !got.At.Equal(nextDay.At) {
		t.Errorf("a day-old era was not refreshed: %+v", got)
	}
	modern := client.Era{Name: "modern", Version: "2026-07-28", At: nextDay.At.Add(time.Minute)}
	s.Remember("k", modern)
	if got := recalled(); got != modern {
		t.Errorf("a changed era was not written: %+v", got)
	}
}

// An era file that is a symbolic link is not read: the store starts empty
// and says why, naming the link.
func TestSymlinkedFileNotFollowed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	target := filepath.Join(dir, "elsewhere.json")
	if err := os.WriteFile(target, []byte(`{"version":1,"eras":{}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "eras.json")
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	_, warn := Open(path)
	if warn == nil || !strings.Contains(warn.Error(), path+" is a symbolic link") {
		t.Fatalf("Open through a link warned %v; want the link named", warn)
	}
}
