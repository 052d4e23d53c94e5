package store

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// secret is a long, distinctive value a later test can grep files for.
func secret(t testing.TB, prefix string) string {
	t.Helper()
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return prefix + hex.EncodeToString(b)
}

// newStore is a store in a directory of its own that does not exist yet.
func newStore(t *testing.T) *Store {
	t.Helper()
	return At(filepath.Join(t.TempDir(), "toolbench", "auth", "tokens.json"))
}

func entry(t testing.TB, resource, issuer string) Entry {
	t.Helper()
	return Entry{
		Resource:     resource,
		Issuer:       issuer,
		ClientID:     "client-" + issuer,
		ClientSecret: secret(t, "sec-"),
		AccessToken:  secret(t, "tok-"),
		RefreshToken: secret(t, "ref-"),
		Scopes:       []string{"mcp:basic"},
	}
}

func TestGetPutDelete(t *testing.T) {
	t.Parallel()
	const res, other = "https://mcp.example/mcp", "https://other.example/mcp"
	tests := []struct {
		name    string
		puts    []Entry
		get     [2]string
		wantOK  bool
		wantID  string
		deleted int
	}{
		{name: "empty store", get: [2]string{res, "https://as1"}, deleted: 0},
		{name: "exact match", puts: []Entry{entry(t, res, "https://as1")}, get: [2]string{res, "https://as1"}, wantOK: true, wantID: "client-https://as1", deleted: 1},
		{name: "other issuer is not a match", puts: []Entry{entry(t, res, "https://as1")}, get: [2]string{res, "https://as2"}, deleted: 1},
		{name: "other resource is not a match", puts: []Entry{entry(t, other, "https://as1")}, get: [2]string{res, "https://as1"}, deleted: 0},
		{name: "two issuers both deleted", puts: []Entry{entry(t, res, "https://as1"), entry(t, res, "https://as2"), entry(t, other, "https://as1")}, get: [2]string{res, "https://as2"}, wantOK: true, wantID: "client-https://as2", deleted: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newStore(t)
			for _, e := range tt.puts {
				if err := s.Put(e); err != nil {
					t.Fatal(err)
				}
			}
			got, ok, err := s.Get(tt.get[0], tt.get[1])
			if err != nil || ok != tt.wantOK || got.ClientID != tt.wantID {
				t.Fatalf("Get = %q, %v, %v; want %q, %v", got.ClientID, ok, err, tt.wantID, tt.wantOK)
			}
			if ok && got.Saved.IsZero() {
				t.Error("Put did not stamp Saved")
			}
			n, err := s.Delete(res)
			if err != nil || n != tt.deleted {
				t.Fatalf("Delete = %d, %v; want %d", n, err, tt.deleted)
			}
			if _, ok, _ := s.Latest(res); ok {
				t.Error("an entry for the resource survived Delete")
			}
		})
	}
}

func TestPutReplacesSameIssuer(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	first, second := entry(t, "https://r", "https://as"), entry(t, "https://r", "https://as")
	for _, e := range []Entry{first, second} {
		if err := s.Put(e); err != nil {
			t.Fatal(err)
		}
	}
	all, err := s.List()
	if err != nil || len(all) != 1 || all[0].AccessToken != second.AccessToken {
		t.Fatalf("List = %d entries, %v; want only the second", len(all), err)
	}
}

func TestPutRefusesIncompleteEntry(t *testing.T) {
	t.Parallel()
	for _, e := range []Entry{{Issuer: "https://as"}, {Resource: "https://r"}} {
		if err := newStore(t).Put(e); err == nil {
			t.Errorf("Put(%+v) = nil, want an error", e)
		}
	}
}

// TestLatestOrdering: the entry saved last wins, including one saved again
// after another issuer's.
func TestLatestOrdering(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		issuers []string
		want    string
	}{
		{"one", []string{"https://as1"}, "https://as1"},
		{"second saved later", []string{"https://as1", "https://as2"}, "https://as2"},
		{"first saved again", []string{"https://as1", "https://as2", "https://as1"}, "https://as1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newStore(t)
			for _, iss := range tt.issuers {
				if err := s.Put(entry(t, "https://r", iss)); err != nil {
					t.Fatal(err)
				}
				if err := s.Put(entry(t, "https://unrelated", iss)); err != nil {
					t.Fatal(err)
				}
			}
			got, ok, err := s.Latest("https://r")
			if err != nil || !ok || got.Issuer != tt.want {
				t.Fatalf("Latest = %q, %v, %v; want %q", got.Issuer, ok, err, tt.want)
			}
		})
	}
}

func TestBoundDropsOldest(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	s.max = 3
	for i := range 5 {
		if err := s.Put(entry(t, fmt.Sprintf("https://r%d", i), "https://as")); err != nil {
			t.Fatal(err)
		}
	}
	all, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range all {
		got = append(got, e.Resource)
	}
	if want := "https://r2 https://r3 https://r4"; strings.Join(got, " ") != want {
		t.Fatalf("kept %v, want %s", got, want)
	}
}

