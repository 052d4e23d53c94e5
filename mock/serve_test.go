package mock

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/target"
)

func TestCheckAddr(t *testing.T) {
	t.Parallel()
	tests := []struct {
		addr      string
		listenAny bool
		want      error
	}{
		{"127.0.0.1:0", false, nil},
		{"127.0.0.5:8080", false, nil},
		{"[::1]:0", false, nil},
		{"localhost:9000", false, nil},
		{"0.0.0.0:8080", false, ErrNotLoopback},
		{":8080", false, ErrNotLoopback},
		{"192.168.1.10:80", false, ErrNotLoopback},
		{"example.com:80", false, ErrNotLoopback},
		{"0.0.0.0:8080", true, nil},
		{":8080", true, nil},
		{"8080", false, ErrBadAddr},
	}
	for _, tt := range tests {
		if err := CheckAddr(tt.addr, tt.listenAny); !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("CheckAddr(%q, %v) = %v, want %v", tt.addr, tt.listenAny, err, tt.want)
		}
	}
}

// TestStdioWritesOnlyJSONRPC feeds the stdio mock a session with a broken
// line in it and requires every line on stdout to be a JSON-RPC message.
func TestStdioWritesOnlyJSONRPC(t *testing.T) {
	t.Parallel()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs("testdata/everything.tools.json")
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), envServe+"="+abs)
	cmd.Stdin = strings.NewReader(strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`this is not JSON`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"get-sum","arguments":{"a":1,"b":2}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get-sum","arguments":{"a":"x"}}}`,
	}, "\n") + "\n")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	ids := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var msg struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
		}
		if err := json.Unmarshal(sc.Bytes(), &msg); err != nil || msg.JSONRPC != "2.0" {
			t.Errorf("stdout line is not JSON-RPC: %q", sc.Text())
		}
		ids[string(msg.ID)] = true
	}
	for _, id := range []string{"1", "2", "3", "4"} {
		if !ids[id] {
			t.Errorf("no answer to request %s on stdout:\n%s\nstderr:\n%s", id, out, stderr.String())
		}
	}
}

// TestCloseLeavesNothing serves over both HTTP transports, lists tools
// through a client, and requires every goroutine the mock started to end
// with Close.
func TestCloseLeavesNothing(t *testing.T) {
	// Not parallel: goleak counts every goroutine of the process.
	before := goleak.IgnoreCurrent()
	for _, tr := range []Transport{SSE, StreamableHTTP} {
		e, err := load(t, "testdata/memory.tools.json").Listen(tr, DefaultAddr, false)
		if err != nil {
			t.Fatal(err)
		}
		c, err := client.Connect(context.Background(), target.Target{Transport: target.Transport(tr), URL: e.URL}, client.Options{Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if tools, err := c.ListTools(context.Background()); err != nil || len(tools) != 9 {
			t.Errorf("%s: %d tools, %v", tr, len(tools), err)
		}
		_ = c.Close()
		if err := e.Close(context.Background()); err != nil {
			t.Errorf("%s: close: %v", tr, err)
		}
		if err := <-e.Done(); !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("%s: serve ended with %v", tr, err)
		}
	}
	goleak.VerifyNone(t, before)
}
