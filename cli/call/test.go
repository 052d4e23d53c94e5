package call

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/collection"
	"github.com/toolbench/toolbench/internal/termsafe"
)

// TestOptions are what `toolbench test` runs with, filled by its flags.
type TestOptions struct {
	reach.Live
	// File is the collection.
	File string
	// Update rewrites the stored snapshots (--update).
	Update bool
	// JSON prints the report as JSON; JUnit, when set, is where the JUnit
	// XML goes.
	JSON  bool
	JUnit string
}

// NewCmdTest is `toolbench test`. runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdTest(f *reach.Factory, runF func(*TestOptions) error) *cobra.Command {
	opts := &TestOptions{Live: reach.Live{IO: f.IO, Connect: f.Connect}}
	var conn reach.ConnFlags
	cmd := reach.TargetCommand(&cobra.Command{
		Use:   "test FILE [flags] TARGET",
		Short: "Run a collection of saved calls as tests",
		Long: `Run the tests of FILE (JSON, or YAML by its .yaml or .yml extension) in
order on one session with the server, and print each as PASS or FAIL with
the reason: the JSON pointer, what was expected and what came back.

A test names a tool, its arguments (sent as they are, unchecked) and what
the result must show: isError, outputValid (the outputSchema verdict),
match (values at JSON pointers into the CallToolResult: a literal,
{"regex": ..}, {"schema": ..} or {"equals": ..}) and snapshot (compared
with FILE's .snapshots.json beside it; a missing one is written, --update
rewrites them). A test may answer what the server asks with its own
elicit, sample and roots, and bound its call with timeout (one longer than
--timeout raises --timeout for the run); --elicit and --sample answer for
the tests that do not.

A test without expect.isError expects isError: false.

Exit 0 when every test passes, 1 when any fails, 2 for a bad FILE or one
without tests, 3 when the server cannot be reached.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 || args[0] == "--" {
				return usage.Errorf("test needs a collection FILE: toolbench test FILE [flags] TARGET")
			}
			rest, err := reach.Reparse(cmd.Flags(), args[1:])
			if errors.Is(err, pflag.ErrHelp) {
				return cmd.Help()
			}
			if err != nil {
				return err
			}
			if err := conn.Bind(f, &opts.Live, rest); err != nil {
				return err
			}
			opts.File = args[0]
			return reach.RunWith(cmd.Context(), opts, runF, testRun)
		},
	})
	cmd.Example = exampleTest
	conn.AddFlags(cmd.Flags())
	fs := cmd.Flags()
	fs.BoolVar(&opts.Update, "update", false, "rewrite the stored snapshots with what the calls return")
	fs.BoolVar(&opts.JSON, "json", false, "print the report as JSON")
	fs.StringVar(&opts.JUnit, "junit", "", "also write the report as JUnit XML to `FILE`")
	conn.AddAskPolicies(fs, "", "")
	return cmd
}

// ErrTestsFailed is a run in which some test failed; the report already
// says which and why.
var ErrTestsFailed = errors.New("some tests failed")

func testRun(ctx context.Context, o *TestOptions) error {
	c, err := collection.Load(o.File)
	if err != nil {
		return usage.Error{Err: err}
	}
	if len(c.Tests) == 0 {
		// "0 passed" would read as green in CI while checking nothing.
		return usage.Error{Err: &collection.LoadError{Path: c.Path, Index: -1, Field: "tests",
			Problem: `no tests to run; add at least one {"name", "tool", "expect"} to the list`}}
	}
	plans, longest, err := planTests(c, o.Asks, o.Server.Roots, o.IO.Err)
	if err != nil {
		return err
	}
	caller := &testCaller{plans: plans, roots: newRootsOffer(o.Server.Roots), secrets: o.Server.Secrets}
	caller.idle.Store(&activeCall{policies: idlePolicies(o)})
	live := o.Live
	live.Server.Options.Answer = caller.answerer()
	// The session bounds every request by --timeout, extended by
	// progress; a test may bound its call by its own timeout, and one
	// longer than --timeout raises the session's for the whole run, as a
	// bound of the context alone cannot go past the session's.
	live.Server.Options.Timeout = max(live.Server.Options.Timeout, longest)
	s, tools, err := live.Tools(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	caller.session, caller.tools = s, tools
	scrub := func(b []byte) ([]byte, error) {
		clean, ok := o.Server.Secrets.ScrubJSON(b)
		if !ok {
			return nil, memory.ErrSecretOutsideString
		}
		return clean, nil
	}
	report, runErr := collection.Run(ctx, c, caller, collection.RunOptions{Update: o.Update, Unreachable: unreachable, Scrub: scrub})
	var bad *collection.LoadError
	if report == nil && errors.As(runErr, &bad) {
		// The snapshots file beside the collection is not one.
		return usage.Error{Err: runErr}
	}
	if report == nil {
		return runErr
	}
	if err := o.writeReport(report, len(c.Tests), caller.hosts.all(report), o.Server.Secrets.ScrubText); err != nil {
		return errors.Join(runErr, err)
	}
	if runErr != nil {
		return runErr
	}
	if report.Failed > 0 {
		return ErrTestsFailed
	}
	return nil
}

// idlePolicies is what answers asks outside any test's call: the command's own
// policies and roots.
func idlePolicies(o *TestOptions) answer.Policies {
	return answer.Policies{Elicit: o.Asks.Elicit, Sample: o.Asks.Sample, Roots: o.Server.Roots, Notice: o.IO.Err}
}

// writeReport prints the report, as text or JSON, and writes the JUnit
// file when asked; the file goes through scrub, as it holds what the
// server sent.
func (o *TestOptions) writeReport(r *collection.Report, total int, hosts map[string][]host.Finding, scrub func([]byte) []byte) error {
	if o.JUnit != "" {
		var b strings.Builder
		if err := collection.WriteJUnit(&b, r); err != nil {
			return err
		}
		if err := os.WriteFile(o.JUnit, scrub([]byte(b.String())), 0o644); err != nil {
			return fmt.Errorf("--junit: %w", err)
		}
	}
	if o.JSON {
		return iostreams.WriteJSON(o.IO.Out, testJSON{Report: r, Hosts: hosts})
	}
	printTestReportHosts(o.IO.Out, r, total, hosts)
	return nil
}

// printTestReport writes a line per test, the failures under each, and
// the counts, with the tests not run when the run stopped short of total.
// Everything the server sent is cut to width and made safe for a
// terminal, piped or not: this is a report, not the exact result.
func printTestReport(w io.Writer, r *collection.Report, total int) {
	printTestReportHosts(w, r, total, nil)
}

// printTestReportHosts is printTestReport with, under each test's line,
// the host rules its result broke (output.WriteHostNotes).
func printTestReportHosts(w io.Writer, r *collection.Report, total int, hosts map[string][]host.Finding) {
	// Values are cut shorter than the reason: the reason says what went
	// wrong, the values only show it.
	const reasonWidth, valueWidth = 240, 120
	for _, res := range r.Results {
		name, snap := termsafe.Line(res.Name), snapshotNote(res.Snapshot)
		if res.Passed {
			fmt.Fprintf(w, "PASS %s (%d ms)%s\n", name, res.DurationMs, snap)
			output.WriteHostNotes(w, hosts[res.Name], termsafe.Line)
			continue
		}
		fmt.Fprintf(w, "FAIL %s (%d ms)%s\n", name, res.DurationMs, snap)
		output.WriteHostNotes(w, hosts[res.Name], termsafe.Line)
		for _, f := range res.Failures {
			fmt.Fprintf(w, "  %s\n", iostreams.Cut(termsafe.Line(collection.FailureLine(f)), reasonWidth))
			if f.Expected != nil {
				fmt.Fprintf(w, "    expected: %s\n", iostreams.Cut(termsafe.Line(string(f.Expected)), valueWidth))
			}
			if f.Got != nil {
				fmt.Fprintf(w, "    got:      %s\n", iostreams.Cut(termsafe.Line(string(f.Got)), valueWidth))
			}
		}
	}
	counts := fmt.Sprintf("%d passed, %d failed", r.Passed, r.Failed)
	if n := total - len(r.Results); n > 0 {
		counts += fmt.Sprintf(", %d not run", n)
	}
	fmt.Fprintln(w, counts)
}

// snapshotNote tells, after a test's line, that its snapshot was written
// for the first time or rewritten: a snapshot that passes because it was
// only just taken has checked nothing yet, and the person should know.
func snapshotNote(state string) string {
	switch state {
	case collection.SnapshotWritten:
		return " · snapshot written (first run: nothing compared)"
	case collection.SnapshotUpdated:
		return " · snapshot updated (--update)"
	}
	return ""
}
