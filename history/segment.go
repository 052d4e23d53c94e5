package history

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/toolbench/toolbench/internal/private"
)

// segmentName is the file of segment seq: numbered so that names sort in
// the order they were written.
func segmentName(seq int) string { return fmt.Sprintf("calls-%08d.jsonl", seq) }

// segmentSeqs are the numbers of the segment files in dir, oldest first.
// A missing directory has none.
func segmentSeqs(dir string) ([]int, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	var seqs []int
	for _, e := range entries {
		num, ok := strings.CutPrefix(e.Name(), "calls-")
		num, ok2 := strings.CutSuffix(num, ".jsonl")
		if !ok || !ok2 || len(num) != 8 {
			continue
		}
		if n, err := strconv.Atoi(num); err == nil && n > 0 {
			seqs = append(seqs, n)
		}
	}
	sort.Ints(seqs)
	return seqs, nil
}

// counter is what the lock file remembers of the active segment, so that
// Append need not scan it: its number, its lines and its size when they
// were counted. A size that no longer matches the file means another
// writer (or a crash) changed it, and the lines are counted again.
type counter struct {
	seq   int
	lines int
	size  int64
}

// counterFormat is fixed-width, so each rewrite covers the one before.
const counterFormat = "%010d %010d %020d\n"

// readCounter reads the lock file's counter; ok is false when there is
// none or it is not one.
func readCounter(f *os.File) (c counter, ok bool) {
	buf := make([]byte, 64)
	n, _ := f.ReadAt(buf, 0)
	if _, err := fmt.Sscanf(string(buf[:n]), counterFormat, &c.seq, &c.lines, &c.size); err != nil {
		return counter{}, false
	}
	return c, true
}

// writeCounter rewrites the lock file's counter in place.
func writeCounter(f *os.File, c counter) error {
	_, err := f.WriteAt(fmt.Appendf(nil, counterFormat, c.seq, c.lines, c.size), 0)
	return err
}

// active is the segment the next record goes to, opened for appending.
type active struct {
	file  *os.File
	seq   int
	lines int
	size  int64
	// torn says the file does not end in a newline.
	torn bool
}

// openActive opens the newest segment for appending, starting the next
// one (and deleting those past the newest segments) when it is full. The
// caller holds lock.
func (l *Log) openActive(lock *os.File) (active, error) {
	seqs, err := segmentSeqs(l.dir)
	if err != nil {
		return active{}, err
	}
	seq := 1
	if len(seqs) > 0 {
		seq = seqs[len(seqs)-1]
	}
	a, err := l.openSegment(lock, seq)
	if err != nil {
		return active{}, err
	}
	if a.lines < l.perSegment && a.size < l.segmentBytes {
		return a, nil
	}
	_ = a.file.Close()
	seqs = append(seqs, seq+1)
	for _, old := range seqs[:max(0, len(seqs)-segments)] {
		if err := os.Remove(filepath.Join(l.dir, segmentName(old))); err != nil && !os.IsNotExist(err) {
			return active{}, fmt.Errorf("history: rotate: %w", err)
		}
	}
	return l.openSegment(lock, seq+1)
}

// openSegment opens segment seq for appending and learns its line count
// from the lock file's counter, or by counting when that does not match.
func (l *Log) openSegment(lock *os.File, seq int) (active, error) {
	path := filepath.Join(l.dir, segmentName(seq))
	f, err := private.Open(path, os.O_RDWR|os.O_APPEND|os.O_CREATE)
	if err != nil {
		return active{}, fmt.Errorf("history: %w", err)
	}
	a, err := measure(f, lock, seq)
	if err != nil {
		_ = f.Close()
		return active{}, err
	}
	return a, nil
}

// measure finds the size, line count and torn end of the open segment f.
func measure(f *os.File, lock *os.File, seq int) (active, error) {
	if err := fileMode(f); err != nil {
		return active{}, err
	}
	info, err := f.Stat()
	if err != nil {
		return active{}, fmt.Errorf("history: %w", err)
	}
	a := active{file: f, seq: seq, size: info.Size()}
	if a.size == 0 {
		return a, nil
	}
	last := make([]byte, 1)
	if _, err := f.ReadAt(last, a.size-1); err != nil {
		return active{}, fmt.Errorf("history: read %s: %w", f.Name(), err)
	}
	a.torn = last[0] != '\n'
	if c, ok := readCounter(lock); ok && c.seq == seq && c.size == a.size {
		a.lines = c.lines
		return a, nil
	}
	a.lines, err = countLines(io.NewSectionReader(f, 0, a.size))
	if err != nil {
		return active{}, fmt.Errorf("history: count %s: %w", f.Name(), err)
	}
	return a, nil
}

// countLines counts the newlines r holds.
func countLines(r io.Reader) (int, error) {
	buf := make([]byte, 64<<10)
	n := 0
	for {
		k, err := r.Read(buf)
		n += bytes.Count(buf[:k], []byte{'\n'})
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}
