package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// writeConfig writes one config file for a test.
func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "servers.json")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestAuthEntry: a URL server's "auth" object is read, its client secret
// taken from the environment variable it names ("$NAME" or
// "${env:NAME}"), the other values expanded like every value.
func TestAuthEntry(t *testing.T) {
	secret := "sec-" + "9f2c41d07be3a8c5e61f0d2b"
	t.Setenv("TOOLBENCH_CONFIG_TEST_SECRET", secret)
	t.Setenv("TOOLBENCH_CONFIG_TEST_ID", "client-from-env")
	path := writeConfig(t, `{"mcpServers": {
		"a": {"url": "https://h/mcp", "auth": {"clientId": "app", "clientSecret": "$TOOLBENCH_CONFIG_TEST_SECRET",
			"scopes": ["read", "write"], "redirectPort": 8765, "grant": "client-credentials"}},
		"b": {"url": "https://h/mcp", "auth": {"clientId": "${env:TOOLBENCH_CONFIG_TEST_ID}", "clientSecret": "${env:TOOLBENCH_CONFIG_TEST_SECRET}"}},
		"c": {"url": "https://h/mcp", "auth": {"clientMetadataUrl": "https://example.com/client.json", "clientKey": "/keys/k.pem", "clientId": "k"}},
		"d": {"url": "https://h/mcp", "auth": null},
		"e": {"url": "https://h/mcp"}}}`)
	tests := []struct {
		name string
		want *Auth
	}{
		{"a", &Auth{ClientID: "app", ClientSecret: secret, Scopes: []string{"read", "write"}, RedirectPort: 8765, Grant: "client-credentials"}},
		{"b", &Auth{ClientID: "client-from-env", ClientSecret: secret}},
		{"c", &Auth{ClientID: "k", ClientKey: "/keys/k.pem", ClientMetadataURL: "https://example.com/client.json"}},
		{"d", nil},
		{"e", nil},
	}
	for _, tt := range tests {
		got, err := Find(tt.name, []string{path})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !reflect.DeepEqual(got.Auth, tt.want) {
			t.Errorf("%s: got %+v, want %+v", tt.name, got.Auth, tt.want)
		}
	}
}

// TestAuthEntryErrors: every mistake in "auth" is a *FileError at its
// line that says what to write, and never quotes a literal secret.
func TestAuthEntryErrors(t *testing.T) {
	const literal = "sec-literal-4be1c0a9d37f26e8"
	tests := []struct {
		name, entry, want string
	}{
		{"literal secret", `{"url": "https://h/mcp", "auth": {"clientId": "a", "clientSecret": "` + literal + `"}}`,
			`"auth"."clientSecret" must name an environment variable ("$NAME" or "${env:NAME}"), not hold the secret`},
		{"secret without id", `{"url": "https://h/mcp", "auth": {"clientSecret": "$X"}}`, `has a client secret or key but no "clientId"`},
		{"unknown member", `{"url": "https://h/mcp", "auth": {"client_id": "a"}}`, `has an unknown member "client_id"; it takes clientId`},
		{"scopes not an array", `{"url": "https://h/mcp", "auth": {"scopes": "read"}}`, `member "scopes" must be an array of strings, not a string`},
		{"port not a number", `{"url": "https://h/mcp", "auth": {"redirectPort": "80"}}`, `member "redirectPort" must be a whole number, not a string`},
		{"port out of range", `{"url": "https://h/mcp", "auth": {"redirectPort": 70000}}`, `"redirectPort" 70000 is not a port`},
		{"grant", `{"url": "https://h/mcp", "auth": {"grant": "password"}}`, `"grant" "password": want "auto", "authorization-code" or "client-credentials"`},
		{"not an object", `{"url": "https://h/mcp", "auth": "yes"}`, `"auth" must be an object, not a string`},
		{"stdio", `{"command": "srv", "auth": {"clientId": "a"}}`, `"auth" applies to servers reached by "url"; "srv" is started over stdio`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeConfig(t, "{\"mcpServers\": {\n  \"s\": "+tt.entry+"}}")
			_, err := Find("s", []string{path})
			var fe *FileError
			if !errors.As(err, &fe) || fe.Line != 2 || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), literal) {
				t.Errorf("got %v\nwant a *FileError at line 2 containing %s", err, tt.want)
			}
		})
	}
	t.Run("unset variable", func(t *testing.T) {
		path := writeConfig(t, `{"mcpServers": {"s": {"url": "https://h/mcp", "auth": {"clientId": "a", "clientSecret": "$TOOLBENCH_CONFIG_TEST_NEVER_SET"}}}}`)
		_, err := Find("s", []string{path})
		if err == nil || !strings.Contains(err.Error(), "takes its client secret from $TOOLBENCH_CONFIG_TEST_NEVER_SET, which is not set") {
			t.Errorf("got %v", err)
		}
	})
}
