package client

import (
	"reflect"
	"runtime"
	"testing"

	"github.com/toolbench/toolbench/target"
)

// TestServerEnv: a stdio server gets the default list from toolbench's
// environment and what the target adds; secrets stay behind unless the
// target passes them on purpose.
func TestServerEnv(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("the Unix default list")
	}
	environ := []string{"HOME=/home/me", "PATH=/bin", "TERM=xterm", "USER=me", "LOGNAME=me", "SHELL=/bin/sh",
		"TMPDIR=/tmp", "LANG=C.UTF-8", "LC_ALL=C", "LC_TIME=en_GB", "AWS_SECRET_ACCESS_KEY=aws", "GITHUB_TOKEN=gh",
		"LCX=no", "TERM_PROGRAM=no", "SHELL_FUNC=() { :; }", "LC_PAPER=() { evil; }", "broken"}
	tests := []struct {
		name string
		t    target.Target
		want []string
	}{
		{"defaults only", target.Target{},
			[]string{"HOME=/home/me", "PATH=/bin", "TERM=xterm", "USER=me", "LOGNAME=me", "SHELL=/bin/sh", "TMPDIR=/tmp", "LANG=C.UTF-8", "LC_ALL=C", "LC_TIME=en_GB"}},
		{"set, pass through, override", target.Target{Env: []string{"A=1", "GITHUB_TOKEN", "NOT_SET", "PATH=/opt/bin"}},
			[]string{"HOME=/home/me", "PATH=/bin", "TERM=xterm", "USER=me", "LOGNAME=me", "SHELL=/bin/sh", "TMPDIR=/tmp", "LANG=C.UTF-8", "LC_ALL=C", "LC_TIME=en_GB",
				"A=1", "GITHUB_TOKEN=gh", "PATH=/opt/bin"}},
		{"inherit everything", target.Target{InheritEnv: true, Env: []string{"A=1"}}, append(environ[:len(environ)-1:len(environ)-1], "A=1")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := serverEnv(tt.t, environ); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}
