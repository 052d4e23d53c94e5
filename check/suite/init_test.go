package suite

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// TestInitIsCheap guards the start-up of every toolbench command, which
// loads lint and the provider views whether it lints or not: their tables
// and regexps are built on first use, so their package initialisation
// allocates almost nothing (it was 12,600 allocations and 1.2 MB when the
// regexps were compiled at init). The test runs its own binary with the
// runtime's init trace; allocation counts, unlike times, do not depend on
// the machine.
func TestInitIsCheap(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	const maxAllocs = 200
	for _, pkg := range []string{"check/lint", "check/provider", "internal/jsondoc"} {
		re := regexp.MustCompile(`init github\.com/toolbench/toolbench/` + regexp.QuoteMeta(pkg) + ` @.*, (\d+) allocs`)
		m := re.FindSubmatch(out)
		if m == nil {
			t.Errorf("no init trace for %s in:\n%s", pkg, out)
			continue
		}
		if n, _ := strconv.Atoi(string(m[1])); n > maxAllocs {
			t.Errorf("initialising %s allocates %d times, more than %d: build its tables and regexps on first use", pkg, n, maxAllocs)
		}
	}
}
