package memory

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/snapshot"
)

// ErrSecretOutsideString is a secret value found where JSON has no
// string (a number, say): "$NAME" cannot stand in for it, so what holds it
// is not written at all.
var ErrSecretOutsideString = errors.New("a secret value in it is not inside a JSON string, so it cannot be written as $NAME; nothing was saved")

// SnapshotOptions are what `toolbench snapshot` runs with.
type SnapshotOptions struct {
	IO *iostreams.Streams
	// Live is the server the TARGET names.
	Live Live
	// Output is the file to write; "" writes stdout.
	Output string
}

// NewCmdSnapshot is `toolbench snapshot`: bind gives it the TARGET as
// every command takes one. runF, when a test gives one, gets the parsed
// options instead of the command running.
func NewCmdSnapshot(io *iostreams.Streams, bind func(*cobra.Command) TargetFlags, runF func(*SnapshotOptions) error) *cobra.Command {
	opts := &SnapshotOptions{IO: io}
	var tf TargetFlags
	cmd := &cobra.Command{
		Use:   "snapshot [flags] TARGET",
		Short: "Record the server's interface in a file, for 'toolbench diff'",
		Long: `Record the server's interface: its tools exactly as sent (the bytes
'tools --json' prints, in the server's order), its resources, resource
templates and prompts when it offers them, and its name, version and
protocol version. Writes stdout, or the file -o names (replacing it).
Secret values the target carries (-e values, tokens in headers or the URL)
are written as $NAME wherever a server echoes them.
Compare two snapshots, or one with a live server, with 'toolbench diff'.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			live, err := tf.Reach(args)
			if err != nil {
				return err
			}
			opts.Live = live
			if runF != nil {
				return runF(opts)
			}
			return snapshotRun(cmd.Context(), opts)
		},
	}
	cmd.Example = exampleSnapshot
	tf = bind(cmd)
	cmd.Flags().StringVarP(&opts.Output, "output", "o", "", "write the snapshot to this `file` instead of stdout")
	return cmd
}

func snapshotRun(ctx context.Context, opts *SnapshotOptions) error {
	snap, err := takeSnapshot(ctx, opts.Live)
	if err != nil {
		return err
	}
	b, err := snap.Encode()
	if err != nil {
		return err
	}
	b, ok := opts.Live.Secrets().ScrubJSON(b)
	if !ok {
		return fmt.Errorf("snapshot: %w", ErrSecretOutsideString)
	}
	if opts.Output == "" {
		_, err := opts.IO.Out.Write(termsafe.JSON(b))
		return err
	}
	// The person's own file, regenerated at will: 0644 like any other
	// output, and secrets were scrubbed above.
	if err := os.WriteFile(opts.Output, b, 0o644); err != nil {
		return usage.Errorf("snapshot: write %s: %v", opts.Output, err)
	}
	fmt.Fprintf(opts.IO.Err, "toolbench: wrote %s to %s\n", termsafe.Line(snapshotSummary(snap)), opts.Output)
	return nil
}

// takeSnapshot connects and lists everything the server offers.
func takeSnapshot(ctx context.Context, live Live) (*snapshot.Snapshot, error) {
	s, tools, err := live.Tools(ctx)
	if err != nil {
		return nil, err
	}
	defer s.Close()
	info := s.Info()
	snap := &snapshot.Snapshot{Format: snapshot.Format, Taken: time.Now().UTC(),
		Server:          snapshot.ServerInfo{Name: info.Name, Title: info.Title, Version: info.Version},
		ProtocolVersion: info.ProtocolVersion}
	raws := make([]json.RawMessage, len(tools))
	for i, t := range tools {
		raws[i] = t.Raw
	}
	snap.Tools = rawArray(raws)
	if s.Offers("resources") {
		res, err := s.ListResources(ctx)
		if err != nil {
			return nil, fmt.Errorf("snapshot resources: %w", err)
		}
		raws = raws[:0]
		for _, x := range res {
			raws = append(raws, x.Raw)
		}
		snap.Resources = rawArray(raws)
		tmpls, err := s.ListResourceTemplates(ctx)
		if err != nil && !MethodNotFound(err) {
			return nil, fmt.Errorf("snapshot resource templates: %w", err)
		}
		raws = raws[:0]
		for _, x := range tmpls {
			raws = append(raws, x.Raw)
		}
		snap.ResourceTemplates = rawArray(raws)
	}
	if s.Offers("prompts") {
		prompts, err := s.ListPrompts(ctx)
		if err != nil {
			return nil, fmt.Errorf("snapshot prompts: %w", err)
		}
		raws = raws[:0]
		for _, x := range prompts {
			raws = append(raws, x.Raw)
		}
		snap.Prompts = rawArray(raws)
	}
	return snap, nil
}

// rawArray joins items into a JSON array, each as sent.
func rawArray(items []json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('[')
	for i, x := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(x)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// snapshotSummary says what a snapshot holds: "the snapshot of srv 1.2
// (12 tools, 3 prompts)".
func snapshotSummary(s *snapshot.Snapshot) string {
	count := func(raw json.RawMessage) int {
		var items []json.RawMessage
		_ = json.Unmarshal(raw, &items) // written by takeSnapshot: an array
		return len(items)
	}
	what := plural.Count(count(s.Tools), "tool")
	for _, sec := range []struct {
		raw  json.RawMessage
		noun string
	}{{s.Resources, "resource"}, {s.ResourceTemplates, "resource template"}, {s.Prompts, "prompt"}} {
		if sec.raw != nil {
			what += ", " + plural.Count(count(sec.raw), sec.noun)
		}
	}
	name := s.Server.Name
	if s.Server.Version != "" {
		name += " " + s.Server.Version
	}
	return fmt.Sprintf("the snapshot of %s (%s)", name, what)
}

const exampleSnapshot = `  toolbench snapshot -- npx -y @modelcontextprotocol/server-everything > before.json
  toolbench snapshot -o before.json http://127.0.0.1:3001/mcp
  toolbench snapshot -o github.json github`

// MethodNotFound reports a JSON-RPC "method not found" answer: a server
// with resources but no templates may answer resources/templates/list so.
func MethodNotFound(err error) bool {
	var rpc *client.RPCError
	return errors.As(err, &rpc) && rpc.Code == -32601
}
