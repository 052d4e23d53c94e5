package beyond

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
)

// PromptsOptions are what `toolbench prompts` runs with.
type PromptsOptions struct {
	// Live is the server the TARGET names, dialed when the command runs;
	// its streams are the command's.
	reach.Live
	// JSON prints the prompts exactly as the server sent them.
	JSON bool
}

// NewCmdPrompts is `toolbench prompts`, which takes its TARGET as every
// command does (reach.TargetFlags). runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdPrompts(f *reach.Factory, runF func(*PromptsOptions) error) *cobra.Command {
	opts := &PromptsOptions{}
	cmd := &cobra.Command{
		Use:   "prompts [flags] TARGET",
		Short: "List the server's prompts",
		Long: `List the server's prompts: name, title and arguments (* marks required
ones), every page followed. With --json, print {"prompts": [...]} with
every prompt exactly as the server sent it. 'toolbench prompt NAME TARGET'
gets one.`,
	}
	cmd.Example = examplePrompts
	cmd.RunE = runOnTarget(reach.NewTargetFlags(f, cmd), &opts.Live, opts, runF, promptsRun)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the prompts exactly as the server sent them")
	return cmd
}

func promptsRun(ctx context.Context, opts *PromptsOptions) error {
	s, err := opts.Live.Dial(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	var prompts []client.Prompt
	offered := s.Offers("prompts")
	if offered {
		if prompts, err = s.ListPrompts(ctx); err != nil {
			return err
		}
	}
	if opts.JSON {
		raws := make([]json.RawMessage, len(prompts))
		for i, p := range prompts {
			raws[i] = p.Raw
		}
		return iostreams.WriteJSON(opts.IO.Out, map[string]any{"prompts": raws})
	}
	if !offered {
		fmt.Fprintln(opts.IO.Out, "The server offers no prompts (its capabilities have no \"prompts\").")
		return nil
	}
	safe := iostreams.TextFor(opts.IO)
	tb := iostreams.NewTable(iostreams.Keep("NAME"), iostreams.Optional("TITLE", 10), iostreams.Shorten("ARGUMENTS", 15))
	for _, p := range prompts {
		tb.Row(safe(p.Name), safe(iostreams.OrDash(p.Title)), safe(ArgumentList(p.Arguments)))
	}
	tb.Write(opts.IO)
	fmt.Fprintf(opts.IO.Out, "\n%s. * required.\n", plural.Count(len(prompts), "prompt"))
	return nil
}

// ArgumentList names a prompt's arguments, marking required ones, as
// the listing shows them and as `toolbench prompt` names them in a refusal.
func ArgumentList(args []client.PromptArgument) string {
	if len(args) == 0 {
		return "-"
	}
	names := make([]string, len(args))
	for i, a := range args {
		names[i] = a.Name
		if a.Required {
			names[i] += "*"
		}
	}
	return strings.Join(names, ", ")
}

const examplePrompts = `  toolbench prompts -- npx -y @modelcontextprotocol/server-everything
  toolbench prompts http://127.0.0.1:3001/mcp
  toolbench prompts --json github`
