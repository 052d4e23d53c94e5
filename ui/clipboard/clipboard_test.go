package clipboard

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestFindPicksTheToolForTheDisplay(t *testing.T) {
	t.Parallel()
	onPath := func(names ...string) func(string) (string, error) {
		return func(n string) (string, error) {
			for _, x := range names {
				if x == n {
					return "/usr/bin/" + n, nil
				}
			}
			return "", errors.New("not found")
		}
	}
	env := func(vars ...string) func(string) string {
		return func(k string) string {
			for _, v := range vars {
				if v == k {
					return ":0"
				}
			}
			return ""
		}
	}
	cases := []struct {
		name string
		env  func(string) string
		path func(string) (string, error)
		want string
	}{
		{"wayland first", env("WAYLAND_DISPLAY", "DISPLAY"), onPath("wl-copy", "xclip"), "wl-copy"},
		{"x11", env("DISPLAY"), onPath("wl-copy", "xclip"), "xclip"},
		{"xsel when no xclip", env("DISPLAY"), onPath("xsel"), "xsel"},
		{"no display, no X tool", env(), onPath("xclip", "xsel"), ""},
		{"macOS", env(), onPath("pbcopy"), "pbcopy"},
		{"nothing", env("DISPLAY"), onPath(), ""},
	}
	for _, c := range cases {
		got := Find(c.env, c.path)
		name := ""
		if got != nil {
			name = got.Name
		}
		if name != c.want {
			t.Errorf("%s: found %q, want %q", c.name, name, c.want)
		}
	}
}

func TestCopyGivesTheTextOnStdin(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := filepath.Join(dir, "got")
	script := filepath.Join(dir, "fakeclip")
	if err := os.WriteFile(script, []byte("#!/bin/sh\ncat > "+out+"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := (&Tool{Name: "fakeclip", Path: script}).Copy("hello\nworld"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(out); string(b) != "hello\nworld" {
		t.Fatalf("the tool read %q", b)
	}
	fail := filepath.Join(dir, "failclip")
	if err := os.WriteFile(fail, []byte("#!/bin/sh\necho 'Error: Can'\"'\"'t open display' >&2\nexit 1\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	err := (&Tool{Name: "xclip", Path: fail}).Copy("x")
	if err == nil || err.Error() != "xclip: exit status 1: Error: Can't open display" {
		t.Fatalf("a failing tool's error: %v", err)
	}
}
