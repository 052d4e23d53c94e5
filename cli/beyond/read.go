package beyond

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
)

// ReadOptions are what `toolbench read` runs with.
type ReadOptions struct {
	reach.Live
	// URI is the resource to read, or a template filled from Vars.
	URI string
	// Vars are the --var values of a template's variables.
	Vars map[string]string
	// JSON prints the ReadResourceResult exactly as the server sent it.
	JSON bool
	// Out is the file the content goes to, decoded; "" for stdout.
	Out string

	vars []string
}

// NewCmdRead is `toolbench read`: one resource, or a template filled,
// from the server the TARGET names. runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdRead(f *reach.Factory, runF func(*ReadOptions) error) *cobra.Command {
	opts := &ReadOptions{Live: reach.Live{IO: f.IO, Connect: f.Connect}}
	var conn reach.ConnFlags
	cmd := reach.TargetCommand(&cobra.Command{
		Use:   "read URI [flags] TARGET",
		Short: "Read a resource",
		Long: `Read the resource at URI and print its text on stdout. URI may be a
resource template filled with --var NAME=VALUE for each of its variables.
A blob is written decoded with --out FILE (made 0644 unless it exists), or
to stdout when stdout is not a terminal. With --json, print the
ReadResourceResult exactly as the server sent it. A server may ask for
input first (2026-07-28): --elicit and --sample say how to answer.`,
		RunE: leadingArgCommand("read", "URI", func(cmd *cobra.Command, uri string, target []string) error {
			vars, err := parsePairs("var", opts.vars)
			if err != nil {
				return err
			}
			if err := conn.Bind(f, &opts.Live, target); err != nil {
				return err
			}
			opts.URI, opts.Vars = uri, vars
			return reach.RunWith(cmd.Context(), opts, runF, readRun)
		}),
	})
	cmd.Example = exampleRead
	conn.AddFlags(cmd.Flags())
	fs := cmd.Flags()
	fs.StringArrayVar(&opts.vars, "var", nil, "fill the template variable `NAME=VALUE` (repeatable)")
	fs.BoolVar(&opts.JSON, "json", false, "print the ReadResourceResult exactly as the server sent it")
	fs.StringVarP(&opts.Out, "out", "o", "", "write the content, decoded, to `FILE`")
	conn.AddAskPolicies(fs, "", "")
	return cmd
}

func readRun(ctx context.Context, o *ReadOptions) error {
	uri, err := o.expand()
	if err != nil {
		return err
	}
	log := &answer.Log{}
	live := o.Live
	live.Server.Options.Answer = o.Asks.Answerer(o.IO, o.Server, nil, log)
	s, err := live.Dial(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	res, err := s.ReadResource(ctx, uri)
	if err := unansweredOr("read "+uri, err, log); err != nil {
		return err
	}
	switch {
	case o.JSON:
		return iostreams.WriteJSON(o.IO.Out, res.Raw)
	case o.Out != "":
		return o.writeFile(uri, res.Contents)
	}
	return o.print(uri, res.Contents)
}

// expand fills the URI's template variables from --var; a --var the
// template does not have is refused, since it would silently do nothing.
func (o *ReadOptions) expand() (string, error) {
	if len(o.Vars) == 0 {
		return o.URI, nil
	}
	names, err := client.TemplateVariables(o.URI)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", o.URI, err)
	}
	for k := range o.Vars {
		if !slices.Contains(names, k) {
			return "", usage.Errorf("--var %s: %s has no variable %q (its variables: %s)", k, o.URI, k, iostreams.OrDash(strings.Join(names, ", ")))
		}
	}
	uri, err := client.ExpandTemplate(o.URI, o.Vars)
	if err != nil {
		return "", fmt.Errorf("read %s: %w", o.URI, err)
	}
	return uri, nil
}

// print writes each content to stdout: text as it is (escaped on a
// terminal), a blob decoded, unless stdout is a terminal.
func (o *ReadOptions) print(uri string, contents []client.ResourceContents) error {
	st := o.IO
	for _, c := range contents {
		if c.Blob == "" {
			text := output.EscaperFor(st).Text(c.Text)
			if !strings.HasSuffix(text, "\n") {
				text += "\n"
			}
			fmt.Fprint(st.Out, text)
			continue
		}
		if st.OutTTY {
			return usage.Errorf("%s holds a blob of %s (%s); toolbench does not write binary data to a terminal: give --out FILE or redirect stdout",
				iostreams.TextFor(st)(c.URI), iostreams.HumanBytes(client.DecodedSize(c.Blob)), iostreams.TextFor(st)(iostreams.OrDash(c.MIMEType)))
		}
		data, err := decodeBlob(c)
		if err != nil {
			return err
		}
		if _, err := st.Out.Write(data); err != nil {
			return fmt.Errorf("write %s: %w", uri, err)
		}
	}
	return nil
}

// writeFile writes the one content of the resource to --out, decoded.
func (o *ReadOptions) writeFile(uri string, contents []client.ResourceContents) error {
	if len(contents) != 1 {
		return usage.Errorf("--out %s: %s has %d contents; --out takes a resource with exactly one (--json shows them all)", o.Out, uri, len(contents))
	}
	c := contents[0]
	data := []byte(c.Text)
	if c.Blob != "" {
		var err error
		if data, err = decodeBlob(c); err != nil {
			return err
		}
	}
	// 0644 applies to a new file only; an existing one keeps its mode.
	if err := os.WriteFile(o.Out, data, 0o644); err != nil {
		return fmt.Errorf("--out: %w", err)
	}
	fmt.Fprintf(o.IO.Err, "toolbench: wrote %s (%s) to %s\n", iostreams.HumanBytes(len(data)), iostreams.TextFor(o.IO)(iostreams.OrDash(c.MIMEType)), o.Out)
	return nil
}

// decodeBlob decodes a blob's base64, naming the resource when it is not
// base64.
func decodeBlob(c client.ResourceContents) ([]byte, error) {
	data, err := base64.StdEncoding.DecodeString(c.Blob)
	if err != nil {
		return nil, fmt.Errorf("read %s: the blob is not base64: %w", c.URI, err)
	}
	return data, nil
}

const exampleRead = `  toolbench read demo://resource/static/document/architecture.md -- npx -y @modelcontextprotocol/server-everything
  # Fill a template's variables; write a blob to a file
  toolbench read 'demo://resource/dynamic/blob/{resourceId}' --var resourceId=1 -o blob.bin http://127.0.0.1:3001/mcp
  toolbench read repo://toolbench/README.md --json github`
