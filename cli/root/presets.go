package root

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/history"
	"github.com/toolbench/toolbench/schemaform"
	"github.com/toolbench/toolbench/target"
)

// base is the object the call's arguments start from: the --preset's
// arguments, with the --args or --args-file object's keys on top.
func (m *callMemory) base(srv server, tool string, given []byte) ([]byte, error) {
	if m.Preset == "" {
		return given, nil
	}
	store, err := m.Store()
	if err != nil {
		return nil, fmt.Errorf("--preset %s: %w", m.Preset, err)
	}
	key := history.ServerOf(srv.Target).Key
	p, ok, err := store.Presets.Get(key, tool, m.Preset)
	if err != nil {
		return nil, fmt.Errorf("--preset %s: %w", m.Preset, err)
	}
	if !ok {
		return nil, unknownPreset(store, key, tool, fmt.Sprintf("--preset %q", m.Preset))
	}
	args := srv.Secrets.Fill(p.Arguments)
	if given == nil {
		return args, nil
	}
	return overlay(args, given)
}

// unknownPreset says, after what named the preset, which presets the
// tool has on this server.
func unknownPreset(store *history.Store, key, tool, what string) error {
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
	return usage.Errorf("%s: the tool %q of this server has no such preset; it has %s", what, tool, strings.Join(quoteAll(names), ", "))
}

// overlay is the object under with the keys of over set on top, in
// under's order and then over's new keys.
func overlay(under, over []byte) ([]byte, error) {
	keys, err := schemaform.ObjectKeys(under)
	if err != nil {
		return nil, fmt.Errorf("preset arguments: %w", err)
	}
	overKeys, err := schemaform.ObjectKeys(over)
	if err != nil {
		return nil, fmt.Errorf("arguments: %w", err)
	}
	values := map[string]json.RawMessage{}
	if err := json.Unmarshal(under, &values); err != nil {
		return nil, fmt.Errorf("preset arguments: %w", err)
	}
	if err := json.Unmarshal(over, &values); err != nil {
		return nil, fmt.Errorf("arguments: %w", err)
	}
	seen := map[string]bool{}
	var b bytes.Buffer
	b.WriteByte('{')
	for _, k := range append(keys, overKeys...) {
		if seen[k] {
			continue
		}
		if len(seen) > 0 {
			b.WriteByte(',')
		}
		seen[k] = true
		name, _ := json.Marshal(k)
		b.Write(name)
		b.WriteByte(':')
		b.Write(values[k])
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// presetsOptions are what `toolbench presets` runs with.
type presetsOptions struct {
	IO     *streams
	Store  func() (*history.Store, error)
	Server string
	Tool   string
	JSON   bool
}

func newCmdPresets(f *factory, runF func(*presetsOptions) error) *cobra.Command {
	opts := &presetsOptions{IO: f.IO, Store: f.History}
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
			return runWith(cmd.Context(), opts, runF, presetsRun)
		},
	}
	cmd.Example = examplePresets
	fs := cmd.Flags()
	fs.StringVar(&opts.Server, "server", "", "only the presets of servers matching `S`")
	fs.StringVar(&opts.Tool, "tool", "", "only the presets of tool `T`")
	fs.BoolVar(&opts.JSON, "json", false, "print the presets as stored, as a JSON array")
	cmd.AddCommand(newCmdPresetsRm(f, nil))
	return cmd
}

func presetsRun(_ context.Context, o *presetsOptions) error {
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
func printPresets(st *streams, presets []history.Preset) {
	if len(presets) == 0 {
		fmt.Fprintln(st.Out, "No presets. Save one with: toolbench call TOOL --save-preset NAME TARGET")
		return
	}
	safe := iostreams.TextFor(st)
	tb := iostreams.NewTable(iostreams.Keep("NAME"), iostreams.Shorten("SERVER", 12), iostreams.Keep("TOOL"), iostreams.Optional("ARGUMENTS", 10), iostreams.Optional("SAVED", 16))
	for _, p := range presets {
		tb.Row(safe(p.Name), safe(iostreams.Cut(memory.ServerWords(p.Server), 30)), safe(p.Tool), safe(iostreams.Cut(string(p.Arguments), 50)),
			p.Saved.Local().Format("2006-01-02 15:04"))
	}
	tb.Write(st)
}

// presetsRmOptions are what `toolbench presets rm` runs with.
type presetsRmOptions struct {
	IO     *streams
	Store  func() (*history.Store, error)
	Name   string
	Tool   string
	Target target.Target
}

func newCmdPresetsRm(f *factory, runF func(*presetsRmOptions) error) *cobra.Command {
	opts := &presetsRmOptions{IO: f.IO, Store: f.History}
	var conn connFlags
	cmd := targetCommand(&cobra.Command{
		Use:   "rm NAME --tool T [flags] TARGET",
		Short: "Delete a preset of a server's tool",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 || args[0] == "--" {
				return usage.Errorf("presets rm needs the preset's NAME: toolbench presets rm NAME --tool T TARGET")
			}
			rest, err := reparse(cmd.Flags(), args[1:])
			if err != nil {
				return err
			}
			if opts.Tool == "" {
				return usage.Errorf("presets rm needs --tool T: a preset belongs to one tool")
			}
			srv, err := conn.resolve(f, rest)
			if err != nil {
				return err
			}
			opts.Name, opts.Target = args[0], srv.Target
			return runWith(cmd.Context(), opts, runF, presetsRmRun)
		},
	})
	cmd.Example = examplePresetsRm
	conn.addFlags(cmd.Flags())
	cmd.Flags().StringVar(&opts.Tool, "tool", "", "the `tool` the preset belongs to")
	return cmd
}

func presetsRmRun(_ context.Context, o *presetsRmOptions) error {
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
		return unknownPreset(store, key, o.Tool, fmt.Sprintf("presets rm %q", o.Name))
	}
	fmt.Fprintf(o.IO.Out, "Deleted preset %q of %s.\n", o.Name, iostreams.TextFor(o.IO)(o.Tool))
	return nil
}
