package root

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

// diffOptions are what `toolbench diff` runs with.
type diffOptions struct {
	IO       *streams
	Old, New diffSide
	JSON     bool
	// FailOn is "", "breaking" or "any": the changes that fail the run.
	FailOn string
}

// diffSide is one side of a diff: a snapshot file, or a live server.
type diffSide struct {
	// File is the snapshot file; "" for a live server.
	File string
	// Live reaches the server when File is "".
	Live reach
}

// snapshotFileError is a diff side that names a file toolbench cannot
// read as a snapshot.
type snapshotFileError struct {
	Path string
	Err  error
}

// Error names the file and what is wrong with it.
func (e *snapshotFileError) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *snapshotFileError) Unwrap() error { return e.Err }

func newCmdDiff(f *factory, runF func(*diffOptions) error) *cobra.Command {
	opts := &diffOptions{IO: f.IO}
	var conn connFlags
	cmd := targetCommand(&cobra.Command{
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
			err := parseDiffArgs(cmd.Flags(), args, func(live []string) (reach, error) {
				var r reach
				err := conn.bind(f, &r, live)
				return r, err
			}, opts)
			if errors.Is(err, pflag.ErrHelp) {
				return cmd.Help()
			}
			if err != nil {
				return err
			}
			if opts.FailOn != "" && opts.FailOn != "breaking" && opts.FailOn != "any" {
				return usage.Errorf("--fail-on %q: want breaking or any", opts.FailOn)
			}
			return runWith(cmd.Context(), opts, runF, diffRun)
		},
	})
	cmd.Example = exampleDiff
	conn.addFlags(cmd.Flags())
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the report as JSON")
	cmd.Flags().StringVar(&opts.FailOn, "fail-on", "", "exit 1 when a change meets this threshold: `breaking` or any")
	return cmd
}

// parseDiffArgs splits the words into OLD and NEW (see the command's
// help), reading flags between and after them; bind reaches a live side.
func parseDiffArgs(fs *pflag.FlagSet, args []string, bind func([]string) (reach, error), opts *diffOptions) error {
	const needs = "diff needs OLD and NEW: toolbench diff OLD NEW, each a snapshot file or a live target"
	if len(args) == 0 || args[0] == "--" {
		return usage.Errorf("%s", needs)
	}
	rest, err := reparse(fs, args[1:])
	if err != nil {
		return err
	}
	if help, _ := fs.GetBool("help"); help {
		// cobra defines --help, so pflag sets it rather than failing.
		return pflag.ErrHelp
	}
	if len(rest) == 0 {
		return usage.Errorf("%s", needs)
	}
	// After --, a word is a server even where no file of that name is.
	dash := args[len(args)-len(rest)-1] == "--"
	if isFile(rest[0]) || len(rest) == 1 && (meansFile(rest[0]) || !dash && missingPath(rest[0])) {
		after, err := reparse(fs, rest[1:])
		if err != nil {
			return err
		}
		if help, _ := fs.GetBool("help"); help {
			return pflag.ErrHelp
		}
		if len(after) > 0 {
			return usage.Errorf("diff: %q after the NEW file %s: a side is one file or one target", after[0], rest[0])
		}
		opts.New = diffSide{File: rest[0]}
	} else {
		live, err := bind(rest)
		if err != nil {
			return err
		}
		opts.New = diffSide{Live: live}
	}
	if isFile(args[0]) || meansFile(args[0]) || missingPath(args[0]) {
		opts.Old = diffSide{File: args[0]}
		return nil
	}
	live, err := bind(args[:1])
	if err != nil {
		return err
	}
	opts.Old = diffSide{Live: live}
	return nil
}

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

func diffRun(ctx context.Context, opts *diffOptions) error {
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
		return errDiffThreshold
	}
	return nil
}

// loadSides reads the snapshot files before it reaches a live side: a
// missing or broken file is the caller's mistake, said before any server
// starts.
func loadSides(ctx context.Context, oldSide, newSide diffSide) (old, new *snapshot.Snapshot, err error) {
	sides := []diffSide{oldSide, newSide}
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
func (s diffSide) load(ctx context.Context) (*snapshot.Snapshot, error) {
	if s.File == "" {
		return takeScrubbed(ctx, &s.Live)
	}
	b, err := os.ReadFile(s.File)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &snapshotFileError{Path: s.File, Err: err}
	}
	snap, err := snapshot.Parse(b)
	if err != nil {
		return nil, &snapshotFileError{Path: s.File, Err: err}
	}
	return snap, nil
}

// takeScrubbed snapshots a live server as `toolbench snapshot` writes it,
// the target's secrets replaced by their $NAMEs: so that it compares
// equal with a file taken from the same server, and the report shows no
// secret.
func takeScrubbed(ctx context.Context, r *reach) (*snapshot.Snapshot, error) {
	snap, err := takeSnapshot(ctx, r)
	if err != nil {
		return nil, err
	}
	b, err := snap.Encode()
	if err != nil {
		return nil, err
	}
	b, ok := r.Server.Secrets.ScrubJSON(b)
	if !ok {
		return nil, fmt.Errorf("snapshot: %w", errSecretOutsideString)
	}
	return snapshot.Parse(b)
}

// label names the side in the report's heading.
func (s diffSide) label(snap *snapshot.Snapshot) string {
	who := snap.Server.Name
	if snap.Server.Version != "" {
		who += " " + snap.Server.Version
	}
	if s.File == "" {
		return string(s.Live.Server.Secrets.ScrubText(fmt.Appendf(nil, "%s (live: %s)", s.Live.Server.Target, who)))
	}
	if who == "" {
		return s.File
	}
	return fmt.Sprintf("%s (%s)", s.File, who)
}
