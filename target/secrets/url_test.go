package secrets

import (
	"strings"
	"testing"
)

func TestRedactURL(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"http://user:pw@host/mcp?api_key=K", "http://***:***@host/mcp?api_key=***"},
		{"https://tok@host:8443/mcp", "https://***@host:8443/mcp"},
		{"http://127.0.0.1:3001/mcp", "http://127.0.0.1:3001/mcp"},
		{"http://h/sse?sessionId=abc&x=1", "http://h/sse?sessionId=***&x=1"},
		{"http://h/p?access_token=a&Signature=b&X-Amz-Signature=c&code=d&page=2", "http://h/p?access_token=***&Signature=***&X-Amz-Signature=***&code=***&page=2"},
		{"http://h/p?passwd=a&Auth=b&client_secret=c#frag", "http://h/p?passwd=***&Auth=***&client_secret=***#frag"},
		{"http://h/p?jwt=a&pwd=b&X-Amz-Credential=c&bearer=d&author=e", "http://h/p?jwt=***&pwd=***&X-Amz-Credential=***&bearer=***&author=e"},
		{"http://h/p?api%5Fkey=K", "http://h/p?api%5Fkey=***"},
		{"http://h/p?token=", "http://h/p?token="},
		{"http://h/a@b/c?q=1", "http://h/a@b/c?q=1"},
		{"https://x/cb#access_token=T&token_type=Bearer", "https://x/cb#access_token=***&token_type=Bearer"},
		// Keys in the path: after a segment naming a key or token, a
		// segment that is not a plain lower-case route word.
		{"https://h/key/AbC123xyz/mcp", "https://h/key/***/mcp"},
		{"https://h/v1/token/sk-live-1/sse", "https://h/v1/token/***/sse"},
		{"https://h/token/refresh", "https://h/token/refresh"},
		{"https://h/auth/v1/mcp", "https://h/auth/v1/mcp"},
		{"https://h/keys", "https://h/keys"},
		{"not a url", "not a url"},
		{"npx -y server", "npx -y server"},
	} {
		if got := RedactURL(tt.in); got != tt.want {
			t.Errorf("RedactURL(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMaskURL(t *testing.T) {
	t.Parallel()
	const code = "code-0123456789abcdef"
	got := MaskURL("http://127.0.0.1:5/cb?code=" + code + "&state=st-1")
	if got != "http://127.0.0.1:5/cb?code=••••cdef&state=st-1" {
		t.Errorf("MaskURL = %q", got)
	}
}

func TestPlaceholderURL(t *testing.T) {
	t.Parallel()
	got, names := PlaceholderURL("http://u:p@host/key/K1/mcp?api-key=K&page=1&sig=S")
	want := "http://${MCP_USER}:${MCP_PASSWORD}@host/key/${KEY}/mcp?api-key=${API_KEY}&page=1&sig=${SIG}"
	if got != want {
		t.Errorf("PlaceholderURL = %q, want %q", got, want)
	}
	if strings.Join(names, ",") != "MCP_USER,MCP_PASSWORD,KEY,API_KEY,SIG" {
		t.Errorf("names = %v", names)
	}
	if got, names := PlaceholderURL("http://host/mcp"); got != "http://host/mcp" || names != nil {
		t.Errorf("a URL without secrets changed: %q %v", got, names)
	}
}

func TestURLSecretsJoinTheSet(t *testing.T) {
	t.Parallel()
	var s Set
	s.AddURL("http://alice:pw%2F9876@h/key/Path-Key-1/mcp?api_key=q-secret-1&page=2")
	got := map[string]string{}
	for _, sec := range s.All() {
		got[sec.Value] = sec.Name
	}
	for v, name := range map[string]string{"alice": "MCP_USER", "pw/9876": "MCP_PASSWORD", "Path-Key-1": "KEY", "q-secret-1": "API_KEY"} {
		if got[v] != name {
			t.Errorf("%q named %q, want %q (all %v)", v, got[v], name, got)
		}
	}
	if _, ok := got["2"]; ok {
		t.Error("page=2 counted as a secret")
	}
}

func FuzzRedactURL(f *testing.F) {
	f.Add("http://user:pw@host/mcp?api_key=K")
	f.Add("https://h/p?token=abc&x=1#f")
	f.Add("https://h/key/K/x")
	f.Fuzz(func(t *testing.T, raw string) {
		out := RedactURL(raw)
		if RedactURL(out) != out {
			t.Errorf("RedactURL is not idempotent: %q -> %q -> %q", raw, out, RedactURL(out))
		}
		red, _ := PlaceholderURL(raw)
		if (out == raw) != (red == raw) {
			t.Errorf("RedactURL and PlaceholderURL disagree on whether %q holds a secret", raw)
		}
	})
}
