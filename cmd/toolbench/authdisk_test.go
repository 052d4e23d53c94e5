package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/fixture/oauth"
)

// authRunLimit bounds one run of the binary against the OAuth fixture.
const authRunLimit = 60 * time.Second

// The real binary, through every OAuth path a person or a CI job takes
// (login, the stored token, a step-up, client credentials with a secret
// and with a key, status, logout), prints no token or secret, and writes
// none to any file but the token store, which only its owner can read.
func TestAuthLeavesNoSecretOnDisk(t *testing.T) {
	t.Parallel()
	person := oauth.Start(t)
	machine := oauth.Start(t, oauth.NoDCR(), oauth.GrantTypes("client_credentials"),
		oauth.AuthMethods("client_secret_basic", "private_key_jwt"))
	root := t.TempDir()
	env := []string{"HOME=" + filepath.Join(root, "home"), "XDG_STATE_HOME=" + filepath.Join(root, "state"),
		"XDG_CACHE_HOME=" + filepath.Join(root, "cache"), "XDG_CONFIG_HOME=" + filepath.Join(root, "config"),
		"TMPDIR=" + filepath.Join(root, "tmp")}
	for _, d := range []string{"home", "tmp"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	secret, key := machine.SecretClient(), machine.KeyClient()
	runs := []struct {
		env  []string
		args []string
		code int
	}{
		{nil, []string{"auth", "login", "--browser", "fetch", person.URL()}, exitOK},
		{nil, []string{"tools", "--auth", "stored-only", person.URL()}, exitOK},
		{nil, []string{"call", "write", "--browser", "fetch", "-v", person.URL()}, exitOK},
		{nil, []string{"auth", "status", "--json", person.URL()}, exitOK},
		{[]string{"TOOLBENCH_CLIENT_SECRET=" + secret.Secret}, []string{"call", "whoami", "-v", "--client-id", secret.ID, machine.URL()}, exitOK},
		{nil, []string{"call", "whoami", "-v", "--client-id", key.ID, "--client-key", key.KeyFile, machine.URL()}, exitOK},
		{nil, []string{"auth", "logout", person.URL()}, exitOK},
	}
	var printed []string
	for _, run := range runs {
		r := startBinary(t, append(append([]string(nil), env...), run.env...), run.args...)
		if code := r.exitCode(authRunLimit); code != run.code {
			t.Fatalf("toolbench %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(run.args, " "), code, run.code, r.stdout.String(), r.stderr.String())
		}
		printed = append(printed, r.stdout.String(), r.stderr.String())
	}
	secrets := append(person.Secrets(), machine.Secrets()...)
	if len(secrets) < 6 {
		t.Fatalf("the fixtures name %d secrets; the runs used at least six", len(secrets))
	}
	for i, out := range printed {
		if s := holds(out, secrets); s != "" {
			t.Fatalf("run %d printed a secret (…%s):\n%s", i/2, s, out)
		}
	}
	checkFiles(t, root, filepath.Join(root, "state", "toolbench", "auth", "tokens.json"), secrets)
}

// checkFiles walks root: no file but store holds a secret, and store and
// its directory are for their owner only.
func checkFiles(t *testing.T, root, store string, secrets []string) {
	t.Helper()
	sawStore := false
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if path == store {
			sawStore = true
			for _, p := range []string{store, filepath.Dir(store)} {
				if fi, err := os.Stat(p); err != nil || fi.Mode().Perm()&0o077 != 0 {
					t.Errorf("%s: mode %v, want no access for group or others", p, fi.Mode().Perm())
				}
			}
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if s := holds(string(b), secrets); s != "" {
			t.Errorf("%s holds a secret (…%s)", path, s)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !sawStore {
		t.Fatalf("no token store at %s: the login kept nothing", store)
	}
}

// holds returns the last four characters of the first secret in text, or
// "".
func holds(text string, secrets []string) string {
	for _, s := range secrets {
		if len(s) >= 8 && strings.Contains(text, s) {
			return s[len(s)-4:]
		}
	}
	return ""
}