func TestCorruptFileIsAnError(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		body string
	}{
		{"not JSON", "{\"version\":1,\"entries\":[{\"resource\":"},
		{"another layout", `{"version":7,"entries":[]}`},
		{"empty", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := newStore(t)
			if err := os.MkdirAll(filepath.Dir(s.Path()), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(s.Path(), []byte(tt.body), 0o600); err != nil {
				t.Fatal(err)
			}
			_, _, getErr := s.Get("https://r", "https://as")
			putErr := s.Put(entry(t, "https://r", "https://as"))
			_, listErr := s.List()
			for name, err := range map[string]error{"Get": getErr, "Put": putErr, "List": listErr} {
				var ce *CorruptError
				if !errors.As(err, &ce) || ce.Path != s.Path() || !strings.Contains(ce.Hint(), s.Path()) {
					t.Errorf("%s: %v, want a *CorruptError naming %s", name, err, s.Path())
				}
			}
			if b, _ := os.ReadFile(s.Path()); string(b) != tt.body {
				t.Errorf("the corrupt file was rewritten: %q", b)
			}
		})
	}
}

// TestConcurrentGoroutinesLoseNothing: each writer reads the file, adds
// its entry and writes it back; without the lock one overwrites another.
func TestConcurrentGoroutinesLoseNothing(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	const writers, each = 4, 20
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				errs <- At(s.Path()).Put(entry(t, fmt.Sprintf("https://r/%d/%d", w, i), "https://as"))
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	all, err := s.List()
	if err != nil || len(all) != writers*each {
		t.Fatalf("List = %d entries, %v; want %d", len(all), err, writers*each)
	}
}

// TestReadersNeverSeeHalfAFile reads the file without the lock while
// writers replace it: each read must be a whole document.
func TestReadersNeverSeeHalfAFile(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	if err := s.Put(entry(t, "https://seed", "https://as")); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		defer close(done)
		for i := range 60 {
			if err := s.Put(entry(t, fmt.Sprintf("https://r/%d", i), "https://as")); err != nil {
				t.Error(err)
				return
			}
		}
	})
	reads := 0
	for {
		select {
		case <-done:
			wg.Wait()
			if reads == 0 {
				t.Fatal("no read happened")
			}
			assertNoTempFiles(t, filepath.Dir(s.Path()))
			return
		default:
		}
		b, err := os.ReadFile(s.Path())
		if err != nil {
			t.Fatal(err)
		}
		var d document
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatalf("read %d saw a partial file: %v", reads, err)
		}
		reads++
	}
}

func assertNoTempFiles(t *testing.T, dir string) {
	t.Helper()
	names, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if strings.HasSuffix(n.Name(), ".tmp") {
			t.Errorf("temporary file left behind: %s", n.Name())
		}
	}
}

// TestReadsCreateNothing: looking at a store that does not exist yet, or
// deleting from it, leaves no directory or file behind.
func TestReadsCreateNothing(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	if _, _, err := s.Get("https://r", "https://as"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Latest("https://r"); err != nil {
		t.Fatal(err)
	}
	if all, err := s.List(); err != nil || len(all) != 0 {
		t.Fatalf("List = %v, %v", all, err)
	}
	if _, err := os.Stat(filepath.Dir(s.Path())); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("reading created %s: %v", filepath.Dir(s.Path()), err)
	}
	if n, err := s.Delete("https://r"); err != nil || n != 0 {
		t.Fatalf("Delete = %d, %v", n, err)
	}
	if _, err := os.Stat(s.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("deleting nothing wrote %s: %v", s.Path(), err)
	}
}

// TestStaleTempFileRemoved: a temporary file a crashed writer left, with
// secrets in it, goes with the next write.
func TestStaleTempFileRemoved(t *testing.T) {
	t.Parallel()
	s := newStore(t)
	if err := s.Put(entry(t, "https://r", "https://as")); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(filepath.Dir(s.Path()), ".tokens-123.tmp")
	if err := os.WriteFile(stale, []byte(secret(t, "tok-")), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := s.Put(entry(t, "https://r2", "https://as")); err != nil {
		t.Fatal(err)
	}
	assertNoTempFiles(t, filepath.Dir(s.Path()))
}

// BenchmarkPut is one save into a full store: lock, read, rename, sync.
func BenchmarkPut(b *testing.B) {
	s := At(filepath.Join(b.TempDir(), "auth", "tokens.json"))
	for i := range MaxEntries {
		if err := s.Put(entry(b, fmt.Sprintf("https://r/%d", i), "https://as")); err != nil {
			b.Fatal(err)
		}
	}
	e := entry(b, "https://r/new", "https://as")
	for b.Loop() {
		if err := s.Put(e); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGet is one lookup in a full store.
func BenchmarkGet(b *testing.B) {
	s := At(filepath.Join(b.TempDir(), "auth", "tokens.json"))
	for i := range MaxEntries {
		if err := s.Put(entry(b, fmt.Sprintf("https://r/%d", i), "https://as")); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		if _, ok, err := s.Get("https://r/7", "https://as"); err != nil || !ok {
			b.Fatal(ok, err)
		}
	}
}
