package history

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkAppend1MB appends a record with a 1 MB result (target: under
// 5 ms); BenchmarkAppendFloor is the bare O_APPEND write of the same line.
func BenchmarkAppend1MB(b *testing.B) {
	s, err := Open(b.TempDir(), Options{MaxBytes: 1 << 40})
	if err != nil {
		b.Fatal(err)
	}
	r := testRecord("big", 0, 1<<20)
	b.SetBytes(int64(len(r.Result)))
	for b.Loop() {
		if err := s.Log.Append(r); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendFloor(b *testing.B) {
	line, err := json.Marshal(testRecord("big", 0, 1<<20))
	if err != nil {
		b.Fatal(err)
	}
	line = append(line, '\n')
	f, err := os.OpenFile(filepath.Join(b.TempDir(), "floor.jsonl"), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		if _, err := f.Write(line); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadFloor10000 decodes the same 10,000 lines with one
// json.Unmarshal each, one after the other, from memory: the floor Read
// is compared with.
func BenchmarkReadFloor10000(b *testing.B) {
	lines := make([][]byte, DefaultMaxRecords)
	for i := range lines {
		line, err := EncodeRecord(testRecord("echo", i, 200))
		if err != nil {
			b.Fatal(err)
		}
		lines[i] = line
	}
	for b.Loop() {
		for _, line := range lines {
			var r Record
			if err := json.Unmarshal(line, &r); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkRead10000 reads a full log of 10,000 records of one server, as
// the history screen does when it opens (target: well under 50 ms).
func BenchmarkRead10000(b *testing.B) {
	s, err := Open(b.TempDir(), Options{})
	if err != nil {
		b.Fatal(err)
	}
	for i := range DefaultMaxRecords {
		if err := s.Log.Append(testRecord("echo", i, 200)); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		recs, _, err := s.Log.Read(Filter{ServerKey: "00ab"})
		if err != nil || len(recs) != DefaultMaxRecords {
			b.Fatalf("read %d records, %v", len(recs), err)
		}
	}
}
