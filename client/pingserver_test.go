package client_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/target"
)

// Environment of the ping server, a JSON-RPC server written out by hand so
// that each protocol era and each way of (not) answering can be had over
// stdio. The test binary serves it when envPingServer is set.
const (
	// envPingServer holds the era: "legacy" (2025-11-25, with initialize
	// and ping) or "modern" (2026-07-28, server/discover only).
	envPingServer = "TOOLBENCH_CLIENT_TEST_PING_ERA"
	// envPingMode is how the server treats a liveness request after the
	// handshake: "answer", "silent" (never answers) or "exit" (the server
	// exits right after the handshake).
	envPingMode = "TOOLBENCH_CLIENT_TEST_PING_MODE"
	// envPingLog names a file that gets each method the server reads, one
	// a line.
	envPingLog = "TOOLBENCH_CLIENT_TEST_PING_LOG"
)

// pingServer is the ping server for one test: how to start it, and the
// methods it has read so far.
type pingServer struct {
	tgt     target.Target
	methods func() []string
}

// startPingServer returns the ping server of era in mode.
func startPingServer(t *testing.T, era, mode string) pingServer {
	t.Helper()
	log := filepath.Join(t.TempDir(), "methods.log")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return pingServer{
		tgt: target.Target{Transport: target.Stdio, Command: self,
			Env: []string{envPingServer + "=" + era, envPingMode + "=" + mode, envPingLog + "=" + log}},
		methods: func() []string {
			b, _ := os.ReadFile(log)
			return strings.Fields(string(b))
		},
	}
}

// count returns how often the server read method.
func (p pingServer) count(method string) int {
	n := 0
	for _, m := range p.methods() {
		if m == method {
			n++
		}
	}
	return n
}

// maybeServePing serves the ping server and exits when the environment asks
// for it; it returns at once otherwise.
func maybeServePing() {
	era := os.Getenv(envPingServer)
	if era == "" {
		return
	}
	log, err := os.OpenFile(os.Getenv(envPingLog), os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ping server:", err)
		os.Exit(1)
	}
	servePing(era, os.Getenv(envPingMode), log)
	os.Exit(0)
}

// servePing answers stdin on stdout until stdin ends, or until the
// handshake is over in mode "exit".
func servePing(era, mode string, log *os.File) {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	handshaken := false
	for in.Scan() {
		var msg struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(in.Bytes(), &msg) != nil || msg.Method == "" {
			continue
		}
		fmt.Fprintln(log, msg.Method)
		answer, done := pingAnswer(era, msg.Method, handshaken)
		if len(msg.ID) > 0 && answer != "" && (!handshaken || mode != "silent" || !isLiveness(msg.Method)) {
			fmt.Printf(`{"jsonrpc":"2.0","id":%s,%s}`+"\n", msg.ID, answer)
		}
		if done {
			handshaken = true
			if mode == "exit" {
				return
			}
		}
	}
}

// pingAnswer is the answer to method (the part after the id) in era, and
// whether it completes the handshake.
func pingAnswer(era, method string, handshaken bool) (answer string, done bool) {
	const info = `"serverInfo":{"name":"ping-test","version":"1.0.0"}`
	switch {
	case era == "legacy" && method == "server/discover":
		return `"error":{"code":-32601,"message":"method not found"}`, false
	case era == "legacy" && method == "initialize":
		return `"result":{"protocolVersion":"2025-11-25","capabilities":{},` + info + `}`, false
	case era == "legacy" && method == "notifications/initialized":
		return "", true
	case era == "legacy" && method == "ping":
		return `"result":{}`, false
	case era == "modern" && method == "server/discover":
		return `"result":{"resultType":"complete","supportedVersions":["2026-07-28"],"capabilities":{},` +
			`"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"ping-test","version":"1.0.0"}}}`, !handshaken
	}
	return `"error":{"code":-32601,"message":"method not found"}`, false
}

// isLiveness reports whether method is what Ping sends in some era.
func isLiveness(method string) bool { return method == "ping" || method == "server/discover" }
