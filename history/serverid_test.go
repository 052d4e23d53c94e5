package history

import (
	"net/http"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/target"
)

func TestServerOfKeepsSecretsOutAndKeysStable(t *testing.T) {
	t.Parallel()
	a := target.Target{Transport: target.Stdio, Command: "node", Args: []string{"s.js", "--token", "tk-000111"},
		Env: []string{"API_KEY=env-secret-1"}, Name: "mine"}
	b := a
	b.Args = []string{"s.js", "--token", "tk-999888"}
	b.Env = []string{"API_KEY=env-secret-2"}
	sa, sb := ServerOf(a), ServerOf(b)
	if sa.Key != sb.Key {
		t.Errorf("a changed token or env made another server: %s vs %s", sa.Key, sb.Key)
	}
	if strings.Contains(sa.Label, "tk-000111") || !strings.Contains(sa.Label, "$TOKEN") {
		t.Errorf("label %q keeps the token", sa.Label)
	}
	other := a
	other.Args = []string{"other.js"}
	if ServerOf(other).Key == sa.Key {
		t.Error("another command line has the same key")
	}
	h := target.Target{Transport: target.StreamableHTTP, URL: "http://127.0.0.1:9/mcp?api_key=q-123456",
		Header: http.Header{"Authorization": {"Bearer zzz-token"}}}
	sh := ServerOf(h)
	if strings.Contains(sh.Label, "q-123456") || strings.Contains(sh.Key, "q-123456") {
		t.Errorf("URL secret in %+v", sh)
	}
	h2 := h
	h2.URL = "http://127.0.0.1:9/mcp?api_key=q-other"
	if ServerOf(h2).Key != sh.Key {
		t.Error("another API key made another server")
	}
	for word, want := range map[string]bool{"mine": true, "MINE": true, "s.js": true, sa.Key: true, "nope": false} {
		if got := sa.Matches(word); got != want {
			t.Errorf("Matches(%q) = %v, want %v", word, got, want)
		}
	}
}
