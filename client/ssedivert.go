package client

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
)

// sseDivert is an SSE event stream (the legacy HTTP+SSE transport's GET
// stream) with the server's requests taken out. mcp-go's SSE transport
// drops server-to-client requests, and takes one whose id equals that of a
// request of ours for that request's response; toolbench answers them
// itself. Every other event passes through unchanged, byte for byte.
type sseDivert struct {
	src    io.ReadCloser
	r      *bufio.Reader
	divert func(msg []byte)

	event []byte // the raw lines of the event being read
	kind  string
	data  []byte
	out   []byte // what is ready for the reader
	err   error
}

func newSSEDivert(src io.ReadCloser, divert func(msg []byte)) *sseDivert {
	return &sseDivert{src: src, r: bufio.NewReaderSize(src, 64<<10), divert: divert}
}

// Read implements io.Reader.
func (d *sseDivert) Read(p []byte) (int, error) {
	for len(d.out) == 0 {
		if d.err != nil {
			return 0, d.err
		}
		line, err := d.r.ReadBytes('\n')
		d.err = err
		d.take(line, err != nil)
	}
	n := copy(p, d.out)
	d.out = d.out[n:]
	if len(d.out) == 0 {
		d.out = nil
	}
	return n, nil
}

// Close implements io.Closer.
func (d *sseDivert) Close() error { return d.src.Close() }

// take adds one line to the event being read; a blank line, or the end of
// the stream, ends the event.
func (d *sseDivert) take(line []byte, last bool) {
	d.event = append(d.event, line...)
	body := bytes.TrimRight(line, "\r\n")
	switch {
	case len(body) == 0 && len(line) > 0:
		d.finish()
		return
	case bytes.HasPrefix(body, []byte("event:")):
		d.kind = string(bytes.TrimSpace(body[len("event:"):]))
	case bytes.HasPrefix(body, []byte("data:")):
		// One optional space after the colon belongs to the syntax, and
		// several data lines join with newlines (the SSE specification).
		v := bytes.TrimPrefix(body[len("data:"):], []byte(" "))
		if len(d.data) > 0 {
			d.data = append(d.data, '\n')
		}
		d.data = append(d.data, v...)
	}
	if last {
		d.finish()
	}
}

// finish passes the event on, or diverts it when it is a server request.
func (d *sseDivert) finish() {
	if (d.kind == "" || d.kind == "message") && isServerRequest(d.data) {
		d.divert(d.data)
	} else {
		d.out = append(d.out, d.event...)
	}
	d.event, d.kind, d.data = nil, "", nil
}

// isServerRequest reports whether msg is a JSON-RPC request: it has a
// method and an id that is not null.
func isServerRequest(msg []byte) bool {
	var head struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if json.Unmarshal(msg, &head) != nil {
		return false
	}
	return head.Method != "" && len(head.ID) > 0 && string(head.ID) != "null"
}
