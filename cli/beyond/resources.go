package beyond

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
)

// ResourcesOptions are what `toolbench resources` runs with.
type ResourcesOptions struct {
	// Live is the server the TARGET names, dialed when the command runs;
	// its streams are the command's.
	reach.Live
	// JSON prints the resources and templates exactly as the server sent them.
	JSON bool
}

// NewCmdResources is `toolbench resources`, which takes its TARGET as every
// command does (reach.TargetFlags). runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdResources(f *reach.Factory, runF func(*ResourcesOptions) error) *cobra.Command {
	opts := &ResourcesOptions{}
	cmd := &cobra.Command{
		Use:   "resources [flags] TARGET",
		Short: "List the server's resources and resource templates",
		Long: `List the server's resources (URI, name, MIME type, size) and resource
templates (RFC 6570 URI templates), every page followed. With --json,
print {"resources": [...], "resourceTemplates": [...]} with every item
exactly as the server sent it. 'toolbench read URI TARGET' reads one.`,
	}
	cmd.Example = exampleResources
	cmd.RunE = runOnTarget(reach.NewTargetFlags(f, cmd), &opts.Live, opts, runF, resourcesRun)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the resources and templates exactly as the server sent them")
	return cmd
}

func resourcesRun(ctx context.Context, opts *ResourcesOptions) error {
	s, err := opts.Live.Dial(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	offered := s.Offers("resources")
	var res []client.Resource
	var tmpls []client.ResourceTemplate
	if offered {
		if res, err = s.ListResources(ctx); err != nil {
			return err
		}
		if tmpls, err = s.ListResourceTemplates(ctx); err != nil && !memory.MethodNotFound(err) {
			return err
		}
	}
	if opts.JSON {
		out := map[string][]json.RawMessage{"resources": {}, "resourceTemplates": {}}
		for _, r := range res {
			out["resources"] = append(out["resources"], r.Raw)
		}
		for _, t := range tmpls {
			out["resourceTemplates"] = append(out["resourceTemplates"], t.Raw)
		}
		return iostreams.WriteJSON(opts.IO.Out, out)
	}
	if !offered {
		fmt.Fprintln(opts.IO.Out, "The server offers no resources (its capabilities have no \"resources\").")
		return nil
	}
	printResources(opts.IO, res, tmpls)
	return nil
}

func printResources(st *iostreams.Streams, res []client.Resource, tmpls []client.ResourceTemplate) {
	safe := iostreams.TextFor(st)
	tb := iostreams.NewTable(iostreams.Keep("URI"), iostreams.Shorten("NAME", 10), iostreams.Optional("MIME", 10), iostreams.Keep("SIZE"))
	for _, r := range res {
		size := "-"
		if r.Size != nil {
			size = iostreams.HumanBytes(int(*r.Size))
		}
		tb.Row(safe(r.URI), safe(iostreams.OrDash(r.Name)), safe(iostreams.OrDash(r.MIMEType)), size)
	}
	tb.Write(st)
	fmt.Fprintf(st.Out, "\n%s.\n", plural.Count(len(res), "resource"))
	if len(tmpls) == 0 {
		return
	}
	fmt.Fprintln(st.Out)
	tb = iostreams.NewTable(iostreams.Keep("TEMPLATE"), iostreams.Shorten("NAME", 10), iostreams.Optional("MIME", 10))
	for _, t := range tmpls {
		tb.Row(safe(t.URITemplate), safe(iostreams.OrDash(t.Name)), safe(iostreams.OrDash(t.MIMEType)))
	}
	tb.Write(st)
	fmt.Fprintf(st.Out, "\n%s. Fill one with 'toolbench read TEMPLATE --var NAME=VALUE ... TARGET'.\n", plural.Count(len(tmpls), "template"))
}

const exampleResources = `  toolbench resources -- npx -y @modelcontextprotocol/server-everything
  toolbench resources http://127.0.0.1:3001/mcp
  toolbench resources --json github`
