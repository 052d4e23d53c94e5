package memory

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/target"
)

// UnknownPreset is the usage error for a preset the tool does not have
// on the server of key: it says, after what named the preset, which presets the
// tool has on this server.
func UnknownPreset(store *history.Store, key, tool, what string) error {
	there, err := store.Presets.List(key, tool)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if len(there) == 0 {
		return usage.Errorf("%s: the tool %q of this server has no presets; save one with 'toolbench call %s --save-preset NAME TARGET'", what, tool, tool)
	}
	names := make([]string, len(there))
	for i, p := range there {
		names[i] = p.Name
	}
	return usage.Errorf("%s: the tool %q of this server has no such preset; it has %s", what, tool, strings.Join(quoted(names), ", "))
}

// PresetsOptions are what `toolbench presets` runs with.
type PresetsOptions struct {
	IO     *iostreams.Streams
	Store  func() (*history.Store, error)
	Server string
	Tool   string
	JSON   bool
}

// NewCmdPresets is `toolbench presets` and its `rm`, writing to io and
// reading the store opened by store; bind gives rm its TARGET. runF, when
// a test gives one, gets the parsed options instead of the list running.
func NewCmdPresets(io *iostreams.Streams, store func() (*history.Store, error), bind func(*cobra.Command) TargetFlags,
	runF func(*PresetsOptions) error) *cobra.Command {
	opts := &PresetsOptions{IO: io, Store: store}
	cmd := &cobra.Command{
		Use:   "presets [--server S] [--tool T] [--json]",
		Short: "List the arguments saved as presets (call --save-preset)",
		Long: `List the presets saved with 'toolbench call TOOL --save-preset NAME TARGET',
by server and tool. --server keeps the servers whose config name, target or
reported name contains S; --tool keeps one tool's. Secret values are stored
as $NAME and filled from the target's -e, headers and URL when a preset is
used with --preset.`,
		Args: usage.NoArgs("--server S and --tool T pick the presets; 'presets rm NAME --tool T TARGET' deletes one"),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(opts)
			}
			return presetsRun(opts)
		},
	}
	cmd.Example = examplePresets
	fs := cmd.Flags()
	fs.StringVar(&opts.Server, "server", "", "only the presets of servers matching `S`")
	fs.StringVar(&opts.Tool, "tool", "", "only the presets of tool `T`")
	fs.BoolVar(&opts.JSON, "json", false, "print the presets as stored, as a JSON array")
	cmd.AddCommand(NewCmdPresetsRm(io, store, bind, nil))
	return cmd
}

func presetsRun(o *PresetsOptions) error {
	store, err := o.Store()
	if err != nil {
		return err
	}
	all, err := store.Presets.List("", o.Tool)
	if err != nil {
		return err
	}
	var picked []history.Preset
	for _, p := range all {
		if p.Server.Matches(o.Server) {
			picked = append(picked, p)
		}
	}
	if o.JSON {
		if picked == nil {
			picked = []history.Preset{}
		}
		return iostreams.WriteJSON(o.IO.Out, picked)
	}
	printPresets(o.IO, picked)
	return nil
}

// printPresets is the presets as a table: name, server, tool, arguments.
func printPresets(st *iostreams.Streams, presets []history.Preset) {
	if len(presets) == 0 {
		fmt.Fprintln(st.Out, "No presets. Save one with: toolbench call TOOL --save-preset NAME TARGET")
		return
	}
	safe := iostreams.TextFor(st)
	tb := iostreams.NewTable(iostreams.Keep("NAME"), iostreams.Shorten("SERVER", 12), iostreams.Keep("TOOL"), iostreams.Optional("ARGUMENTS", 10), iostreams.Optional("SAVED", 16))
	for _, p := range presets {
		tb.Row(safe(p.Name), safe(iostreams.Cut(ServerWords(p.Server), 30)), safe(p.Tool), safe(iostreams.Cut(string(p.Arguments), 50)),
			p.Saved.Local().Format("2006-01-02 15:04"))
	}
	tb.Write(st)
}

// PresetsRmOptions are what `toolbench presets rm` runs with.
type PresetsRmOptions struct {
	IO     *iostreams.Streams
	Store  func() (*history.Store, error)
	Name   string
	Tool   string
	Target target.Target
}

// NewCmdPresetsRm is `toolbench presets rm`: bind adds the flags that
// name a server, as every command has them, and reads the TARGET.
func NewCmdPresetsRm(io *iostreams.Streams, store func() (*history.Store, error), bind func(*cobra.Command) TargetFlags,
	runF func(*PresetsRmOptions) error) *cobra.Command {
	opts := &PresetsRmOptions{IO: io, Store: store}
	var tf TargetFlags
	cmd := &cobra.Command{
		Use:   "rm NAME --tool T [flags] TARGET",
		Short: "Delete a preset of a server's tool",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 || args[0] == "--" {
				return usage.Errorf("presets rm needs the preset's NAME: toolbench presets rm NAME --tool T TARGET")
			}
			rest, err := tf.Parse(args[1:])
			if err != nil {
				return err
			}
			if opts.Tool == "" {
				return usage.Errorf("presets rm needs --tool T: a preset belongs to one tool")
			}
			live, err := tf.Reach(rest)
			if err != nil {
				return err
			}
			opts.Name, opts.Target = args[0], live.Target()
			if runF != nil {
				return runF(opts)
			}
			return presetsRmRun(opts)
		},
	}
	cmd.Example = examplePresetsRm
	tf = bind(cmd)
	cmd.Flags().StringVar(&opts.Tool, "tool", "", "the `tool` the preset belongs to")
	return cmd
}

func presetsRmRun(o *PresetsRmOptions) error {
	store, err := o.Store()
	if err != nil {
		return err
	}
	key := history.ServerOf(o.Target).Key
	gone, err := store.Presets.Delete(key, o.Tool, o.Name)
	if err != nil {
		return err
	}
	if !gone {
		return UnknownPreset(store, key, o.Tool, fmt.Sprintf("presets rm %q", o.Name))
	}
	fmt.Fprintf(o.IO.Out, "Deleted preset %q of %s.\n", o.Name, iostreams.TextFor(o.IO)(o.Tool))
	return nil
}

// quoted is each of ss in Go quotes, for a sentence listing names.
func quoted(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = strconv.Quote(s)
	}
	return out
}

const examplePresets = `  # Saved with 'toolbench call ... --save-preset NAME', used with --preset NAME
  toolbench presets
  toolbench presets --server github --tool search_repositories --json`

const examplePresetsRm = `  toolbench presets rm usual --tool echo -- npx -y @modelcontextprotocol/server-everything
  toolbench presets rm usual --tool echo http://127.0.0.1:3001/mcp
  toolbench presets rm usual --tool search_repositories github`
