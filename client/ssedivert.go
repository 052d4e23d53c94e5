package client

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
)

// sseDivert is an SSE event stream (the legacy HTTP+SSE transport's GET
// stream) with the server's requests taken out. mcp-go's SSE transport
// drops server-to-client requests, and takes one whose id equals that of a
// request of ours for that request's response; toolbench answers them
// itself. Every other event passes through unchanged, byte for byte.
// Without divert, every event passes and seen is shown each server request
// first (streamable HTTP, whose transport answers them through mcp-go).
//
// An event is held back only until it is known not to be a request or
// grows past maxWatchedLine (a result, then, passed on as it comes), so a
// 50 MB result costs no second copy.
type sseDivert struct {
	src    io.ReadCloser
	r      *bufio.Reader
	divert func(msg []byte)
	seen   func(msg []byte)

	held     []byte // the raw bytes of the event, while holding
	holding  bool
	kind     []byte
	data     []byte
	tooLong  bool // data grew past maxWatchedLine
	field    byte // 'e' event, 'd' data, 0 any other, for the current line
	midLine  bool
	dataSeen bool

	out []byte
	err error
}

func newSSEDivert(src io.ReadCloser, divert, seen func(msg []byte)) *sseDivert {
	return &sseDivert{src: src, r: bufio.NewReaderSize(src, 64<<10), divert: divert, seen: seen, holding: divert != nil}
}

// Read implements io.Reader.
func (d *sseDivert) Read(p []byte) (int, error) {
	for len(d.out) == 0 {
		if d.err != nil {
			return 0, d.err
		}
		frag, err := d.r.ReadSlice('\n')
		d.take(frag)
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			d.finish()
			d.err = err
		}
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

// take handles one piece of a line (all of it, or as much as the buffer
// holds); frag is only valid until the next read.
func (d *sseDivert) take(frag []byte) {
	if len(frag) == 0 {
		return
	}
	ends := frag[len(frag)-1] == '\n'
	body := bytes.TrimRight(frag, "\r\n")
	if !d.midLine {
		switch {
		case len(body) == 0 && ends:
			d.finish()
			d.out = append(d.out, frag...)
			return
		case bytes.HasPrefix(body, []byte("event:")):
			d.field, body = 'e', bytes.TrimSpace(body[len("event:"):])
		case bytes.HasPrefix(body, []byte("data:")):
			// One optional space after the colon belongs to the syntax,
			// and data lines join with newlines (the SSE specification).
			d.field, body = 'd', bytes.TrimPrefix(body[len("data:"):], []byte(" "))
			if d.dataSeen {
				d.keepData([]byte("\n"))
			}
			d.dataSeen = true
		default:
			d.field = 0
		}
	}
	switch d.field {
	case 'e':
		d.kind = append(d.kind, body...)
	case 'd':
		d.keepData(body)
	}
	d.pass(frag)
	d.midLine = !ends
}

// keepData adds to the event's data up to maxWatchedLine.
func (d *sseDivert) keepData(b []byte) {
	if d.tooLong || len(d.data)+len(b) > maxWatchedLine {
		d.tooLong, d.data = true, nil
		return
	}
	d.data = append(d.data, b...)
}

// pass holds raw bytes back while the event may be a request to divert,
// and lets them through otherwise.
func (d *sseDivert) pass(raw []byte) {
	if !d.holding {
		d.out = append(d.out, raw...)
		return
	}
	d.held = append(d.held, raw...)
	if len(d.held) > maxWatchedLine {
		d.out, d.held, d.holding = append(d.out, d.held...), nil, false
	}
}

// finish ends an event: a server request is diverted or shown to seen,
// anything else is let through.
func (d *sseDivert) finish() {
	kind := string(d.kind)
	request := !d.tooLong && (kind == "" || kind == "message") && isServerRequest(d.data)
	switch {
	case request && d.holding:
		d.divert(d.data)
	case request && d.seen != nil:
		d.seen(d.data)
		d.out = append(d.out, d.held...)
	default:
		d.out = append(d.out, d.held...)
	}
	d.held, d.holding, d.kind, d.data, d.tooLong, d.dataSeen, d.midLine = nil, d.divert != nil, nil, nil, false, false, false
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
