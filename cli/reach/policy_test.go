package reach_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/reach/reachtest"
	"github.com/toolbench/toolbench/cli/usage"
)

// TestBindReadsAskPolicies: a command that took --elicit and --sample
// finds them parsed in Live.Asks once bound, a bad one is a usage error
// before the target is read, and a command that did not take them gets
// no policy.
func TestBindReadsAskPolicies(t *testing.T) {
	t.Parallel()
	bind := func(withPolicies bool, args ...string) (reach.Live, error) {
		var conn reach.ConnFlags
		fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
		conn.AddFlags(fs)
		if withPolicies {
			conn.AddAskPolicies(fs, "", "reject")
		}
		if err := fs.Parse(args); err != nil {
			return reach.Live{}, err
		}
		var l reach.Live
		err := conn.Bind(reachtest.Factory(t, ""), &l, fs.Args())
		return l, err
	}
	l, err := bind(true, "--elicit", "decline", "srv")
	if err != nil {
		t.Fatal(err)
	}
	if l.Asks.Elicit == nil || l.Asks.Sample == nil || l.Server.Target.Command != "srv" {
		t.Errorf("asks %+v, target %+v", l.Asks, l.Server.Target)
	}
	if e, s := l.Asks.Names(); e != "decline" || s != "reject" {
		t.Errorf("names %q, %q", e, s)
	}
	// No target at all would be refused too: the policy is read first.
	if _, err := bind(true, "--elicit", "maybe"); !errors.As(err, new(usage.Error)) || !strings.Contains(err.Error(), "--elicit") {
		t.Errorf("a bad --elicit gave %v, want a usage error naming --elicit", err)
	}
	l, err = bind(false, "srv")
	if err != nil || l.Asks.Elicit != nil || l.Asks.Sample != nil {
		t.Errorf("without the flags: %+v, %v", l.Asks, err)
	}
	if e, s := l.Asks.Names(); e != "" || s != "" {
		t.Errorf("names without policies %q, %q", e, s)
	}
}
