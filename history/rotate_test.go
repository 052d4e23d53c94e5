package history

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRotationAtTheCap(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		opts     Options
		appended int
		// kept is how many of the newest records must remain.
		kept int
		pad  int
	}{
		{"under the cap", Options{MaxRecords: 50}, 45, 45, 10},
		{"at the cap", Options{MaxRecords: 50}, 50, 50, 10},
		{"one past", Options{MaxRecords: 50}, 51, 46, 10},
		{"far past", Options{MaxRecords: 50}, 237, 47, 10},
		// Each record is about 1.1 KiB and a segment rotates once it
		// passes 4 KiB, so it holds 4 records, far under the count bound.
		{"bytes bound", Options{MaxRecords: 1000, MaxBytes: 40 << 10}, 100, 40, 1000},
		// One record larger than the whole bound is still written whole.
		{"huge record", Options{MaxRecords: 1000, MaxBytes: 1000}, 3, 3, 5000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := openTemp(t, tt.opts)
			for i := range tt.appended {
				if err := s.Log.Append(testRecord("r", i, tt.pad)); err != nil {
					t.Fatal(err)
				}
			}
			recs, warns := readAll(t, s.Log, Filter{})
			if len(warns) != 0 || len(recs) != tt.kept {
				t.Fatalf("kept %d records (warnings %v); want %d", len(recs), warns, tt.kept)
			}
			if last := argIndex(t, recs[len(recs)-1]); last != tt.appended-1 {
				t.Errorf("newest kept is %d; want %d", last, tt.appended-1)
			}
			for i := 1; i < len(recs); i++ {
				if argIndex(t, recs[i]) != argIndex(t, recs[i-1])+1 {
					t.Fatalf("records %d and %d are not consecutive", i-1, i)
				}
			}
			seqs, _ := segmentSeqs(filepath.Join(s.Dir, "history"))
			if len(seqs) > segments {
				t.Errorf("%d segment files; want at most %d", len(seqs), segments)
			}
		})
	}
}

func TestRecountWhenTheCounterIsStale(t *testing.T) {
	t.Parallel()
	s := openTemp(t, Options{MaxRecords: 30})
	for i := range 2 {
		if err := s.Log.Append(testRecord("r", i, 10)); err != nil {
			t.Fatal(err)
		}
	}
	// Another writer's line the counter never heard of: the segment
	// holds 3 lines, so one more append fills it.
	seg := filepath.Join(s.Dir, "history", segmentName(1))
	b, _ := os.ReadFile(seg)
	lines := b[:len(b)/2]
	if err := os.WriteFile(seg, append(b, lines...), 0o600); err != nil {
		t.Fatal(err)
	}
	for i := 2; i < 4; i++ {
		if err := s.Log.Append(testRecord("r", i, 10)); err != nil {
			t.Fatal(err)
		}
	}
	seqs, _ := segmentSeqs(filepath.Join(s.Dir, "history"))
	if len(seqs) != 2 {
		t.Fatalf("segments %v; want the fourth line to start segment 2", seqs)
	}
}

func TestModes(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "state")
	if err := os.MkdirAll(filepath.Join(dir, "history"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Log.Append(testRecord("m", 0, 10)); err != nil {
		t.Fatal(err)
	}
	if err := s.Presets.Save(Server{Key: "ab"}, "m", "p", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	if err := s.Snapshots.Save("ab", []byte(`{}`)); err != nil {
		t.Fatal(err)
	}
	seg := filepath.Join(dir, "history", segmentName(1))
	if err := os.Chmod(seg, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.Log.Append(testRecord("m", 1, 10)); err != nil {
		t.Fatal(err)
	}
	err = filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		want := os.FileMode(0o600)
		if info.IsDir() {
			want = 0o700
		}
		if info.Mode().Perm() != want {
			t.Errorf("%s: mode %v; want %v", path, info.Mode().Perm(), want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestCounterSparesTheScan(t *testing.T) {
	t.Parallel()
	s := openTemp(t, Options{MaxRecords: 100})
	if err := s.Log.Append(testRecord("r", 0, 10)); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(s.Dir, "history")
	info, err := os.Stat(filepath.Join(dir, segmentName(1)))
	if err != nil {
		t.Fatal(err)
	}
	// A counter that matches the file's size is believed: one saying
	// the segment is full makes the next record start segment 2, which a
	// scan of its one line would not.
	lock, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	err = writeCounter(lock, counter{seq: 1, lines: 10, size: info.Size()})
	_ = lock.Close()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Log.Append(testRecord("r", 1, 10)); err != nil {
		t.Fatal(err)
	}
	if seqs, _ := segmentSeqs(dir); len(seqs) != 2 {
		t.Fatalf("segments %v; want the counter believed and segment 2 started", seqs)
	}
}
