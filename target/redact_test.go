package target

import (
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ in, want string }{
		{"http://user:pw@host/mcp?api_key=K", "http://***:***@host/mcp?api_key=***"},
		{"https://tok@host:8443/mcp", "https://***@host:8443/mcp"},
		{"http://127.0.0.1:3001/mcp", "http://127.0.0.1:3001/mcp"},
		{"http://h/sse?sessionId=abc&x=1", "http://h/sse?sessionId=***&x=1"},
		{"http://h/p?access_token=a&Signature=b&X-Amz-Signature=c&code=d&page=2", "http://h/p?access_token=***&Signature=***&X-Amz-Signature=***&code=***&page=2"},
		{"http://h/p?passwd=a&Auth=b&client_secret=c#frag", "http://h/p?passwd=***&Auth=***&client_secret=***#frag"},
		{"http://h/p?api%5Fkey=K", "http://h/p?api%5Fkey=***"},
		{"http://h/p?token=", "http://h/p?token="},
		{"http://h/a@b/c?q=1", "http://h/a@b/c?q=1"},
		{"not a url", "not a url"},
		{"npx -y server", "npx -y server"},
	} {
		if got := Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPlaceholders(t *testing.T) {
	t.Parallel()
	got, names := Placeholders("http://u:p@host/mcp?api-key=K&page=1&sig=S")
	want := "http://${MCP_USER}:${MCP_PASSWORD}@host/mcp?api-key=${API_KEY}&page=1&sig=${SIG}"
	if got != want {
		t.Errorf("Placeholders = %q, want %q", got, want)
	}
	if strings.Join(names, ",") != "MCP_USER,MCP_PASSWORD,API_KEY,SIG" {
		t.Errorf("names = %v", names)
	}
	if got, names := Placeholders("http://host/mcp"); got != "http://host/mcp" || names != nil {
		t.Errorf("a URL without secrets changed: %q %v", got, names)
	}
}

func TestTargetStringRedacts(t *testing.T) {
	t.Parallel()
	tg := Target{Transport: StreamableHTTP, URL: "http://user:pw@host/mcp?api_key=K"}
	if s := tg.String(); strings.Contains(s, "pw") || strings.Contains(s, "=K") || strings.Contains(s, "user") {
		t.Errorf("String() leaks a secret: %q", s)
	}
}

func FuzzRedactHidesSecrets(f *testing.F) {
	f.Add("http://user:pw@host/mcp?api_key=K")
	f.Add("https://h/p?token=abc&x=1#f")
	f.Fuzz(func(t *testing.T, raw string) {
		out := Redact(raw)
		if Redact(out) != out {
			t.Errorf("Redact is not idempotent: %q -> %q -> %q", raw, out, Redact(out))
		}
		red, _ := Placeholders(raw)
		if (out == raw) != (red == raw) {
			t.Errorf("Redact and Placeholders disagree on whether %q holds a secret", raw)
		}
	})
}
