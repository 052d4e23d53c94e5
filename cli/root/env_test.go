package root

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/toolbench/toolbench/internal/fixture"
)

// The canaries: variables of toolbench's own environment. The secret must
// reach no server unless --inherit-env; the other only when -e names it.
const (
	canarySecret = "TOOLBENCH_CANARY_SECRET=canary-secret-value"
	canaryPass   = "TOOLBENCH_CANARY_PASS=canary-pass-value"
)

// envVariants are the ways to hand a stdio server an environment, and
// what it must then hold and lack.
var envVariants = []struct {
	name       string
	flags      []string
	has, lacks []string
}{
	{"default", nil, nil, []string{canarySecret, canaryPass}},
	{"-e", []string{"-e", "TOOLBENCH_TEST_SET=set-by-e", "-e", "TOOLBENCH_CANARY_PASS"},
		[]string{"TOOLBENCH_TEST_SET=set-by-e", canaryPass}, []string{canarySecret}},
	{"--inherit-env", []string{"--inherit-env"}, []string{canarySecret, canaryPass}, nil},
}

// checkEnv asserts what a server's environment (KEY=VAL lines) holds.
func checkEnv(t *testing.T, env string, has, lacks []string) {
	t.Helper()
	lines := strings.Split(env, "\n")
	contains := func(kv string) bool {
		for _, l := range lines {
			if l == kv {
				return true
			}
		}
		return false
	}
	for _, want := range append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME")}, has...) {
		if !contains(want) {
			t.Errorf("the server's environment lacks %s:\n%s", want, env)
		}
	}
	for _, never := range lacks {
		name, _, _ := strings.Cut(never, "=")
		if strings.Contains(env, name) {
			t.Errorf("the server's environment holds %s:\n%s", name, env)
		}
	}
}

// envServer is the fixture behind a shell that first writes its
// environment to a file: the target arguments, and the file.
func envServer(t *testing.T) ([]string, string) {
	t.Helper()
	envFile := filepath.Join(t.TempDir(), "env")
	path, env := fixture.Command("")
	var target []string
	for _, e := range env {
		target = append(target, "-e", e)
	}
	return append(target, "sh", "-c", `env > "$0.tmp" && mv "$0.tmp" "$0"; exec "$1"`, envFile, path), envFile
}

// TestServerEnvironmentEveryCommand runs every scriptable command that
// starts a server, with canaries in toolbench's environment.
func TestServerEnvironmentEveryCommand(t *testing.T) {
	t.Parallel()
	commands := [][]string{{"tools"}, {"info"}, {"call", "echo", "--arg", "message=x"}, {"lint"}, {"schema", "echo"}, {"probe", "--max-cases", "0", "--tool", "echo"}}
	for _, command := range commands {
		for _, v := range envVariants {
			t.Run(command[0]+"/"+v.name, func(t *testing.T) {
				t.Parallel()
				target, envFile := envServer(t)
				args := append(append(append([]string(nil), command...), v.flags...), target...)
				r := startBinary(t, []string{canarySecret, canaryPass}, args...)
				if code := r.exitCode(30 * time.Second); code != exitOK && code != exitToolError {
					t.Fatalf("exit %d; stderr:\n%s", code, r.stderr.String())
				}
				env, err := os.ReadFile(envFile)
				if err != nil {
					t.Fatalf("the server wrote no environment: %v; stderr:\n%s", err, r.stderr.String())
				}
				checkEnv(t, string(env), v.has, v.lacks)
			})
		}
	}
}

// TestServerEnvironmentWorkbench: the same for the workbench, on a server
// of one's own and on the built-in demo server, whose environment is read
// from /proc while it runs.
func TestServerEnvironmentWorkbench(t *testing.T) {
	t.Parallel()
	for _, v := range envVariants {
		t.Run("connect/"+v.name, func(t *testing.T) {
			t.Parallel()
			target, envFile := envServer(t)
			s := startWorkbench(t, []string{canarySecret, canaryPass}, append(append([]string{"connect"}, v.flags...), target...)...)
			s.waitFor(e2eWait, "● ready")
			env, err := os.ReadFile(envFile)
			if err != nil {
				t.Fatal(err)
			}
			checkEnv(t, string(env), v.has, v.lacks)
		})
		t.Run("demo/"+v.name, func(t *testing.T) {
			t.Parallel()
			s := startWorkbench(t, []string{canarySecret, canaryPass}, append([]string{"demo"}, v.flags...)...)
			s.waitFor(e2eWait, "● ready")
			kids := childrenOf(s.pid())
			if len(kids) != 1 {
				t.Fatalf("toolbench has children %v, want the demo server alone", kids)
			}
			environ, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(kids[0]), "environ"))
			if err != nil {
				t.Fatal(err)
			}
			checkEnv(t, strings.ReplaceAll(string(environ), "\x00", "\n"), v.has, v.lacks)
		})
	}
}
