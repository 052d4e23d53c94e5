package inspect

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/schemaform"
)

// InfoOptions are what `toolbench info` runs with, filled by its flags.
type InfoOptions struct {
	reach.Live
	// JSON prints what the server said about itself as JSON.
	JSON bool
}

// NewCmdInfo is `toolbench info`. runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdInfo(f *reach.Factory, runF func(*InfoOptions) error) *cobra.Command {
	opts := &InfoOptions{Live: reach.Live{IO: f.IO, Connect: f.Connect}}
	var conn reach.ConnFlags
	cmd := reach.TargetCommand(&cobra.Command{
		Use:   "info [flags] TARGET",
		Short: "Show the server's name, version, protocol version, capabilities and instructions",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := conn.Bind(f, &opts.Live, args); err != nil {
				return err
			}
			return reach.RunWith(cmd.Context(), opts, runF, infoRun)
		},
	})
	cmd.Example = exampleInfo
	conn.AddFlags(cmd.Flags())
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print JSON")
	return cmd
}

func infoRun(ctx context.Context, opts *InfoOptions) error {
	s, err := opts.Dial(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	if opts.JSON {
		return iostreams.WriteJSON(opts.IO.Out, infoJSON(s))
	}
	printInfo(opts.IO, s, opts.Verbose)
	return nil
}

func infoJSON(s *client.Session) any {
	info := s.Info()
	return map[string]any{
		"transport":        s.Transport(),
		"protocolVersion":  info.ProtocolVersion,
		"era":              info.Era,
		"eraDecided":       info.Decided,
		"serverInfo":       map[string]string{"name": info.Name, "title": info.Title, "version": info.Version},
		"capabilities":     orEmpty(info.Capabilities),
		"instructions":     info.Instructions,
		"initializeResult": orEmpty(info.Raw),
	}
}

// printInfo prints what the server said about itself; verbose adds how
// the protocol era was decided.
func printInfo(st *iostreams.Streams, s *client.Session, verbose bool) {
	info := s.Info()
	safe := iostreams.TextFor(st)
	name := safe(info.Name + " " + info.Version)
	if info.Title != "" {
		name += " (" + safe(info.Title) + ")"
	}
	fmt.Fprintf(st.Out, "server        %s\n", name)
	fmt.Fprintf(st.Out, "protocol      %s (%s era)\n", safe(info.ProtocolVersion), info.Era)
	if verbose {
		fmt.Fprintf(st.Out, "decided       %s\n", safe(info.Decided))
	}
	fmt.Fprintf(st.Out, "transport     %s\n", s.Transport())
	fmt.Fprintf(st.Out, "capabilities  %s\n", safe(describeCapabilities(info.Capabilities)))
	if info.Instructions != "" {
		fmt.Fprintln(st.Out, "instructions")
		for _, line := range strings.Split(strings.TrimRight(info.Instructions, "\n"), "\n") {
			fmt.Fprintf(st.Out, "  %s\n", safe(line))
		}
	}
}

// describeCapabilities renders {"tools":{"listChanged":true},"logging":{}}
// as "tools (listChanged), logging", in the server's order.
func describeCapabilities(raw json.RawMessage) string {
	keys, err := schemaform.ObjectKeys(raw)
	if err != nil || len(keys) == 0 {
		return "none"
	}
	var caps map[string]json.RawMessage
	_ = json.Unmarshal(raw, &caps)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		var flags map[string]any
		_ = json.Unmarshal(caps[k], &flags)
		var on []string
		flagNames, _ := schemaform.ObjectKeys(caps[k])
		for _, f := range flagNames {
			if v, ok := flags[f].(bool); !ok || v {
				on = append(on, f)
			}
		}
		if len(on) > 0 {
			k += " (" + strings.Join(on, ", ") + ")"
		}
		parts = append(parts, k)
	}
	return strings.Join(parts, ", ")
}

func orEmpty(r json.RawMessage) json.RawMessage {
	if len(r) == 0 {
		return json.RawMessage("{}")
	}
	return r
}
