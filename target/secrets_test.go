package target

import (
	"net/http"
	"strings"
	"testing"
)

func TestSecretsOfATarget(t *testing.T) {
	t.Setenv("TB_PASSED_THROUGH", "from-our-env-42")
	tg := Target{
		Transport: Stdio, Command: "node",
		Args: []string{"server.js", "--api-key=k-inline-1", "--token", "k-next-2", "--verbose", "--port", "8080"},
		Env:  []string{"MEMORY_FILE=/tmp/mem.json", "TB_PASSED_THROUGH", "DEBUG=1"},
	}
	got := map[string]string{}
	for _, s := range tg.Secrets() {
		got[s.Value] = s.Name
	}
	want := map[string]string{"/tmp/mem.json": "MEMORY_FILE", "from-our-env-42": "TB_PASSED_THROUGH",
		"k-inline-1": "API_KEY", "k-next-2": "TOKEN"}
	for v, name := range want {
		if got[v] != name {
			t.Errorf("secret %q named %q, want %q (all: %v)", v, got[v], name, got)
		}
	}
	for _, harmless := range []string{"1", "8080", "server.js"} {
		if _, ok := got[harmless]; ok {
			t.Errorf("%q counted as a secret", harmless)
		}
	}
}

func TestSecretsOfAnHTTPTarget(t *testing.T) {
	t.Parallel()
	tg := Target{Transport: StreamableHTTP, URL: "http://alice:pw-9876@127.0.0.1:8080/mcp?api_key=q-secret-1&page=2",
		Header: http.Header{"Authorization": {"Bearer tok-abcdef"}, "X-Api-Key": {"hk-12345"}, "Accept-Language": {"en-GB"}}}
	got := map[string]string{}
	for _, s := range tg.Secrets() {
		got[s.Value] = s.Name
	}
	for v, name := range map[string]string{"Bearer tok-abcdef": "AUTHORIZATION", "tok-abcdef": "AUTHORIZATION",
		"hk-12345": "X_API_KEY", "alice": "MCP_USER", "pw-9876": "MCP_PASSWORD", "q-secret-1": "API_KEY"} {
		if got[v] != name {
			t.Errorf("secret %q named %q, want %q (all: %v)", v, got[v], name, got)
		}
	}
	if _, ok := got["en-GB"]; ok {
		t.Error("Accept-Language counted as a secret")
	}
}

func TestScrub(t *testing.T) {
	t.Parallel()
	secrets := []Secret{{Name: "AUTHORIZATION", Value: "Bearer tok<&>1"}, {Name: "TOKEN", Value: "tok<&>1"}}
	for _, tt := range []struct{ in, want string }{
		{`{"h":"Bearer tok<&>1"}`, `{"h":"$AUTHORIZATION"}`},
		{`{"t":"tok\u003c\u0026\u003e1 and more"}`, `{"t":"$TOKEN and more"}`},
		{`nothing secret here`, `nothing secret here`},
	} {
		if got := string(Scrub([]byte(tt.in), secrets)); got != tt.want {
			t.Errorf("Scrub(%s) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestSecretHeader(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]bool{"Authorization": true, "Cookie": true, "X-API-Key": true,
		"X-Session-Id": true, "Proxy-Authorization": true, "Accept": false, "User-Agent": false, "MCP-Protocol-Version": false} {
		if got := SecretHeader(name); got != want {
			t.Errorf("SecretHeader(%q) = %v, want %v", name, got, want)
		}
	}
	if !strings.HasPrefix(Secret{Name: "X"}.Ref(), "$") {
		t.Error("a reference does not start with $")
	}
}
