package target

import (
	"net/http"
	"testing"
)

func secretNames(tg Target) map[string]string {
	got := map[string]string{}
	for _, s := range tg.Secrets().All() {
		got[s.Value] = s.Name
	}
	return got
}

func TestSecretsOfATarget(t *testing.T) {
	t.Setenv("TB_PASSED_THROUGH_TOKEN", "from-our-env-42")
	t.Setenv("TB_INHERITED_SECRET", "inherited-77")
	t.Setenv("TB_INHERITED_PLAIN", "plain-99")
	tg := Target{
		Transport: Stdio, Command: "node",
		Args: []string{"server.js", "--api-key=k-inline-1", "--token", "k-next-2", "--verbose", "--port", "8080"},
		Env:  []string{"MEMORY_FILE=/tmp/mem.json", "TB_PASSED_THROUGH_TOKEN", "DEBUG=true", "PIN=12", "DB_URL=postgres://u:db-pw-5@h/x"},
	}
	got := secretNames(tg)
	want := map[string]string{"from-our-env-42": "TB_PASSED_THROUGH_TOKEN", "k-inline-1": "API_KEY", "k-next-2": "TOKEN",
		"12": "PIN", "db-pw-5": "MCP_PASSWORD"}
	for v, name := range want {
		if got[v] != name {
			t.Errorf("secret %q named %q, want %q (all: %v)", v, got[v], name, got)
		}
	}
	// -e values are secret by their name, not their length.
	for _, harmless := range []string{"true", "/tmp/mem.json", "8080", "server.js", "inherited-77"} {
		if _, ok := got[harmless]; ok {
			t.Errorf("%q counted as a secret", harmless)
		}
	}
	tg.InheritEnv = true
	got = secretNames(tg)
	if got["inherited-77"] != "TB_INHERITED_SECRET" {
		t.Errorf("--inherit-env: a variable named like a secret is not one (all: %v)", got)
	}
	if _, ok := got["plain-99"]; ok {
		t.Error("--inherit-env: every inherited variable counted as a secret")
	}
}

func TestSecretsOfAnHTTPTarget(t *testing.T) {
	t.Parallel()
	tg := Target{Transport: StreamableHTTP, URL: "http://alice:pw-9876@127.0.0.1:8080/mcp?api_key=q-secret-1&page=2",
		Header: http.Header{"Authorization": {"Bearer tok-abcdef"}, "X-Api-Key": {"hk-12345"}, "Accept-Language": {"en-GB"},
			"X-Jwt": {"jwt-1"}, "Dpop": {"proof-1"}}}
	got := secretNames(tg)
	for v, name := range map[string]string{"Bearer tok-abcdef": "AUTHORIZATION", "tok-abcdef": "AUTHORIZATION",
		"hk-12345": "X_API_KEY", "alice": "MCP_USER", "pw-9876": "MCP_PASSWORD", "q-secret-1": "API_KEY",
		"jwt-1": "X_JWT", "proof-1": "DPOP"} {
		if got[v] != name {
			t.Errorf("secret %q named %q, want %q (all: %v)", v, got[v], name, got)
		}
	}
	if _, ok := got["en-GB"]; ok {
		t.Error("Accept-Language counted as a secret")
	}
}
