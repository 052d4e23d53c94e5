package root

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/toolbench/toolbench/internal/fixture"
)

// uEscaped is s as a server may spell it inside a JSON string: every
// character a \u escape.
func uEscaped(s string) string {
	var b strings.Builder
	for _, r := range s {
		fmt.Fprintf(&b, `\u%04x`, r)
	}
	return b.String()
}

// startEchoHeaders serves, over streamable HTTP on 127.0.0.1, a tool
// "echo-headers" that answers with the Authorization and X-Api-Key
// headers it was sent, and spells every occurrence of spell in its
// answers with \u escapes, as a server is free to.
func startEchoHeaders(t *testing.T, spell string) string {
	t.Helper()
	srv := mcpserver.NewMCPServer("echo-headers", "1.0.0", mcpserver.WithToolCapabilities(false))
	srv.AddTool(mcp.NewTool("echo-headers", mcp.WithDescription("Say which credentials came with the call.")),
		func(_ context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			auth, key := req.Header.Get("Authorization"), req.Header.Get("X-Api-Key")
			return mcp.NewToolResultStructured(map[string]any{"authorization": auth, "key": key},
				"authorization="+auth+" key="+key), nil
		})
	lb, err := fixture.ListenLoopback()
	if err != nil {
		t.Fatal(err)
	}
	h := fixture.NewStreamable(srv, lb)
	lb.Server.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Del("Content-Length")
		w.WriteHeader(rec.Code)
		_, _ = w.Write(bytes.ReplaceAll(rec.Body.Bytes(), []byte(spell), []byte(uEscaped(spell))))
	})
	t.Cleanup(lb.Serve(h.Shutdown))
	return lb.URL + "/mcp"
}

// TestEchoedSecretsNotWritten: a server echoes the Authorization header
// and an API key, the key spelt with \u escapes; neither reaches the
// history or the snapshots file `toolbench test` writes beside the
// collection (a file people commit), in any spelling.
func TestEchoedSecretsNotWritten(t *testing.T) {
	t.Parallel()
	const bearer, key = "bearer-S3CRET-echoed-7", "key-S3CRET-escaped-8"
	url := startEchoHeaders(t, key)
	target := []string{"-H", "Authorization: Bearer " + bearer, "-H", "X-Api-Key: " + key, "http", url}
	dir, work := t.TempDir(), t.TempDir()
	r := runIn(t, dir, withTarget(target, "call", "echo-headers", "--json")...)
	if r.code != exitOK || !strings.Contains(r.out, uEscaped(key)) && !strings.Contains(r.out, key) {
		t.Fatalf("call: exit %d, the key not echoed:\n%s\n%s", r.code, r.out, r.err)
	}
	coll := filepath.Join(work, "t.json")
	if err := os.WriteFile(coll, []byte(`{"tests":[{"name":"echo","tool":"echo-headers","expect":{"snapshot":true}}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := runIn(t, dir, withTarget(target, "test", coll)...); r.code != exitOK {
		t.Fatalf("test: exit %d\n%s\n%s", r.code, r.out, r.err)
	}
	secrets := []string{bearer, key, uEscaped(key), uEscaped(key)[:24]}
	if n := auditSecrets(t, dir, secrets...); n < 2 {
		t.Fatalf("audited %d history files; want the log and its lock", n)
	}
	snaps, err := os.ReadFile(filepath.Join(work, "t.snapshots.json"))
	if err != nil {
		t.Fatal(err)
	}
	if n := auditSecrets(t, work, secrets...); n != 2 || !bytes.Contains(snaps, []byte("$X_API_KEY")) || !bytes.Contains(snaps, []byte("$AUTHORIZATION")) {
		t.Errorf("audited %d files; the snapshots hold no $NAME for the secrets:\n%s", n, snaps)
	}
	hist := runIn(t, dir, "history", "--json").out
	if !strings.Contains(hist, "$X_API_KEY") || !strings.Contains(hist, `"authorization": "$AUTHORIZATION"`) {
		t.Errorf("the history holds no $NAME in place of the echoed secrets:\n%s", hist)
	}
}

// TestDebugEnvIsNoSecret: -e DEBUG=true is a setting, not a credential:
// the call is recorded as it was, with its arguments, and --save-preset
// saves them and exits 0.
func TestDebugEnvIsNoSecret(t *testing.T) {
	t.Parallel()
	fx, _ := fixtureCmd(t)
	target := append([]string{"-e", "DEBUG=true"}, fx...)
	dir := t.TempDir()
	args := `{"message":"true","loud":true}`
	r := runIn(t, dir, withTarget(target, "call", "echo", "--no-validate", "--args", args, "--save-preset", "dbg")...)
	if r.code != exitOK {
		t.Fatalf("call: exit %d\n%s", r.code, r.err)
	}
	hist := strings.Join(strings.Fields(runIn(t, dir, "history", "--json").out), "")
	if !strings.Contains(hist, `"message":"true"`) || strings.Contains(hist, "$DEBUG") || strings.Contains(hist, "not kept") {
		t.Errorf("the history lost or rewrote the arguments:\n%s", hist)
	}
	if p := strings.Join(strings.Fields(runIn(t, dir, "presets", "--json").out), ""); !strings.Contains(p, `"loud":true`) {
		t.Errorf("the preset lost its arguments:\n%s", p)
	}
}

// TestVerboseMasksConfigArgs: -v names a config server by its command
// line, without the values of its --api-key and --password flags.
func TestVerboseMasksConfigArgs(t *testing.T) {
	t.Parallel()
	const key, pw = "cfg-S3CRET-key-9", "cfg-S3CRET-pw-10"
	fx, _ := fixtureCmd(t)
	var env []string
	var cmd string
	for i := 0; i < len(fx); i++ {
		if fx[i] == "-e" {
			env = append(env, fx[i+1])
			i++
			continue
		}
		cmd = fx[i]
	}
	envJSON := "{"
	for i, e := range env {
		k, v, _ := strings.Cut(e, "=")
		if i > 0 {
			envJSON += ","
		}
		envJSON += fmt.Sprintf("%q:%q", k, v)
	}
	envJSON += "}"
	cfg := filepath.Join(t.TempDir(), "mcp.json")
	body := fmt.Sprintf(`{"mcpServers":{"keyed":{"command":%q,"args":["--api-key",%q,"--password=%s"],"env":%s}}}`, cmd, key, pw, envJSON)
	if err := os.WriteFile(cfg, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	r := runIn(t, t.TempDir(), "tools", "-v", "--config", cfg, "keyed")
	if r.code != exitOK {
		t.Fatalf("tools: exit %d\n%s", r.code, r.err)
	}
	if strings.Contains(r.err, key) || strings.Contains(r.err, pw) || !strings.Contains(r.err, "--api-key *** --password=***") {
		t.Errorf("-v printed a flag's secret, or not the flags masked:\n%s", r.err)
	}
}
