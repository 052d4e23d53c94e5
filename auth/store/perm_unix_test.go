//go:build unix

package store

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/adrg/xdg"
)

// childEnv makes the test binary, re-executed, a writer of its own.
const childEnv = "TOOLBENCH_STORE_TEST_CHILD"

// TestChildWriter is not a test: run by another test in a child process,
// it sets the umask it is told and puts entries, then exits.
func TestChildWriter(t *testing.T) {
	spec := os.Getenv(childEnv)
	if spec == "" {
		t.Skip("only runs as a child process")
	}
	// path|name|count|umask
	parts := strings.Split(spec, "|")
	count, _ := strconv.Atoi(parts[2])
	mask, _ := strconv.ParseInt(parts[3], 8, 32)
	syscall.Umask(int(mask))
	s := At(parts[0])
	for i := range count {
		if err := s.Put(entry(t, fmt.Sprintf("https://r/%s/%d", parts[1], i), "https://as")); err != nil {
			t.Fatal(err)
		}
	}
}

// runChildren starts one child writer per name at once and waits for all.
func runChildren(t *testing.T, path string, count int, umask string, names ...string) {
	t.Helper()
	var wg sync.WaitGroup
	for _, name := range names {
		wg.Go(func() {
			cmd := exec.Command(os.Args[0], "-test.run=^TestChildWriter$", "-test.count=1")
			cmd.Env = append(os.Environ(), childEnv+"="+strings.Join([]string{path, name, strconv.Itoa(count), umask}, "|"))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("child %s: %v\n%s", name, err, out)
			}
		})
	}
	wg.Wait()
}

func TestConcurrentProcessesLoseNothing(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	const each = 25
	runChildren(t, s.Path(), each, "022", "a", "b")
	all, err := s.List()
	if err != nil || len(all) != 2*each {
		t.Fatalf("List = %d entries, %v; want %d", len(all), err, 2*each)
	}
}

func TestModesOfNewStore(t *testing.T) {
	t.Parallel()
	for _, umask := range []string{"000", "022", "077"} {
		t.Run("umask "+umask, func(t *testing.T) {
			t.Parallel()
			s := newStore(t)
			runChildren(t, s.Path(), 1, umask, "x")
			assertMode(t, filepath.Dir(s.Path()), 0o700)
			assertMode(t, s.Path(), 0o600)
			assertMode(t, s.Path()+".lock", 0o600)
		})
	}
}

// TestLooseModesTightened: a file or directory others can read is put
// back to 0600 and 0700 by the next read.
func TestLooseModesTightened(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	if err := s.Put(entry(t, "https://r", "https://as")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(s.Path())
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(s.Path(), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Get("https://r", "https://as"); err != nil {
		t.Fatal(err)
	}
	assertMode(t, dir, 0o700)
	assertMode(t, s.Path(), 0o600)
}

// TestForeignOwnerRefused needs root, to give the directory away.
func TestForeignOwnerRefused(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	dir := filepath.Dir(s.Path())
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(dir, 65534, 65534); err != nil {
		if errors.Is(err, os.ErrPermission) {
			t.Skip("cannot chown without root")
		}
		t.Fatal(err)
	}
	err := s.Put(entry(t, "https://r", "https://as"))
	if err == nil || !strings.Contains(err.Error(), dir) || !strings.Contains(err.Error(), "uid 65534") {
		t.Fatalf("Put = %v, want a refusal naming %s and its owner", err, dir)
	}
	if _, err := os.Stat(s.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the store was written into a foreign directory: %v", err)
	}
}

// TestDefaultFollowsXDGStateHome moves the environment, so it is not
// parallel. xdg reads the environment at start-up; Reload re-reads it,
// and the cleanup registered first runs last, after Setenv's restore.
func TestDefaultFollowsXDGStateHome(t *testing.T) {
	t.Cleanup(xdg.Reload)
	dir := t.TempDir()
	t.Setenv("XDG_STATE_HOME", dir)
	xdg.Reload()
	s, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "toolbench", "auth", "tokens.json"); s.Path() != want {
		t.Fatalf("Default().Path() = %s, want %s", s.Path(), want)
	}
}

func assertMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Mode().Perm(); got != want {
		t.Errorf("%s has mode %o, want %o", path, got, want)
	}
}

// A token store that is a symbolic link is refused, naming it; the file
// it points to is neither read nor chmodded.
func TestSymlinkedStoreRefused(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	if err := s.Put(entry(t, "https://r", "https://as")); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "elsewhere.json")
	if err := os.Rename(s.Path(), target); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(target, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, s.Path()); err != nil {
		t.Fatal(err)
	}
	_, _, err := s.Get("https://r", "https://as")
	if err == nil || !strings.Contains(err.Error(), s.Path()+" is a symbolic link") {
		t.Fatalf("Get through a link: %v; want a refusal naming %s", err, s.Path())
	}
	assertMode(t, target, 0o644)
}
