package client

import (
	"bufio"
	"bytes"
	"io"
	"sync"
)

// lineFilter passes a stdio server's JSON lines through to mcp-go and takes
// out everything else (debug prints, banners), reporting each such line once.
// mcp-go would skip them silently; a person debugging a server needs to see
// them.
type lineFilter struct {
	src     io.ReadCloser
	r       *bufio.Reader
	onNoise func(string)

	pending []byte
	err     error

	mu        sync.Mutex
	noiseSeen string
}

func newLineFilter(src io.ReadCloser, onNoise func(string)) *lineFilter {
	return &lineFilter{src: src, r: bufio.NewReaderSize(src, 64<<10), onNoise: onNoise}
}

// Read implements io.Reader.
func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.pending) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		line, err := f.r.ReadBytes('\n')
		f.err = err
		f.take(line)
	}
	n := copy(p, f.pending)
	f.pending = f.pending[n:]
	return n, nil
}

// take keeps line when it can be a JSON-RPC message and reports it otherwise.
func (f *lineFilter) take(line []byte) {
	body := bytes.TrimSpace(line)
	if len(body) == 0 {
		return
	}
	if body[0] == '{' || body[0] == '[' {
		if line[len(line)-1] != '\n' {
			line = append(line, '\n')
		}
		f.pending = line
		return
	}
	s := truncate(string(body), 300)
	f.mu.Lock()
	if f.noiseSeen == "" {
		f.noiseSeen = s
	}
	f.mu.Unlock()
	f.onNoise(s)
}

// firstNoise returns the first non-JSON line seen, or "".
func (f *lineFilter) firstNoise() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.noiseSeen
}

// Close closes the underlying pipe.
func (f *lineFilter) Close() error { return f.src.Close() }
