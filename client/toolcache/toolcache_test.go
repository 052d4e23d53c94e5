package toolcache

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/target"
)

func TestRememberRefreshForget(t *testing.T) {
	t.Parallel()
	s := Open(filepath.Join(t.TempDir(), "tools"))
	echo := json.RawMessage(`{"name":"echo","inputSchema":{"type":"object"}}`)
	if _, ok := s.Tool("k", "echo"); ok {
		t.Fatal("an empty cache recalled a tool")
	}
	if err := s.Remember("k", "echo", echo); err != nil {
		t.Fatal(err)
	}
	if err := s.Remember("k", "add", json.RawMessage(`{"name":"add"}`)); err != nil {
		t.Fatal(err)
	}
	if got, ok := s.Tool("k", "echo"); !ok || string(got) != string(echo) {
		t.Fatalf("recall = %s, %v; want %s", got, ok, echo)
	}
	if _, ok := s.Tool("other", "echo"); ok {
		t.Fatal("another server's key recalled echo")
	}
	changed := json.RawMessage(`{"name":"echo","inputSchema":{"type":"object","required":["m"]}}`)
	if err := s.Refresh("k", map[string]json.RawMessage{"echo": changed, "new": json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.Tool("k", "echo"); string(got) != string(changed) {
		t.Errorf("after a listing that changed echo: %s", got)
	}
	if _, ok := s.Tool("k", "add"); ok {
		t.Error("a tool no longer listed is still recalled")
	}
	if _, ok := s.Tool("k", "new"); ok {
		t.Error("a listing added a tool nobody called")
	}
}

func TestRefreshWritesOnlyChanges(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "tools")
	s := Open(dir)
	if err := s.Refresh("k", map[string]json.RawMessage{"echo": json.RawMessage(`{}`)}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("a listing of a server never called created %s (%v)", dir, err)
	}
	raw := json.RawMessage(`{"name":"echo"}`)
	if err := s.Remember("k", "echo", raw); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "k.json")
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	if err := s.Refresh("k", map[string]json.RawMessage{"echo": raw}); err != nil {
		t.Fatal(err)
	}
	if err := s.Remember("k", "echo", raw); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); !fi.ModTime().Equal(old) {
		t.Error("the file was rewritten though nothing changed")
	}
}

func TestPermissionsAndCorruptFiles(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "tools")
	s := Open(dir)
	if err := s.Remember("k", "echo", json.RawMessage(`{"name":"echo"}`)); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		want os.FileMode
	}{{dir, 0o700}, {filepath.Join(dir, "k.json"), 0o600}} {
		fi, err := os.Stat(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != c.want {
			t.Errorf("%s: mode %o, want %o", c.path, got, c.want)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*tmp")); len(left) != 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
	for i, content := range []string{"{not json", `{"version":9,"tools":{"echo":{"tool":{}}}}`, `{"version":1}`} {
		key := fmt.Sprintf("bad%d", i)
		if err := os.WriteFile(filepath.Join(dir, key+".json"), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, ok := s.Tool(key, "echo"); ok {
			t.Errorf("%q: an unusable file recalled a tool", content)
		}
		if err := s.Remember(key, "echo", json.RawMessage(`{"name":"echo"}`)); err != nil {
			t.Fatal(err)
		}
		if _, ok := s.Tool(key, "echo"); !ok {
			t.Errorf("%q: the rewritten file does not read back", content)
		}
	}
}

func TestBoundsOldestAndHugeDropped(t *testing.T) {
	t.Parallel()
	s := Open(filepath.Join(t.TempDir(), "tools"))
	for i := range MaxTools + 2 {
		if err := s.Remember("k", fmt.Sprintf("t%03d", i), json.RawMessage(`{}`)); err != nil {
			t.Fatal(err)
		}
	}
	for i, want := range map[int]bool{0: false, 1: false, 2: true, MaxTools + 1: true} {
		if _, ok := s.Tool("k", fmt.Sprintf("t%03d", i)); ok != want {
			t.Errorf("t%03d recalled = %v, want %v (the two remembered first must go)", i, ok, want)
		}
	}
	huge := json.RawMessage(`{"d":"` + strings.Repeat("x", MaxToolBytes) + `"}`)
	if err := s.Remember("k", "huge", huge); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.Tool("k", "huge"); ok {
		t.Error("a tool over MaxToolBytes was kept")
	}
}

func TestKeyNamesWhatStartsTheServer(t *testing.T) {
	t.Parallel()
	base := target.Target{Transport: target.Stdio, Command: "node", Args: []string{"server.js"}}
	variants := map[string]target.Target{}
	v := base
	v.Args = []string{"server.js", "--other"}
	variants["args"] = v
	v = base
	v.Env = []string{"MODE=b"}
	variants["env"] = v
	v = base
	v.Dir = "/srv"
	variants["dir"] = v
	v = base
	v.InheritEnv = true
	variants["inherit"] = v
	variants["url"] = target.Target{Transport: target.StreamableHTTP, URL: "http://127.0.0.1:1/mcp"}
	k := Key(base)
	if k != Key(base) || strings.Contains(k, "node") {
		t.Fatalf("key %q is not a stable hash", k)
	}
	for name, tg := range variants {
		if Key(tg) == k {
			t.Errorf("a target differing in %s has the same key", name)
		}
	}
}
