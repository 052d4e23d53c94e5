package discover

import (
	"net/http"
	"reflect"
	"strings"
	"testing"
)

func TestParseChallenges(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		values []string
		want   []Challenge
	}{
		{"spec example", []string{`Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource",
                         scope="files:read"`},
			[]Challenge{{Scheme: "Bearer", ResourceMetadata: "https://mcp.example.com/.well-known/oauth-protected-resource", Scope: []string{"files:read"},
				Params: map[string]string{"resource_metadata": "https://mcp.example.com/.well-known/oauth-protected-resource", "scope": "files:read"}}}},
		{"insufficient scope, case-insensitive names", []string{`bearer ERROR="insufficient_scope", Scope="files:write  files:read", Error_Description="need \"write\""`},
			[]Challenge{{Scheme: "bearer", Error: "insufficient_scope", ErrorDescription: `need "write"`, Scope: []string{"files:write", "files:read"},
				Params: map[string]string{"error": "insufficient_scope", "scope": "files:write  files:read", "error_description": `need "write"`}}}},
		{"two challenges in one header", []string{`Basic realm="a, b", Bearer error=invalid_token, scope="x"`},
			[]Challenge{
				{Scheme: "Basic", Params: map[string]string{"realm": "a, b"}},
				{Scheme: "Bearer", Error: "invalid_token", Scope: []string{"x"}, Params: map[string]string{"error": "invalid_token", "scope": "x"}}}},
		{"two headers, token68 and a bare scheme", []string{`Negotiate abc+/==`, `DPoP, Bearer realm=r`},
			[]Challenge{
				{Scheme: "Negotiate", Token68: "abc+/==", Params: map[string]string{}},
				{Scheme: "DPoP", Params: map[string]string{}},
				{Scheme: "Bearer", Params: map[string]string{"realm": "r"}}}},
		{"unquoted URL, spaces around =, duplicate ignored", []string{`Bearer resource_metadata = http://127.0.0.1:9/.well-known/x , resource_metadata="second"`},
			[]Challenge{{Scheme: "Bearer", ResourceMetadata: "http://127.0.0.1:9/.well-known/x", Params: map[string]string{"resource_metadata": "http://127.0.0.1:9/.well-known/x"}}}},
		{"garbage skipped to the next comma", []string{`"junk", ,Bearer scope=a`},
			[]Challenge{{Scheme: "Bearer", Scope: []string{"a"}, Params: map[string]string{"scope": "a"}}}},
		{"unterminated quote", []string{`Bearer scope="a b`},
			[]Challenge{{Scheme: "Bearer", Scope: []string{"a", "b"}, Params: map[string]string{"scope": "a b"}}}},
		{"empty", []string{"", " , "}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := ParseChallenges(tt.values)
			for i := range got {
				if !strings.Contains(strings.Join(tt.values, "\n"), got[i].Raw) || got[i].Raw == "" {
					t.Errorf("challenge %d: Raw %q is not from the header", i, got[i].Raw)
				}
				got[i].Raw = ""
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("ParseChallenges(%q)\n got %+v\nwant %+v", tt.values, got, tt.want)
			}
		})
	}
}

func TestBearer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		header http.Header
		want   string
		ok     bool
	}{
		{"second header", http.Header{"Www-Authenticate": {`Basic realm="x"`, `Bearer resource_metadata="https://a/b"`}}, "https://a/b", true},
		{"none", http.Header{"Www-Authenticate": {`Basic realm="x"`}}, "", false},
		{"no header", http.Header{}, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c, ok := Bearer(tt.header)
			if ok != tt.ok || c.ResourceMetadata != tt.want {
				t.Errorf("Bearer = %+v, %v; want %q, %v", c, ok, tt.want, tt.ok)
			}
		})
	}
}

func FuzzParseChallenges(f *testing.F) {
	for _, s := range []string{
		`Bearer resource_metadata="https://x/y", scope="a b"`,
		`Basic realm="a\"b", Bearer error=invalid_token`,
		`Negotiate abc==, DPoP algs="ES256"`,
		`,,"x,Bearer`, `Bearer a=`, `Bearer ==, =`, "Bearer \t a\t=\t\"\\",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		for _, c := range ParseChallenges([]string{v}) {
			if c.Scheme == "" || !strings.Contains(v, c.Scheme) {
				t.Fatalf("scheme %q not from %q", c.Scheme, v)
			}
			for i := 0; i < len(c.Scheme); i++ {
				if !isTchar(c.Scheme[i]) {
					t.Fatalf("scheme %q has a non-token byte", c.Scheme)
				}
			}
			if !strings.Contains(v, c.Raw) {
				t.Fatalf("Raw %q not from %q", c.Raw, v)
			}
			if c.ResourceMetadata != c.Params["resource_metadata"] || c.Error != c.Params["error"] {
				t.Fatalf("fields disagree with Params: %+v", c)
			}
		}
	})
}
