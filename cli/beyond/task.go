package beyond

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/check"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
)

// TaskOptions are what `toolbench task get|cancel|result` runs with.
type TaskOptions struct {
	reach.Live
	// Op is "get", "cancel" or "result".
	Op string
	// ID is the task id.
	ID string
	// JSON prints the server's answer exactly as sent.
	JSON bool
}

// NewCmdTask is `toolbench task` and its three commands, each acting on
// one task of the server the TARGET names. runF, when a test gives one,
// gets the parsed options instead of the command running.
func NewCmdTask(f *reach.Factory, runF func(*TaskOptions) error) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "task get|cancel|result ID [flags] TARGET",
		Short: "Look up, cancel or wait for one task",
		Long: `Act on one task by its id:
  get      its state now (tasks/get)
  cancel   ask the server to cancel it (tasks/cancel), then print its state
  result   wait for it to end and print its result (tasks/result on
           2025-11-25; tasks/get until it ends on 2026-07-28), answering
           what it asks with --elicit and --sample
--json prints the server's answer exactly as sent.`,
		Args: cobra.NoArgs,
	}
	cmd.Example = exampleTask
	for _, op := range []struct{ name, short string }{
		{"get", "Print a task's state"},
		{"cancel", "Cancel a task"},
		{"result", "Wait for a task and print its result"},
	} {
		cmd.AddCommand(newCmdTaskOp(f, op.name, op.short, runF))
	}
	return cmd
}

func newCmdTaskOp(f *reach.Factory, op, short string, runF func(*TaskOptions) error) *cobra.Command {
	opts := &TaskOptions{Live: reach.Live{IO: f.IO, Connect: f.Connect}, Op: op}
	var conn reach.ConnFlags
	cmd := reach.TargetCommand(&cobra.Command{
		Use:   op + " ID [flags] TARGET",
		Short: short,
		RunE: idCommand("task "+op, func(cmd *cobra.Command, id string, target []string) error {
			if err := conn.Bind(f, &opts.Live, target); err != nil {
				return err
			}
			opts.ID = id
			return reach.RunWith(cmd.Context(), opts, runF, taskRun)
		}),
	})
	cmd.Example = exampleTaskOp(op)
	conn.AddFlags(cmd.Flags())
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the server's answer exactly as sent")
	if op == "result" {
		conn.AddAskPolicies(cmd.Flags(), "", "")
	}
	return cmd
}

// idCommand is the RunE of a command that takes `ID [flags] TARGET`.
func idCommand(name string, run func(cmd *cobra.Command, id string, target []string) error) func(*cobra.Command, []string) error {
	inner := reach.ToolCommand(name, run)
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 || args[0] == "--" {
			return usage.Errorf("%s needs a task ID: toolbench %s ID [flags] TARGET ('toolbench tasks TARGET' lists them)", name, name)
		}
		return inner(cmd, args)
	}
}

func taskRun(ctx context.Context, o *TaskOptions) error {
	st := o.IO
	log := &answer.Log{}
	live := o.Live
	live.Server.Options.Answer = o.Asks.Answerer(st, o.Server, nil, log)
	s, err := live.Dial(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	if o.Op == "result" {
		res, err := s.TaskResult(ctx, o.ID)
		if u := log.Unanswered(); u != nil && err == nil {
			err = u
		}
		if err != nil {
			return err
		}
		if o.JSON {
			return iostreams.WriteJSON(st.Out, res.Raw)
		}
		output.PrintResult(st, res, check.Result(nil, res.StructuredContent, res.IsError, res.Texts()))
		if res.IsError {
			return output.ErrToolReportedError
		}
		return nil
	}
	var t client.Task
	if o.Op == "cancel" {
		t, err = s.CancelTask(ctx, o.ID)
	} else {
		t, err = s.GetTask(ctx, o.ID)
	}
	if err != nil {
		return err
	}
	if o.JSON {
		return iostreams.WriteJSON(st.Out, t.Raw)
	}
	printTask(st, t)
	return nil
}

// printTask prints one task's state, a field a line.
func printTask(st *iostreams.Streams, t client.Task) {
	safe := iostreams.TextFor(st)
	w := tabwriter.NewWriter(st.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "id\t%s\n", safe(t.ID))
	fmt.Fprintf(w, "status\t%s\n", safe(t.Status))
	if t.StatusMessage != "" {
		fmt.Fprintf(w, "message\t%s\n", safe(t.StatusMessage))
	}
	fmt.Fprintf(w, "created\t%s\n", iostreams.Stamp(t.CreatedAt))
	fmt.Fprintf(w, "last update\t%s\n", iostreams.Stamp(t.LastUpdatedAt))
	fmt.Fprintf(w, "ttl\t%s\n", output.TTLWords(t.TTL))
	if t.PollInterval > 0 {
		fmt.Fprintf(w, "poll interval\t%s\n", t.PollInterval)
	}
	_ = w.Flush()
}

const exampleTask = `  toolbench task get 7f3a -- npx -y @modelcontextprotocol/server-everything
  toolbench task result 7f3a --json http://127.0.0.1:3001/mcp
  toolbench task cancel 7f3a github`

// exampleTaskOp is the Examples section of `task OP`.
func exampleTaskOp(op string) string {
	extra := ""
	if op == "result" {
		extra = " --elicit accept-defaults"
	}
	return "  toolbench task " + op + " 7f3a -- npx -y @modelcontextprotocol/server-everything\n" +
		"  toolbench task " + op + " 7f3a --json" + extra + " http://127.0.0.1:3001/mcp\n" +
		"  toolbench task " + op + " 7f3a github"
}
