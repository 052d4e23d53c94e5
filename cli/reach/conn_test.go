package reach

import (
	"errors"
	"testing"
	"time"

	"github.com/toolbench/toolbench/cli/usage"
)

func TestParseTimeout(t *testing.T) {
	t.Parallel()
	good := map[string]time.Duration{"30s": 30 * time.Second, "2m": 2 * time.Minute, "5": 5 * time.Second, "0.5": 500 * time.Millisecond}
	for in, want := range good {
		if got, err := parseTimeout(in); err != nil || got != want {
			t.Errorf("parseTimeout(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"0", "-1", "soon", "-3s"} {
		if _, err := parseTimeout(in); !errors.As(err, new(usage.Error)) {
			t.Errorf("parseTimeout(%q): want a usage error, got %v", in, err)
		}
	}
}
