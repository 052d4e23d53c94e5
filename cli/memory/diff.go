package memory

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/snapshot"
)

// ErrDiffThreshold is a diff that meets --fail-on: the report is on
// stdout, and the exit code says so.
var ErrDiffThreshold = errors.New("the diff meets the --fail-on threshold")

// DiffOptions are what `toolbench diff` runs with.
type DiffOptions struct {
	IO       *iostreams.Streams
	Old, New DiffSide
	JSON     bool
	// FailOn is "", "breaking" or "any": the changes that fail the run.
	FailOn string
}

// DiffSide is one side of a diff: a snapshot file, or a live server.
type DiffSide struct {
	// File is the snapshot file; "" for a live server.
	File string
	// Live is the server when File is "".
	Live Live
}

// SnapshotFileError is a diff side that names a file toolbench cannot
// read as a snapshot.
type SnapshotFileError struct {
	Path string
	Err  error
}

// Error names the file and what is wrong with it.
func (e *SnapshotFileError) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *SnapshotFileError) Unwrap() error { return e.Err }

// NewCmdDiff is `toolbench diff`: bind gives it the live sides, named as
// every command names a server. runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdDiff(io *iostreams.Streams, bind func(*cobra.Command) TargetFlags, runF func(*DiffOptions) error) *cobra.Command {
	opts := &DiffOptions{IO: io}
	var tf TargetFlags
	cmd := &cobra.Command{
		Use:   "diff [flags] OLD [flags] NEW",
		Short: "Compare two snapshots of a server's interface, or one with the live server",
		Long: `Compare a server's interface between two moments. OLD and NEW are each a
snapshot file ('toolbench snapshot -o FILE TARGET', or a saved 'tools --json')
or a live server: when OLD is a file, NEW is the rest of the words (a file, or
a TARGET: URL, config name, or a command); otherwise OLD is one word (a URL or
a config name) and NEW the rest.

Each change is breaking (a call that worked may fail, a client reading
structuredContent may misread it) or not, with its JSON pointer in the tool
and the values on each side; changed descriptions are shown as word diffs,
[-removed-]{+added+}. --fail-on breaking exits 1 when any change breaks,
--fail-on any when anything changed.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			err := parseDiffArgs(tf, args, opts)
			if errors.Is(err, pflag.ErrHelp) {
				return cmd.Help()
			}
			if err != nil {
				return err
			}
			if opts.FailOn != "" && opts.FailOn != "breaking" && opts.FailOn != "any" {
				return usage.Errorf("--fail-on %q: want breaking or any", opts.FailOn)
			}
			if runF != nil {
				return runF(opts)
			}
			return diffRun(cmd.Context(), opts)
		},
	}
	cmd.Example = exampleDiff
	tf = bind(cmd)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the report as JSON")
	cmd.Flags().StringVar(&opts.FailOn, "fail-on", "", "exit 1 when a change meets this threshold: `breaking` or any")
	return cmd
}

// parseDiffArgs splits the words into OLD and NEW (see the command's
// help), reading flags between and after them (tf.Parse); a live side is
// tf.Reach's.
func parseDiffArgs(tf TargetFlags, args []string, opts *DiffOptions) error {
	const needs = "diff needs OLD and NEW: toolbench diff OLD NEW, each a snapshot file or a live target"
	if len(args) == 0 || args[0] == "--" {
		return usage.Errorf("%s", needs)
	}
	rest, err := tf.Parse(args[1:])
	if err != nil {
		return err
	}
	if tf.Help() {
		// cobra defines --help, so pflag sets it rather than failing.
		return pflag.ErrHelp
	}
	if len(rest) == 0 {
		return usage.Errorf("%s", needs)
	}
	// After --, a word is a server even where no file of that name is.
	dash := args[len(args)-len(rest)-1] == "--"
	if isFile(rest[0]) || len(rest) == 1 && (meansFile(rest[0]) || !dash && missingPath(rest[0])) {
		after, err := tf.Parse(rest[1:])
		if err != nil {
			return err
		}
		if tf.Help() {
			return pflag.ErrHelp
		}
		if len(after) > 0 {
			return usage.Errorf("diff: %q after the NEW file %s: a side is one file or one target", after[0], rest[0])
		}
		opts.New = DiffSide{File: rest[0]}
	} else {
		live, err := tf.Reach(rest)
		if err != nil {
			return err
		}
		opts.New = DiffSide{Live: live}
	}
	if isFile(args[0]) || meansFile(args[0]) || missingPath(args[0]) {
		opts.Old = DiffSide{File: args[0]}
		return nil
	}
	live, err := tf.Reach(args[:1])
	if err != nil {
		return err
	}
	opts.Old = DiffSide{Live: live}
	return nil
}

// SnapshotWord reports whether word names a snapshot file, one that is
// there or one meant (old.json gone missing): diff reads it as a file, not
// as a server to start, and so does the placement of trailing flags.
func SnapshotWord(word string) bool { return isFile(word) || meansFile(word) }

// meansFile reports whether a word that names no file was meant to:
// "old.json" is a snapshot file gone missing, not a server to start.
func meansFile(word string) bool {
	return strings.HasSuffix(word, ".json") && !strings.Contains(word, "://")
}

// missingPath reports whether word is a path to nothing ("/missing"): a
// snapshot file gone missing, since no command starts there either.
func missingPath(word string) bool {
	if strings.Contains(word, "://") || !strings.ContainsRune(word, filepath.Separator) {
		return false
	}
	_, err := os.Stat(word)
	return errors.Is(err, fs.ErrNotExist)
}

// isFile reports whether path names an existing snapshot file: a
// regular file, and not a program (`diff old.json ./server` starts the
// server) unless its name says JSON.
func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular() && (fi.Mode()&0o111 == 0 || strings.HasSuffix(path, ".json"))
}

func diffRun(ctx context.Context, opts *DiffOptions) error {
	old, new, err := loadSides(ctx, opts.Old, opts.New)
	if err != nil {
		return err
	}
	r, err := snapshot.Diff(old, new)
	if err != nil {
		return fmt.Errorf("diff: %w", err)
	}
	if opts.JSON {
		if err := iostreams.WriteJSON(opts.IO.Out, r); err != nil {
			return err
		}
	} else {
		printReport(opts.IO, r, opts.Old.label(old), opts.New.label(new))
	}
	if opts.FailOn == "breaking" && r.Breaking > 0 || opts.FailOn == "any" && !r.Empty() {
		return ErrDiffThreshold
	}
	return nil
}

// loadSides reads the snapshot files before it reaches a live side: a
// missing or broken file is the caller's mistake, said before any server
// starts.
func loadSides(ctx context.Context, oldSide, newSide DiffSide) (old, new *snapshot.Snapshot, err error) {
	sides := []DiffSide{oldSide, newSide}
	snaps := make([]*snapshot.Snapshot, 2)
	for _, live := range []bool{false, true} {
		for i, side := range sides {
			if (side.File == "") != live {
				continue
			}
			if snaps[i], err = side.load(ctx); err != nil {
				return nil, nil, err
			}
		}
	}
	return snaps[0], snaps[1], nil
}

// load reads the side's snapshot from its file or its server.
func (s DiffSide) load(ctx context.Context) (*snapshot.Snapshot, error) {
	if s.File == "" {
		return takeScrubbed(ctx, s.Live)
	}
	b, err := os.ReadFile(s.File)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &SnapshotFileError{Path: s.File, Err: err}
	}
	snap, err := snapshot.Parse(b)
	if err != nil {
		return nil, &SnapshotFileError{Path: s.File, Err: err}
	}
	return snap, nil
}

// takeScrubbed snapshots a live server as `toolbench snapshot` writes it,
// the target's secrets replaced by their $NAMEs: so that it compares
// equal with a file taken from the same server, and the report shows no
// secret.
func takeScrubbed(ctx context.Context, live Live) (*snapshot.Snapshot, error) {
	snap, err := takeSnapshot(ctx, live)
	if err != nil {
		return nil, err
	}
	b, err := snap.Encode()
	if err != nil {
		return nil, err
	}
	b, ok := live.Secrets().ScrubJSON(b)
	if !ok {
		return nil, fmt.Errorf("snapshot: %w", ErrSecretOutsideString)
	}
	return snapshot.Parse(b)
}

// label names the side in the report's heading.
func (s DiffSide) label(snap *snapshot.Snapshot) string {
	who := snap.Server.Name
	if snap.Server.Version != "" {
		who += " " + snap.Server.Version
	}
	if s.File == "" {
		return string(s.Live.Secrets().ScrubText(fmt.Appendf(nil, "%s (live: %s)", s.Live.Target(), who)))
	}
	if who == "" {
		return s.File
	}
	return fmt.Sprintf("%s (%s)", s.File, who)
}

const exampleDiff = `  # Two snapshots, or a snapshot and the live server
  toolbench diff before.json after.json
  toolbench diff before.json -- npx -y @modelcontextprotocol/server-everything
  toolbench diff --fail-on breaking before.json http://127.0.0.1:3001/mcp
  toolbench diff --json github.json github`
