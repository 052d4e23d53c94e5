package inspect

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/tool"
)

// asHost reports whether --as names a host rather than a provider.
func (o *SchemaOptions) asHost() bool {
	_, ok := host.Lookup(host.ID(o.As))
	return ok
}

// checkHost refuses a --provider the hosts do not know, before any
// server is started.
func (o *SchemaOptions) checkHost() error {
	if _, err := host.ParseProvider(o.Provider); err != nil {
		return usage.Errorf("--provider: %v", err)
	}
	return nil
}

// hostNames lists the hosts --as takes.
func hostNames() string {
	var names []string
	for _, id := range host.IDs() {
		names = append(names, string(id))
	}
	return strings.Join(names, ", ")
}

// toolsAndServer lists the tools and, for a host view, the server's key,
// as every command that judges for hosts names it (reach.ServerKey):
// --server-name, the config name, the name the server reported, the tools
// file's "serverName", its base name.
func (o *SchemaOptions) toolsAndServer(ctx context.Context) ([]tool.Tool, serverKey, error) {
	tools, err := o.loadTools(ctx)
	if err != nil || !o.asHost() {
		return tools, serverKey{}, err
	}
	name, from := o.serverKey(o.ServerName)
	return tools, serverKey{name, from}, nil
}

// serverKey is the server's key in a host's configuration and where it
// came from (reach.FromFlag…).
type serverKey struct{ name, from string }

// printHost prints the tool as the host of --as hands it to its model:
// the payload on stdout, the changes, what is not known and a refusal on
// stderr (or all of it as JSON). A refusal makes the command fail.
func (o *SchemaOptions) printHost(st *iostreams.Streams, t tool.Tool, key serverKey) error {
	p, err := host.ParseProvider(o.Provider)
	if err != nil {
		return usage.Errorf("--provider: %v", err)
	}
	h, err := host.View(t, host.ID(o.As), host.Options{Server: key.name, ServerFrom: key.from, Provider: p})
	var needs *host.NeedsServerError
	if errors.As(err, &needs) {
		return usage.Errorf("--as %s: %v; add --server-name NAME, the server's key in the host's configuration", o.As, err)
	}
	if err != nil {
		return err
	}
	if o.JSON {
		if err := iostreams.WriteJSON(st.Out, h); err != nil {
			return err
		}
	} else {
		printHanded(st, h, key)
	}
	if h.Refused != "" {
		hs, _ := host.Lookup(h.Host)
		return fmt.Errorf("%s does not send %q to its model", hs.Name, t.Name)
	}
	return nil
}

// printHanded writes a host's view for a person. The server's names and
// values are quoted in the changes: escape them, stderr is often a
// terminal.
func printHanded(st *iostreams.Streams, h host.Handed, key serverKey) {
	if h.Refused == "" {
		fmt.Fprintln(st.Out, output.SafeJSON(output.PrettyJSON(h.Tool)))
	}
	if key.name != "" {
		fmt.Fprintf(st.Err, "  %s\n", termsafe.Line(reach.KeyPhrase(key.name, key.from)))
	}
	for _, c := range h.Changes {
		fmt.Fprintf(st.Err, "  change  %s  %s  (%s)\n", termsafe.Line(output.DisplayPath(c.Pointer)), termsafe.Line(c.What), evidence(c))
	}
	for _, n := range h.NotKnown {
		fmt.Fprintf(st.Err, "  unknown  %s\n", termsafe.Line(n))
	}
	if h.Refused != "" {
		fmt.Fprintf(st.Err, "  refused  %s\n", termsafe.Line(h.Refused))
	}
}

// evidence is a change's rule and first source: "desc.len.2048;
// anthropics/claude-code#81268, 2026-07-26 (+1 more)".
func evidence(c host.Change) string {
	var b strings.Builder
	if c.Rule != "" {
		b.WriteString(c.Rule + "; ")
	}
	if len(c.Sources) > 0 {
		s := c.Sources[0]
		fmt.Fprintf(&b, "%s, %s", s.Ref, s.Date)
		if s.Secondary {
			b.WriteString(", secondary")
		}
		if n := len(c.Sources) - 1; n > 0 {
			fmt.Fprintf(&b, " (+%d more)", n)
		}
	}
	return b.String()
}
