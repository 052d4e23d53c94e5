// Package memory is the commands that read what toolbench remembers: the
// history of calls, the presets, and the snapshots of a server diff compares;
// and the one way a call is written to that history, scrubbed of secrets.
package memory

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/history"
)

// HistoryOptions are what `toolbench history` runs with.
type HistoryOptions struct {
	IO     *iostreams.Streams
	Store  func() (*history.Store, error)
	Server string
	Tool   string
	Limit  int
	JSON   bool
}

// NewCmdHistory is `toolbench history`, writing to io and reading the
// store opened by store. runF, when a test gives one, gets the parsed
// options instead of the command running.
func NewCmdHistory(io *iostreams.Streams, store func() (*history.Store, error), runF func(*HistoryOptions) error) *cobra.Command {
	opts := &HistoryOptions{IO: io, Store: store}
	cmd := &cobra.Command{
		Use:   "history [--server S] [--tool T] [--limit N] [--json]",
		Short: "List the calls made, newest first",
		Long: `List the calls made with 'toolbench call' and in the workbench, newest
first: when, to which server (its config name, else the name and version
it reported), which tool, the outcome (ok, isError, invalid output, failed,
cancelled: the workbench's words), how long it took and the arguments. --server keeps the
servers whose config name, target or reported name contains S; --tool keeps
one tool's calls; --limit the newest N. --json prints the records as stored.
Secret values are stored as $NAME, never as themselves.`,
		Args: usage.NoArgs("--server S, --tool T and --limit N pick the calls"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if opts.Limit < 0 {
				return usage.Errorf("--limit %d: give a positive number of calls, or 0 for all", opts.Limit)
			}
			if runF != nil {
				return runF(opts)
			}
			return historyRun(opts)
		},
	}
	cmd.Example = exampleHistory
	fs := cmd.Flags()
	fs.StringVar(&opts.Server, "server", "", "only the calls to servers matching `S`")
	fs.StringVar(&opts.Tool, "tool", "", "only the calls of tool `T`")
	fs.IntVar(&opts.Limit, "limit", 0, "only the newest `N` calls (0: all)")
	fs.BoolVar(&opts.JSON, "json", false, "print the records as stored, as a JSON array, newest first")
	return cmd
}

func historyRun(o *HistoryOptions) error {
	store, err := o.Store()
	if err != nil {
		return err
	}
	recs, warnings, err := store.Log.Read(history.Filter{Server: o.Server, Tool: o.Tool, Limit: o.Limit})
	if err != nil {
		return err
	}
	for _, w := range warnings {
		fmt.Fprintf(o.IO.Err, "toolbench: warning: %s\n", w)
	}
	slices.Reverse(recs)
	if o.JSON {
		if recs == nil {
			recs = []history.Record{}
		}
		return iostreams.WriteJSON(o.IO.Out, recs)
	}
	printHistory(o.IO, recs)
	return nil
}

// printHistory is the records as a table, newest first.
func printHistory(st *iostreams.Streams, recs []history.Record) {
	if len(recs) == 0 {
		fmt.Fprintln(st.Out, "No calls in the history.")
		return
	}
	safe := iostreams.TextFor(st)
	tb := iostreams.NewTable(iostreams.Keep("TIME"), iostreams.Shorten("SERVER", 12), iostreams.Keep("TOOL"), iostreams.Keep("OUTCOME"), iostreams.Keep("DURATION"), iostreams.Optional("ARGUMENTS", 10))
	for _, r := range recs {
		tb.Row(r.Time.Local().Format("2006-01-02 15:04:05"), safe(iostreams.Cut(ServerWords(r.Server), 30)), safe(r.Tool), r.Outcome(),
			r.Duration().String(), safe(iostreams.Cut(compact(r.Arguments), 50)))
	}
	tb.Write(st)
}

// ServerWords names a server for a table: its config name, else the
// name and version it reported (command lines that start alike are cut
// alike), else the target as typed.
func ServerWords(s history.Server) string {
	switch {
	case s.Name != "":
		return s.Name
	case s.Reported != "":
		return strings.TrimSpace(s.Reported + " " + s.Version)
	}
	return s.Label
}

// compact is a JSON value on one line.
func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	return b.String()
}

const exampleHistory = `  toolbench history
  toolbench history --server github --tool search_repositories --limit 5
  toolbench history --json`
