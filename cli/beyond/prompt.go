package beyond

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/suggest"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
)

// PromptOptions are what `toolbench prompt` runs with.
type PromptOptions struct {
	reach.Live
	// Name is the prompt to get.
	Name string
	// Args are the --arg values.
	Args map[string]string
	// NoValidate sends the request even when an argument is missing or
	// unknown to the prompt.
	NoValidate bool
	// JSON prints the GetPromptResult exactly as the server sent it.
	JSON bool

	args []string
}

// NewCmdPrompt is `toolbench prompt`: one prompt, its arguments checked,
// from the server the TARGET names. runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdPrompt(f *reach.Factory, runF func(*PromptOptions) error) *cobra.Command {
	opts := &PromptOptions{Live: reach.Live{IO: f.IO, Connect: f.Connect}}
	var conn reach.ConnFlags
	cmd := reach.TargetCommand(&cobra.Command{
		Use:   "prompt NAME [flags] TARGET",
		Short: "Get a prompt and print the conversation",
		Long: `Get the prompt NAME with arguments from repeated --arg key=value, after
checking them against the prompt's declared arguments (--no-validate sends
them anyway), and print its messages as role-labelled blocks. With --json,
print the GetPromptResult exactly as the server sent it. A server may ask
for input first (2026-07-28): --elicit and --sample say how to answer.`,
		RunE: leadingArgCommand("prompt", "NAME", func(cmd *cobra.Command, name string, target []string) error {
			args, err := parsePairs("arg", opts.args)
			if err != nil {
				return err
			}
			if err := conn.Bind(f, &opts.Live, target); err != nil {
				return err
			}
			opts.Name, opts.Args = name, args
			return reach.RunWith(cmd.Context(), opts, runF, promptRun)
		}),
	})
	cmd.Example = examplePrompt
	conn.AddFlags(cmd.Flags())
	fs := cmd.Flags()
	fs.StringArrayVar(&opts.args, "arg", nil, "set one argument, `key=value` (repeatable)")
	fs.BoolVar(&opts.NoValidate, "no-validate", false, "send the arguments even when one is missing or unknown to the prompt")
	fs.BoolVar(&opts.JSON, "json", false, "print the GetPromptResult exactly as the server sent it")
	conn.AddAskPolicies(fs, "", "")
	return cmd
}

func promptRun(ctx context.Context, o *PromptOptions) error {
	log := &answer.Log{}
	live := o.Live
	live.Server.Options.Answer = o.Asks.Answerer(o.IO, o.Server, nil, log)
	s, err := live.Dial(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	prompts, err := s.ListPrompts(ctx)
	if err != nil {
		return err
	}
	get := s.GetPrompt
	if o.NoValidate {
		get = s.GetPromptUnchecked
	} else if err := checkPromptArgs(prompts, o.Name, o.Args); err != nil {
		return err
	}
	res, err := get(ctx, o.Name, o.Args)
	if err := unansweredOr("prompt "+o.Name, err, log); err != nil {
		return err
	}
	if o.JSON {
		return iostreams.WriteJSON(o.IO.Out, res.Raw)
	}
	printConversation(o.IO, res)
	return nil
}

// checkPromptArgs refuses a prompt the server did not list, and arguments
// the prompt does not declare, naming what it has instead.
func checkPromptArgs(prompts []client.Prompt, name string, args map[string]string) error {
	names := make([]string, len(prompts))
	for i, p := range prompts {
		if p.Name != name {
			names[i] = p.Name
			continue
		}
		declared := map[string]bool{}
		for _, a := range p.Arguments {
			declared[a.Name] = true
		}
		for k := range args {
			if !declared[k] {
				return usage.Errorf("prompt %q has no argument %q; its arguments: %s (--no-validate sends it anyway)", name, k, ArgumentList(p.Arguments))
			}
		}
		return nil
	}
	msg := fmt.Sprintf("the server has no prompt %q", name)
	if near := suggest.Nearest(names, name, 3); len(near) > 0 {
		msg += "; did you mean " + strings.Join(suggest.QuoteAll(near), ", ") + "?"
	} else {
		msg += fmt.Sprintf(" (it has %s; 'toolbench prompts TARGET' lists them)", plural.Count(len(prompts), "prompt"))
	}
	return usage.Errorf("%s", msg)
}

// printConversation prints a prompt's messages as blocks labelled with
// their role.
func printConversation(st *iostreams.Streams, r *client.PromptResult) {
	esc := output.EscaperFor(st)
	if r.Description != "" {
		fmt.Fprintln(st.Out, esc.Text(r.Description))
	}
	if len(r.Messages) == 0 {
		fmt.Fprintln(st.Out, "(no messages)")
	}
	for i, m := range r.Messages {
		fmt.Fprintf(st.Out, "── %s [%d] %s ──\n", esc.Text(iostreams.OrDash(m.Role)), i, esc.Text(m.Content.Type))
		output.WriteBlock(st.Out, m.Content, esc)
	}
}

const examplePrompt = `  toolbench prompt simple-prompt -- npx -y @modelcontextprotocol/server-everything
  toolbench prompt args-prompt --arg city=Paris --arg state=IDF http://127.0.0.1:3001/mcp
  toolbench prompt summarize --json github`
