package root

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/adrg/xdg"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/internal/fixture"
	"github.com/toolbench/toolbench/internal/fixture/childproc"
	"github.com/toolbench/toolbench/internal/peer"
	"github.com/toolbench/toolbench/internal/testkit"
)

func TestMain(m *testing.M) {
	// The test binary doubles as every fixture child (the fixture, its
	// faults, the hostile servers), chosen by the fixture's environment
	// switch, and as `toolbench demo-server` for the demo target.
	childproc.MaybeServe()
	if len(os.Args) > 1 && os.Args[1] == demoServerCmd {
		os.Exit(run(context.Background(), os.Args[1:], newFactory(iostreams.System())))
	}
	dir, err := os.MkdirTemp("", "toolbench-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binDir = dir
	if err := isolateCache(dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	if code == 0 {
		code = auditRun(dir)
	}
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// isolateCache points XDG_CACHE_HOME and XDG_STATE_HOME, for this process
// and every child it starts (the real binary, tmux sessions), at
// directories under tmp, so no test reads or writes the remembered eras or
// the OAuth tokens of the person running them. The
// npm peers stay where they are installed once for all runs.
func isolateCache(tmp string) error {
	if os.Getenv(peer.EnvCache) == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return fmt.Errorf("cache dir: %w", err)
		}
		if err := os.Setenv(peer.EnvCache, filepath.Join(base, "toolbench-test", "npm")); err != nil {
			return err
		}
	}
	cache := filepath.Join(tmp, "cache")
	if err := os.MkdirAll(cache, 0o700); err != nil {
		return err
	}
	if err := os.Setenv("XDG_CACHE_HOME", cache); err != nil {
		return err
	}
	// The OAuth token store lives in the state directory: no test may
	// touch the person's tokens.
	if err := os.Setenv("XDG_STATE_HOME", filepath.Join(tmp, "state")); err != nil {
		return err
	}
	xdg.Reload()
	return nil
}

// auditRun fails a run that passed when a file it left in its shared
// directories holds a secret a test used (see auditSuite).
func auditRun(dir string) int {
	found, files, err := auditSuite(dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "secret audit:", err)
		return 1
	}
	if len(found) > 0 {
		fmt.Fprintf(os.Stderr, "secret audit of the %d files the run left in %s:\n  %s\n", files, dir, strings.Join(found, "\n  "))
		return 1
	}
	return 0
}

// binDir holds what the tests build (the real binary), for the run.
var binDir string

// testFactory is the product's factory on st, searching no config files:
// a developer's own files must not change a test's outcome.
func testFactory(st *streams) *factory {
	f := newFactory(st)
	f.Targets.ConfigPaths = nil
	return f
}

// result is what one in-process run of toolbench produced.
type result struct {
	out, err string
	code     int
}

func runToolbench(t *testing.T, ctx context.Context, stdin string, args ...string) result {
	t.Helper()
	var out, errOut testkit.Buffer
	st := &streams{In: strings.NewReader(stdin), Out: &out, Err: &errOut}
	code := run(ctx, args, testFactory(st))
	return result{out: out.String(), err: errOut.String(), code: code}
}

// fixtureCmd returns target arguments that start the fixture as a stdio
// child, and a function reading what it recorded.
func fixtureCmd(t *testing.T) ([]string, func() string) {
	t.Helper()
	log := filepath.Join(t.TempDir(), "fixture.log")
	path, env := fixture.Command(log)
	var args []string
	for _, e := range env {
		args = append(args, "-e", e)
	}
	return append(args, path), func() string {
		b, _ := os.ReadFile(log)
		return string(b)
	}
}

// fixtureHTTP serves the fixture in process over streamable HTTP until the
// test ends, and returns target arguments that reach it and a function
// reading what it recorded.
func fixtureHTTP(t *testing.T) ([]string, func() string) {
	t.Helper()
	rec := &testkit.Buffer{}
	url, stop, err := fixture.StartHTTP(fixture.NewServer(fixture.WithRecorder(rec)))
	if err != nil {
		t.Fatalf("start the fixture over HTTP: %v", err)
	}
	t.Cleanup(stop)
	return []string{"http", url}, rec.String
}

// withTarget builds `toolbench VERB [pre...] -e ... FIXTURE`.
func withTarget(target []string, verbAndFlags ...string) []string {
	out := append([]string(nil), verbAndFlags...)
	return append(out, target...)
}

// cancelWhen calls cancel once cond holds, as a person pressing Ctrl-C when
// they see the call running, and after 10 s in any case, so that a test
// whose condition never comes fails rather than hangs.
func cancelWhen(cancel func(), cond func() bool) {
	go func() {
		testkit.Eventually(10*time.Second, cond)
		cancel()
	}()
}

// readFile returns the contents of path, or "" while it does not exist.
func readFile(path string) string {
	b, _ := os.ReadFile(path)
	return string(b)
}
