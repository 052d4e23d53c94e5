package testkit

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// ShellWords runs line through sh with only PATH and env set, toolbench
// being a shell function that prints its arguments, and returns the words
// sh passed it: what a person who pastes the line really runs.
func ShellWords(t *testing.T, line string, env map[string]string) []string {
	t.Helper()
	sh := exec.Command("sh", "-c", `toolbench() { printf '%s\0' "$@"; }; `+line)
	sh.Env = []string{"PATH=" + os.Getenv("PATH")}
	for k, v := range env {
		sh.Env = append(sh.Env, k+"="+v)
	}
	out, err := sh.Output()
	if err != nil {
		t.Fatalf("sh -c %s: %v", line, err)
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}
