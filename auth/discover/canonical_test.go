package discover

import (
	"errors"
	"strings"
	"testing"
)

func TestCanonicalResource(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want, wantErr string
	}{
		{"https://mcp.example.com/mcp", "https://mcp.example.com/mcp", ""},
		{"HTTPS://MCP.Example.COM/Mcp", "https://mcp.example.com/Mcp", ""},
		{"https://mcp.example.com/", "https://mcp.example.com", ""},
		{"https://mcp.example.com", "https://mcp.example.com", ""},
		{"https://mcp.example.com:443/mcp", "https://mcp.example.com/mcp", ""},
		{"http://127.0.0.1:80/mcp", "http://127.0.0.1/mcp", ""},
		{"https://mcp.example.com:8443", "https://mcp.example.com:8443", ""},
		{"https://mcp.example.com/server/mcp/", "https://mcp.example.com/server/mcp/", ""},
		{"https://user:pw@mcp.example.com/mcp?api_key=k#frag", "https://mcp.example.com/mcp", ""},
		{"http://[::1]:9/a%20b", "http://[::1]:9/a%20b", ""},
		{" https://x.example/mcp ", "https://x.example/mcp", ""},
		{"mcp.example.com", "", "want an http or https URL"},
		{"ws://mcp.example.com", "", "want an http or https URL"},
		{"https:///mcp", "", "no host"},
		{"https://x.example/%zz", "", "invalid URL escape"},
		{"https://u:pw-secret@x.example/%zz?key=k-secret", "", `"https://x.example/%zz": invalid URL escape`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			got, err := CanonicalResource(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || strings.Contains(err.Error(), "secret") {
					t.Errorf("CanonicalResource(%q) = %q, %v; want error %q", tt.in, got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("CanonicalResource(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestResourceCovers(t *testing.T) {
	t.Parallel()
	tests := []struct {
		resource, server string
		want             bool
	}{
		{"https://a.example/mcp", "https://a.example/mcp", true},
		{"https://a.example", "https://a.example/mcp", true},
		{"https://a.example/", "https://a.example/mcp", true},
		{"HTTPS://A.EXAMPLE/mcp", "https://a.example/mcp", true},
		{"https://a.example/srv", "https://a.example/srv/mcp", true},
		{"https://a.example/mcp/", "https://a.example/mcp", true},
		{"https://a.example/mc", "https://a.example/mcp", false},
		{"https://a.example/other", "https://a.example/mcp", false},
		{"https://a.example/mcp/deeper", "https://a.example/mcp", false},
		{"https://evil.example/mcp", "https://a.example/mcp", false},
		{"http://a.example/mcp", "https://a.example/mcp", false},
		{"https://a.example:8443/mcp", "https://a.example/mcp", false},
		{"not a url", "https://a.example/mcp", false},
	}
	for _, tt := range tests {
		t.Run(tt.resource+" "+tt.server, func(t *testing.T) {
			t.Parallel()
			if got := resourceCovers(tt.resource, tt.server); got != tt.want {
				t.Errorf("resourceCovers(%q, %q) = %v", tt.resource, tt.server, got)
			}
		})
	}
}

func TestCheckURL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in       string
		ok       bool
		insecure bool
	}{
		{"https://as.example/token", true, false},
		{"http://127.0.0.1:8080/token", true, false},
		{"http://127.8.9.1/token", true, false},
		{"http://[::1]:9/x", true, false},
		{"http://LOCALHOST:9/x", true, false},
		{"http://as.example/token", false, true},
		{"http://localhost.evil.example/x", false, true},
		{"http://10.0.0.1/x", false, true},
		{"ftp://as.example/x", false, false},
		{"/relative", false, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			err := CheckURL(tt.in)
			if (err == nil) != tt.ok || errors.Is(err, ErrInsecure) != tt.insecure {
				t.Errorf("CheckURL(%q) = %v", tt.in, err)
			}
		})
	}
}

func TestWellKnownURLs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		got  func() ([]string, error)
		want []string
	}{
		{"issuer with a path", func() ([]string, error) { return serverURLs("https://auth.example.com/tenant1") },
			[]string{"https://auth.example.com/.well-known/oauth-authorization-server/tenant1", "https://auth.example.com/.well-known/openid-configuration/tenant1", "https://auth.example.com/tenant1/.well-known/openid-configuration"}},
		{"issuer path with a terminating slash", func() ([]string, error) { return serverURLs("https://auth.example.com/t/1/") },
			[]string{"https://auth.example.com/.well-known/oauth-authorization-server/t/1", "https://auth.example.com/.well-known/openid-configuration/t/1", "https://auth.example.com/t/1/.well-known/openid-configuration"}},
		{"issuer without a path", func() ([]string, error) { return serverURLs("https://auth.example.com/") },
			[]string{"https://auth.example.com/.well-known/oauth-authorization-server", "https://auth.example.com/.well-known/openid-configuration"}},
		{"resource with a path and a challenge", func() ([]string, error) {
			return resourceURLs("https://mcp.example.com/public/mcp/", &Challenge{ResourceMetadata: "/meta"}), nil
		}, []string{"https://mcp.example.com/meta", "https://mcp.example.com/.well-known/oauth-protected-resource/public/mcp", "https://mcp.example.com/.well-known/oauth-protected-resource"}},
		{"resource at the root", func() ([]string, error) { return resourceURLs("https://mcp.example.com", nil), nil },
			[]string{"https://mcp.example.com/.well-known/oauth-protected-resource"}},
		{"challenge naming a well-known URL is fetched once", func() ([]string, error) {
			return resourceURLs("https://m.example/mcp", &Challenge{ResourceMetadata: "https://m.example/.well-known/oauth-protected-resource"}), nil
		}, []string{"https://m.example/.well-known/oauth-protected-resource", "https://m.example/.well-known/oauth-protected-resource/mcp"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := tt.got()
			if err != nil || strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got %q, %v\nwant %q", got, err, tt.want)
			}
		})
	}
}

func TestServerRefusesBadIssuers(t *testing.T) {
	t.Parallel()
	for _, issuer := range []string{"https://as.example/?tenant=1", "https://as.example/#x", "http://as.example", "as.example", "https://as.example/%zz"} {
		t.Run(issuer, func(t *testing.T) {
			t.Parallel()
			var ev eventLog
			_, err := (&Client{Observe: ev.observe}).Server(t.Context(), issuer)
			if err == nil {
				t.Fatalf("Server(%q) accepted it", issuer)
			}
			if got := strings.Join(ev.list(), ","); got != smStart+","+smFail {
				t.Errorf("events %s", got)
			}
		})
	}
}

func TestRedact(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"https://u:p@mcp.example/mcp?api_key=k#f", "https://mcp.example/mcp"},
		{"https://mcp.example", "https://mcp.example"},
		{"https://mcp.example?x=1", "https://mcp.example"},
		{"%%bad://a@b/c?d", "%%bad://b/c"},
		{"no scheme?key=1", "no scheme"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			if got := Redact(tt.in); got != tt.want {
				t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
