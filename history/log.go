package history

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/toolbench/toolbench/internal/private"
)

// Log is the append-only record of calls: JSON Lines in numbered segment
// files under one directory, every file 0600.
type Log struct {
	dir string
	// perSegment and segmentBytes bound the active segment; past either
	// the next one starts.
	perSegment   int
	segmentBytes int64
}

// newLog is the log in dir, its bounds taken from opts.
func newLog(dir string, opts Options) *Log {
	maxRecords, maxBytes := opts.MaxRecords, opts.MaxBytes
	if maxRecords <= 0 {
		maxRecords = DefaultMaxRecords
	}
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	return &Log{
		dir:          dir,
		perSegment:   max(1, maxRecords/segments),
		segmentBytes: max(1, maxBytes/segments),
	}
}

// Append adds r to the log: one write of one line, under a lock shared
// with every other toolbench process, rotating old records out past the
// bounds without rewriting what stays. A zero V is set to RecordVersion.
func (l *Log) Append(r Record) error {
	line, err := EncodeRecord(r)
	if err != nil {
		return err
	}
	return l.AppendLine(line)
}

// AppendLine adds one encoded record (EncodeRecord's) to the log, as
// Append does. It is for callers that scrub the encoded bytes before they
// are written. line must be one JSON object with no newline in it; only
// its shape is checked, since a full scan of a large result would cost
// more than the write.
func (l *Log) AppendLine(line []byte) error {
	if len(line) < 2 || line[0] != '{' || line[len(line)-1] != '}' || bytes.IndexByte(line, '\n') >= 0 {
		return fmt.Errorf("history: the record to append is not one JSON value on one line")
	}
	held, err := private.Lock(filepath.Join(l.dir, "lock"), true)
	if err != nil {
		return fmt.Errorf("history: lock %s: %w", l.dir, err)
	}
	defer held.Unlock()
	lock := held.File
	st, err := l.openActive(lock)
	if err != nil {
		return err
	}
	defer func() { _ = st.file.Close() }()
	var prefix []byte
	if st.torn {
		// The bytes a crash left stay one line of their own, skipped on
		// read, instead of swallowing this record.
		prefix = []byte{'\n'}
	}
	n, err := writeLine(st.file, prefix, line)
	if err != nil {
		return fmt.Errorf("history: append to %s: %w", st.file.Name(), err)
	}
	lines := st.lines + 1
	if st.torn {
		lines++
	}
	// A count that fails to save is recounted by the next Append.
	_ = writeCounter(lock, counter{seq: st.seq, lines: lines, size: st.size + int64(n)})
	return nil
}
