// Package reachtest is what the tests of the command packages share: a
// reach.Factory that parses a command line and never reaches a server,
// and running a command to see the options it parsed. Only tests import
// it.
package reachtest

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/auth/store"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// Factory is a reach.Factory for parse tests: stdin reads in, what is
// written is kept, the demo word names toolbench's demo server, an HTTP
// server's OAuth tokens live under the test's own directory, and
// connecting to a server fails the test.
func Factory(t testing.TB, in string) *reach.Factory {
	t.Helper()
	dir := t.TempDir()
	return &reach.Factory{
		IO:            &iostreams.Streams{In: strings.NewReader(in), Out: &testkit.Buffer{}, Err: &testkit.Buffer{}},
		ClientVersion: "1.2.3",
		Targets: target.Parser{Demo: func() (target.Target, error) {
			return target.Target{Transport: target.Stdio, Command: "toolbench", Args: []string{"demo-server"}, Name: target.DemoWord}, nil
		}},
		Auth: reach.AuthAPI{Store: func() (*store.Store, error) { return store.At(filepath.Join(dir, "oauth.json")), nil }},
		Connect: func(context.Context, target.Target, client.Options) (*client.Session, error) {
			t.Error("a parse test connected to a server")
			return nil, errors.New("no server in parse tests")
		},
	}
}

// Parse runs the command build makes on f with args, its run replaced by
// one that keeps the options: what the flags and the target parsed to.
// A command with subcommands hands on the options of whichever ran. A
// command line that parses but does not run the command fails the test.
func Parse[T any](t testing.TB, f *reach.Factory, build func(*reach.Factory, func(*T) error) *cobra.Command, args ...string) (*T, error) {
	t.Helper()
	var got *T
	cmd := build(f, func(o *T) error { got = o; return nil })
	err := Execute(cmd, f, args...)
	if err == nil && got == nil {
		t.Fatalf("%v: the command did not run", args)
	}
	return got, err
}

// Execute runs cmd on args with f's streams, its errors returned rather
// than printed.
func Execute(cmd *cobra.Command, f *reach.Factory, args ...string) error {
	cmd.SetArgs(args)
	cmd.SetOut(f.IO.Out)
	cmd.SetErr(f.IO.Err)
	cmd.SilenceErrors, cmd.SilenceUsage = true, true
	return cmd.ExecuteContext(context.Background())
}
