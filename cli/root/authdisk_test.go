package root

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/auth/store"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/internal/fixture/oauth"
	"github.com/toolbench/toolbench/internal/testkit"
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

// TestRunTimeTokenNotWritten: the access token a run learns (by a login,
// then from the token store) is scrubbed from what the run writes when
// the server echoes it: the history, and the snapshots file of
// `toolbench test`, which people commit. The token store stays the only
// file holding it.
func TestRunTimeTokenNotWritten(t *testing.T) {
	t.Parallel()
	srv := oauth.Start(t)
	state, work := t.TempDir(), t.TempDir()
	tokens := filepath.Join(t.TempDir(), "tokens.json")
	coll := filepath.Join(work, "auth.json")
	if err := os.WriteFile(coll, []byte(`{"tests":[{"name":"echo","tool":"`+oauth.EchoAuthTool+`","expect":{"snapshot":true}}]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"call", oauth.EchoAuthTool, "--browser", "fetch", srv.URL()},
		{"test", coll, "--auth", "stored-only", srv.URL()},
	} {
		var out, errOut testkit.Buffer
		f := testFactory(&streams{In: strings.NewReader(""), Out: &out, Err: &errOut})
		f.Auth.Store = func() (*store.Store, error) { return store.At(tokens), nil }
		f.History = func() (*history.Store, error) { return history.Open(state, history.Options{}) }
		if code := run(context.Background(), args, f); code != exitOK {
			t.Fatalf("toolbench %s: exit %d\n%s\n%s", strings.Join(args, " "), code, out.String(), errOut.String())
		}
		if args[0] == "call" && holds(out.String(), srv.Secrets()) == "" {
			t.Fatalf("the server did not echo the token, so nothing is audited:\n%s", out.String())
		}
	}
	if b, err := os.ReadFile(tokens); err != nil || holds(string(b), srv.Secrets()) == "" {
		t.Fatalf("the token store holds no token (%v): the run learned none", err)
	}
	snaps, err := os.ReadFile(filepath.Join(work, "auth.snapshots.json"))
	if err != nil || !strings.Contains(string(snaps), "Bearer $ACCESS_TOKEN") {
		t.Errorf("the snapshot holds no $ACCESS_TOKEN for the echoed token (%v):\n%s", err, snaps)
	}
	for _, dir := range []string{state, work} {
		checkNoSecret(t, dir, srv.Secrets())
	}
}

// checkNoSecret fails for each file under dir that holds a secret.
func checkNoSecret(t *testing.T, dir string, secrets []string) {
	t.Helper()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err == nil {
			if s := holds(string(b), secrets); s != "" {
				t.Errorf("%s holds a secret (…%s)", path, s)
			}
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
