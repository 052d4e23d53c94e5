package client

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestSSEDivert(t *testing.T) {
	t.Parallel()
	big := `{"jsonrpc":"2.0","id":9,"method":"elicitation/create","params":{"pad":"` + strings.Repeat("x", maxWatchedLine) + `"}}`
	tests := []struct {
		name, in string
		watch    bool
		out      string
		got      []string // diverted or seen
	}{
		{name: "endpoint and responses pass byte for byte",
			in:  "event: endpoint\ndata: /message?s=1\n\nevent: message\r\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\r\n\r\n",
			out: "event: endpoint\ndata: /message?s=1\n\nevent: message\r\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\r\n\r\n"},
		{name: "a request is taken out",
			in:  "event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"roots/list\"}\n\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"}\n\n",
			out: "\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"}\n\n",
			got: []string{`{"jsonrpc":"2.0","id":1,"method":"roots/list"}`}},
		{name: "data lines join with newlines",
			in:  "data: {\"jsonrpc\":\"2.0\",\ndata:\"id\":\"a\",\"method\":\"ping\"}\n\n",
			out: "\n", got: []string{"{\"jsonrpc\":\"2.0\",\n\"id\":\"a\",\"method\":\"ping\"}"}},
		{name: "an id of null is no request",
			in: "data: {\"id\":null,\"method\":\"x\"}\n\n", out: "data: {\"id\":null,\"method\":\"x\"}\n\n"},
		{name: "an event of another name passes",
			in: "event: other\ndata: {\"id\":1,\"method\":\"x\"}\n\n", out: "event: other\ndata: {\"id\":1,\"method\":\"x\"}\n\n"},
		{name: "an oversized event passes unread", in: "data: " + big + "\n\n", out: "data: " + big + "\n\n"},
		{name: "the end of the stream ends the event",
			in: "data: {\"id\":2,\"method\":\"ping\"}", out: "", got: []string{`{"id":2,"method":"ping"}`}},
		{name: "watching passes everything and shows requests",
			in: "data: {\"id\":3,\"method\":\"ping\"}\n\ndata: {\"id\":3,\"result\":{}}\n\n", watch: true,
			out: "data: {\"id\":3,\"method\":\"ping\"}\n\ndata: {\"id\":3,\"result\":{}}\n\n", got: []string{`{"id":3,"method":"ping"}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var got []string
			keep := func(msg []byte) { got = append(got, string(msg)) }
			src := io.NopCloser(iotest.HalfReader(strings.NewReader(tt.in)))
			d := newSSEDivert(src, keep, nil)
			if tt.watch {
				d = newSSEDivert(src, nil, keep)
			}
			out, err := io.ReadAll(d)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, []byte(tt.out)) {
				t.Errorf("out = %.200q, want %.200q", out, tt.out)
			}
			if strings.Join(got, "|") != strings.Join(tt.got, "|") {
				t.Errorf("requests = %.200q, want %.200q", got, tt.got)
			}
		})
	}
}

// TestLineFilterShowsRequests: the stdio line filter shows each server
// request line, as sent, to its onRequest hook; responses, notifications,
// a request past maxWatchedLine and noise are not shown.
func TestLineFilterShowsRequests(t *testing.T) {
	t.Parallel()
	long := `{"jsonrpc":"2.0","id":9,"method":"roots/list","params":{"x":"` + strings.Repeat("y", maxWatchedLine) + `"}}`
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"b":1,"a":2}}`,
		`{"jsonrpc":"2.0","method":"notifications/message","params":{}}`,
		`{"jsonrpc":"2.0","id":null,"method":"roots/list"}`,
		long,
		`debug: not JSON`,
		`{"jsonrpc":"2.0","id":"s","method":"roots/list"}`,
	}, "\n") + "\n"
	f := newLineFilter(io.NopCloser(iotest.OneByteReader(strings.NewReader(in))), func(string) {}, func(string) {})
	var got []string
	f.onRequest = func(b []byte) { got = append(got, string(b)) }
	if _, err := io.ReadAll(f); err != nil {
		t.Fatal(err)
	}
	want := `{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"b":1,"a":2}}|{"jsonrpc":"2.0","id":"s","method":"roots/list"}`
	if strings.Join(got, "|") != want {
		t.Errorf("shown %.300q, want %q", got, want)
	}
}
