package history

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPresets(t *testing.T) {
	t.Parallel()
	s := openTemp(t, Options{})
	a, b := Server{Key: "aa", Label: "a"}, Server{Key: "bb", Label: "b"}
	saves := []struct {
		server     Server
		tool, name string
		args       string
	}{
		{a, "echo", "zeta", `{"x":1}`},
		{a, "echo", "alpha", `{"x":2}`},
		{a, "add", "alpha", `{"a":1}`},
		{b, "echo", "alpha", `{"x":3}`},
		{a, "echo", "zeta", ` {"x":9} `}, // replaces the first
	}
	for _, sv := range saves {
		if err := s.Presets.Save(sv.server, sv.tool, sv.name, []byte(sv.args)); err != nil {
			t.Fatal(err)
		}
	}
	lists := []struct {
		key, tool string
		want      []string
	}{
		{"aa", "echo", []string{"alpha", "zeta"}},
		{"aa", "", []string{"alpha", "alpha", "zeta"}},
		{"", "echo", []string{"alpha", "alpha", "zeta"}},
		{"bb", "add", nil},
	}
	for _, l := range lists {
		got, err := s.Presets.List(l.key, l.tool)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range got {
			names = append(names, p.Name)
		}
		if strings.Join(names, ",") != strings.Join(l.want, ",") {
			t.Errorf("List(%q, %q) = %v; want %v", l.key, l.tool, names, l.want)
		}
	}
	p, ok, err := s.Presets.Get("aa", "echo", "zeta")
	if err != nil || !ok || !bytes.Equal(p.Arguments, []byte(`{"x":9}`)) || p.Server.Label != "a" {
		t.Fatalf("Get zeta = %+v %v %v; want the replacement {\"x\":9}", p, ok, err)
	}
	if gone, err := s.Presets.Delete("aa", "echo", "zeta"); err != nil || !gone {
		t.Fatalf("Delete zeta = %v %v; want true", gone, err)
	}
	if gone, err := s.Presets.Delete("aa", "echo", "zeta"); err != nil || gone {
		t.Fatalf("Delete zeta again = %v %v; want false", gone, err)
	}
	if _, ok, _ := s.Presets.Get("aa", "echo", "zeta"); ok {
		t.Fatal("zeta is still there after Delete")
	}
}

func TestPresetsRemoveStaleTemporaries(t *testing.T) {
	t.Parallel()
	s := openTemp(t, Options{})
	stale := filepath.Join(s.Dir, ".presets.json-123.tmp")
	if err := os.WriteFile(stale, []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := s.Presets.Save(Server{Key: "aa"}, "echo", "p", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("the crashed writer's %s is still there (%v)", stale, err)
	}
}

func TestPresetSaveRefuses(t *testing.T) {
	t.Parallel()
	s := openTemp(t, Options{})
	tests := []struct {
		name, preset, args, want string
	}{
		{"empty name", " ", `{}`, "empty"},
		{"two lines", "a\nb", `{}`, "one line"},
		{"long name", strings.Repeat("é", MaxPresetName+1), `{}`, "at most 100"},
		{"array args", "p", `[1]`, "JSON object"},
		{"broken args", "p", `{"a":`, "JSON object"},
		{"no args", "p", ``, "JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := s.Presets.Save(Server{Key: "aa"}, "echo", tt.preset, []byte(tt.args))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Save = %v; want an error saying %q", err, tt.want)
			}
		})
	}
	if err := s.Presets.Save(Server{Key: "aa"}, "echo", strings.Repeat("é", MaxPresetName), []byte(`{}`)); err != nil {
		t.Fatalf("a name of exactly %d characters: %v", MaxPresetName, err)
	}
}

func TestSnapshots(t *testing.T) {
	t.Parallel()
	s := openTemp(t, Options{})
	if _, ok, err := s.Snapshots.Last("0a1b"); ok || err != nil {
		t.Fatalf("Last before any Save = %v %v; want none", ok, err)
	}
	for _, body := range []string{`{"tools":[1]}`, `{"tools":[2]}`} {
		if err := s.Snapshots.Save("0a1b", []byte(body)); err != nil {
			t.Fatal(err)
		}
		got, ok, err := s.Snapshots.Last("0a1b")
		if err != nil || !ok || string(got) != body {
			t.Fatalf("Last = %q %v %v; want %q", got, ok, err, body)
		}
	}
	for _, key := range []string{"", "../x", "AB", "a/b", "zz", strings.Repeat("a", 65)} {
		if err := s.Snapshots.Save(key, []byte(`{}`)); err == nil {
			t.Errorf("Save(%q) succeeded; want the key refused", key)
		}
		if _, _, err := s.Snapshots.Last(key); err == nil {
			t.Errorf("Last(%q) succeeded; want the key refused", key)
		}
	}
}

func TestReadFilter(t *testing.T) {
	t.Parallel()
	s := openTemp(t, Options{MaxRecords: 40})
	servers := []Server{{Key: "aa", Label: "npx everything", Reported: "example-servers/everything"}, {Key: "bb", Label: "./srv", Name: "local"}}
	for i := range 30 {
		r := testRecord([]string{"echo", "add", "echo"}[i%3], i, 10)
		r.Server = servers[i%2]
		if err := s.Log.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		f    Filter
		want []int
	}{
		{"key and tool", Filter{ServerKey: "aa", Tool: "echo"}, []int{0, 2, 6, 8, 12, 14, 18, 20, 24, 26}},
		{"limit", Filter{ServerKey: "bb", Limit: 3}, []int{25, 27, 29}},
		{"server word in reported name", Filter{Server: "EVERY", Tool: "add", Limit: 2}, []int{22, 28}},
		{"server word is the config name", Filter{Server: "local", Tool: "add"}, []int{1, 7, 13, 19, 25}},
		{"nothing", Filter{Tool: "missing"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			recs, _ := readAll(t, s.Log, tt.f)
			var got []int
			for _, r := range recs {
				got = append(got, argIndex(t, r))
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v; want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("got %v; want %v", got, tt.want)
				}
			}
		})
	}
}

func TestReadMissingDirectory(t *testing.T) {
	t.Parallel()
	l := newLog(t.TempDir()+"/never", Options{})
	recs, warns, err := l.Read(Filter{})
	if err != nil || len(recs) != 0 || len(warns) != 0 {
		t.Fatalf("Read = %v %v %v; want an empty history", recs, warns, err)
	}
}
