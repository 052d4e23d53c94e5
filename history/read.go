package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sync"

	"github.com/toolbench/toolbench/internal/private"
)

// Read returns the records f picks, oldest first, and a warning for each
// line it skipped: not JSON, torn by a crash, or of another version. A log
// that was never written is empty.
func (l *Log) Read(f Filter) ([]Record, []Warning, error) {
	files, err := l.load()
	if err != nil {
		return nil, nil, err
	}
	if f.Limit > 0 {
		recs, warnings := readNewest(files, f)
		return recs, warnings, nil
	}
	parsed := parseAll(files, f)
	total := 0
	for _, p := range parsed {
		total += len(p.records)
	}
	out := make([]Record, 0, total)
	var warnings []Warning
	for _, p := range parsed {
		out = append(out, p.records...)
		warnings = append(warnings, p.warnings...)
	}
	return out, warnings, nil
}

// readNewest decodes segments newest first and stops as soon as it has
// f.Limit records, so the older ones are never decoded at all.
func readNewest(files []segmentFile, f Filter) ([]Record, []Warning) {
	var (
		picked   [][]Record
		warnings []Warning
		total    int
	)
	for i := len(files) - 1; i >= 0 && total < f.Limit; i-- {
		recs, warns := parseSegment(files[i], f)
		picked = append(picked, recs)
		warnings = append(warns, warnings...)
		total += len(recs)
	}
	out := make([]Record, 0, total)
	for i := len(picked) - 1; i >= 0; i-- {
		out = append(out, picked[i]...)
	}
	return out[max(0, len(out)-f.Limit):], warnings
}

// parsed is what one segment held.
type parsed struct {
	records  []Record
	warnings []Warning
}

// parseAll decodes every segment, a few at a time in parallel: decoding
// is what opening the history screen waits for.
func parseAll(files []segmentFile, f Filter) []parsed {
	out := make([]parsed, len(files))
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(len(files), runtime.GOMAXPROCS(0)) {
		wg.Go(func() {
			for i := range work {
				out[i].records, out[i].warnings = parseSegment(files[i], f)
			}
		})
	}
	for i := range files {
		work <- i
	}
	close(work)
	wg.Wait()
	return out
}

// segmentFile is one segment's bytes, read under the lock.
type segmentFile struct {
	path string
	data []byte
}

// load reads every segment, oldest first, holding the lock shared so no
// Append or rotation is half-way through while it reads.
func (l *Log) load() ([]segmentFile, error) {
	if _, err := os.Stat(l.dir); os.IsNotExist(err) {
		return nil, nil
	}
	held, err := private.Lock(filepath.Join(l.dir, "lock"), false)
	if err != nil {
		return nil, fmt.Errorf("history: lock %s: %w", l.dir, err)
	}
	defer held.Unlock()
	seqs, err := segmentSeqs(l.dir)
	if err != nil {
		return nil, err
	}
	files := make([]segmentFile, 0, len(seqs))
	for _, seq := range seqs {
		path := filepath.Join(l.dir, segmentName(seq))
		b, err := readPrivate(path)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("history: %w", err)
		}
		files = append(files, segmentFile{path: path, data: b})
	}
	return files, nil
}

// parseSegment decodes the lines of one segment that f picks, oldest
// first, and warns of each it skips.
func parseSegment(s segmentFile, f Filter) ([]Record, []Warning) {
	// One slice the size of the segment's lines, not a doubling one.
	out := make([]Record, 0, bytes.Count(s.data, []byte{'\n'}))
	var warns []Warning
	data := s.data
	for n := 1; len(data) > 0; n++ {
		line, rest, complete := bytes.Cut(data, []byte{'\n'})
		data = rest
		if !complete {
			warns = append(warns, Warning{File: s.path, Line: n, Problem: "torn: the line has no end (a write cut short)"})
			break
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if !f.mightPick(line) {
			continue
		}
		r, problem := decodeLine(line)
		if problem != "" {
			warns = append(warns, Warning{File: s.path, Line: n, Problem: problem})
			continue
		}
		if f.picks(r) {
			out = append(out, r)
		}
	}
	if f.Limit > 0 && len(out) > f.Limit {
		out = out[len(out)-f.Limit:]
	}
	return out, warns
}

// decodeLine is the record a line holds, or why it holds none: the fast
// decoder's when it is sure, encoding/json's otherwise.
func decodeLine(line []byte) (Record, string) {
	r, ok := decodeFast(line)
	if !ok {
		r = Record{}
		if err := json.Unmarshal(line, &r); err != nil {
			return Record{}, "not a JSON record: " + err.Error()
		}
	}
	if r.V != RecordVersion {
		return Record{}, fmt.Sprintf("record version %d, this toolbench reads %d", r.V, RecordVersion)
	}
	return r, ""
}

// mightPick is a cheap look at an undecoded line: false only when the
// line cannot be one of the server's records, so the full decode is
// spared for most lines of other servers. Keys are hex, so they appear
// in the JSON exactly as given.
func (f Filter) mightPick(line []byte) bool {
	if f.ServerKey == "" {
		return true
	}
	return bytes.Contains(line, []byte(`"key":"`+f.ServerKey+`"`))
}

// picks says whether r is one of the records f picks (Limit aside).
func (f Filter) picks(r Record) bool {
	if f.ServerKey != "" && r.Server.Key != f.ServerKey {
		return false
	}
	if f.Tool != "" && r.Tool != f.Tool {
		return false
	}
	return f.Server == "" || r.Server.Matches(f.Server)
}

// readPrivate reads a segment, never through a symbolic link (see
// private.Open).
func readPrivate(path string) ([]byte, error) {
	f, err := private.Open(path, os.O_RDONLY)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}
