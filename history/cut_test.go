package history

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLargeResultIsCut: a result past MaxResultBytes is kept as a preview
// (a valid CallToolResult, its text cut at a character boundary) with its
// size and digest; the line stays small, and reads back as a record.
func TestLargeResultIsCut(t *testing.T) {
	t.Parallel()
	// "é" is two bytes: the preview's edge falls inside one.
	text := "a" + strings.Repeat("é", MaxResultBytes)
	raw, _ := json.Marshal(map[string]any{"content": []any{map[string]any{"type": "text", "text": text}}, "isError": true})
	r := testRecord("big", 1, 0)
	r.Result, r.IsError = raw, true
	dir := t.TempDir()
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Log.Append(r); err != nil {
		t.Fatal(err)
	}
	size := logBytes(t, dir)
	if size > 2*PreviewBytes {
		t.Errorf("the log holds %d bytes for a %d-byte result, want under %d", size, len(raw), 2*PreviewBytes)
	}
	recs, warns, err := s.Log.Read(Filter{})
	if err != nil || len(warns) != 0 || len(recs) != 1 {
		t.Fatalf("read: %v, %v, %d records", err, warns, len(recs))
	}
	got := recs[0]
	sum := sha256.Sum256(raw)
	if got.Cut == nil || got.Cut.Bytes != len(raw) || got.Cut.SHA256 != hex.EncodeToString(sum[:]) {
		t.Fatalf("cut = %+v, want %d bytes and the digest", got.Cut, len(raw))
	}
	var res struct {
		Content []struct{ Type, Text string }
		IsError bool
	}
	if err := json.Unmarshal(got.Result, &res); err != nil || len(res.Content) != 1 || !res.IsError {
		t.Fatalf("preview %.200s is no CallToolResult: %v", got.Result, err)
	}
	if p := res.Content[0].Text; !strings.HasPrefix(p, string(raw[:100])) || strings.ContainsRune(p, '\uFFFD') || !strings.Contains(p, "history keeps its first") {
		t.Errorf("preview text %.200q…", p)
	}
}

// logBytes is the size of every file under dir.
func logBytes(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	err := filepath.Walk(dir, func(_ string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			n += info.Size()
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
