package root

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/toolbench/toolbench/internal/peer"
)

// auditSecrets walks every file under dir (the state directory a test gave
// toolbench) and fails the test for each secret value found in one, as
// written or as JSON escapes it. It reports which file and which secret,
// never the surrounding bytes, and returns how many files it read, so a
// caller can check that there was something to audit.
func auditSecrets(t *testing.T, dir string, secrets ...string) int {
	t.Helper()
	files := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		for _, s := range secrets {
			if bytes.Contains(b, []byte(s)) {
				t.Errorf("%s holds the secret %q", path, s)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatalf("audit %s: %v", dir, err)
	}
	return files
}

// suiteSecrets are the secret values the package's tests hand toolbench
// through -e, -H and URLs. TestMain looks for each in every file the whole
// run left in its shared state and cache directories (auditSuite): the
// tests that check one command each audit their own directories, this
// catches a writer none of them thought of.
var suiteSecrets = []string{urlPassword, urlKey, envSecret, bearerSecret, queryKey, memoSecret,
	strings.TrimPrefix(canaryPass, "TOOLBENCH_CANARY_PASS="), "set-by-e"}

// auditSuite walks root, the run's temporary tree, and returns a line
// for each file that holds one of suiteSecrets, as written or as JSON
// escapes it. The OAuth token store is the one file allowed secrets, and
// the binaries built for the run are not written by toolbench.
func auditSuite(root string) ([]string, int, error) {
	var found []string
	files := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Mode()&0o111 != 0 || filepath.Base(path) == "tokens.json" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		for _, s := range suiteSecrets {
			for _, form := range jsonEscaped([]string{s}) {
				if bytes.Contains(b, []byte(s)) || bytes.Contains(b, []byte(form)) {
					found = append(found, fmt.Sprintf("%s holds the secret %q", path, s))
				}
			}
		}
		return nil
	})
	return found, files, err
}

// TestSharedStateGetsEchoedSecrets makes calls whose results echo the
// secrets given with -e, into the state directory the whole run shares,
// for TestMain's audit of it to find none there.
func TestSharedStateGetsEchoedSecrets(t *testing.T) {
	t.Parallel()
	target := []string{"-e", "API_TOKEN=" + envSecret, "stdio", peer.Node(t), peer.Entry(t, peer.Everything)}
	for _, c := range [][]string{{"call", "get-env"}, {"call", "echo", "--arg", "message=" + envSecret, "--save-preset", "shared"}} {
		r := runToolbench(t, context.Background(), "", withTarget(target, c...)...)
		if r.code != exitOK || !strings.Contains(r.out, envSecret) {
			t.Fatalf("%v: exit %d, or the server did not echo the secret, so nothing is audited:\n%s%s", c, r.code, r.out, r.err)
		}
	}
}
