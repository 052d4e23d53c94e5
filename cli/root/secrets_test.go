package root

import (
	"context"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/fixture"
)

// The secrets a URL may carry, distinct enough to be found anywhere.
const (
	urlPassword = "pw-S3CRET-userinfo"
	urlKey      = "K-S3CRET-query"
)

// secretURL is url (http://127.0.0.1:PORT/mcp) with a password in its
// userinfo and a key in its query.
func secretURL(url string) string {
	return strings.Replace(url, "http://", "http://user:"+urlPassword+"@", 1) + "?api_key=" + urlKey
}

// TestNoSecretsInOutput runs every command that reaches a server with -v
// on a URL carrying a password and an API key: neither may appear in
// anything toolbench writes, while the redacted URL does.
func TestNoSecretsInOutput(t *testing.T) {
	t.Parallel()
	url, stop, err := fixture.StartHTTP(fixture.NewServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	target := []string{"http", secretURL(url)}
	commands := [][]string{{"tools"}, {"info"}, {"call", "echo", "--arg", "message=hi"}, {"lint"}, {"schema", "echo"},
		{"probe", "--max-cases", "0", "--tool", "echo"}, {"tools", "--insecure"}}
	for _, command := range commands {
		t.Run(strings.Join(command, "_"), func(t *testing.T) {
			t.Parallel()
			args := append(append([]string{"-v"}, command...), target...)
			r := runToolbench(t, context.Background(), "", args...)
			if r.code != exitOK && r.code != exitToolError {
				t.Errorf("exit %d: %s", r.code, r.err)
			}
			all := r.out + r.err
			if strings.Contains(all, urlPassword) || strings.Contains(all, urlKey) {
				t.Errorf("a secret is in the output:\n%s", all)
			}
			if !strings.Contains(r.err, "http://***:***@127.0.0.1:") || !strings.Contains(r.err, "?api_key=***") {
				t.Errorf("-v does not show the redacted URL:\n%s", r.err)
			}
		})
	}
}

// TestNoSecretsInUsageErrors: usage errors about a URL or a header quote
// neither the URL's secrets nor the header's value.
func TestNoSecretsInUsageErrors(t *testing.T) {
	t.Parallel()
	withSecrets := secretURL("http://127.0.0.1:1/mcp")
	tests := [][]string{
		{"tools", "-e", "A=1", withSecrets},
		{"tools", "--cwd", "/tmp", "sse", withSecrets},
		{"tools", withSecrets, "extra"},
		{"tools", strings.Replace(withSecrets, "127.0.0.1:1", "", 1)},
		{"tools", "-H", "Authorization Bearer " + urlKey, withSecrets},
		{"tools", "-H", "Authorization: Bearer " + urlKey + "\nX: 1", withSecrets},
		{"connect", "-H", "X-Api-Key " + urlKey, withSecrets},
	}
	for _, args := range tests {
		r := runToolbench(t, context.Background(), "", args...)
		if r.code != exitUsage || strings.Contains(r.err, urlPassword) || strings.Contains(r.err, urlKey) {
			t.Errorf("%q: exit %d, stderr %q", args, r.code, r.err)
		}
	}
}
