package beyond

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
)

// TasksOptions are what `toolbench tasks` runs with, filled by its flags.
type TasksOptions struct {
	// Live is the server the TARGET names, dialed when the command runs;
	// its streams are the command's.
	reach.Live
	// JSON prints the tasks exactly as the server sent them.
	JSON bool
}

// NewCmdTasks is `toolbench tasks`, which takes its TARGET as every
// command does (reach.TargetFlags). runF, when a test gives one, gets the
// parsed options instead of the command running.
func NewCmdTasks(f *reach.Factory, runF func(*TasksOptions) error) *cobra.Command {
	opts := &TasksOptions{}
	cmd := &cobra.Command{
		Use:   "tasks [flags] TARGET",
		Short: "List the server's tasks",
		Long: `List the tasks the server keeps (tasks/list, protocol 2025-11-25): id,
status, when created and last updated, and the status message. With --json,
print {"tasks": [...]} with every task exactly as the server sent it, all
pages followed. Protocol 2026-07-28 has no tasks/list: toolbench says so and
lists nothing; 'toolbench task get ID TARGET' still looks a task up.`,
	}
	cmd.Example = exampleTasks
	cmd.RunE = runOnTarget(reach.NewTargetFlags(f, cmd), &opts.Live, opts, runF, tasksRun)
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the tasks exactly as the server sent them")
	return cmd
}

func tasksRun(ctx context.Context, opts *TasksOptions) error {
	s, err := opts.Live.Dial(ctx)
	if err != nil {
		return err
	}
	defer s.Close()
	list, err := s.ListTasks(ctx)
	if err != nil {
		return err
	}
	if !list.Listed {
		fmt.Fprintf(opts.IO.Err, "toolbench: the server speaks protocol %s, which has no tasks/list; it lists no tasks (look one up with 'toolbench task get ID TARGET')\n",
			iostreams.TextFor(opts.IO)(s.Info().ProtocolVersion))
	}
	if opts.JSON {
		raws := make([]json.RawMessage, len(list.Tasks))
		for i, t := range list.Tasks {
			raws[i] = t.Raw
		}
		return iostreams.WriteJSON(opts.IO.Out, map[string]any{"tasks": raws})
	}
	if list.Listed {
		printTasks(opts.IO, list.Tasks)
	}
	return nil
}

// printTasks prints a table of tasks.
func printTasks(st *iostreams.Streams, tasks []client.Task) {
	safe := iostreams.TextFor(st)
	tb := iostreams.NewTable(iostreams.Keep("ID"), iostreams.Keep("STATUS"), iostreams.Optional("CREATED", 20), iostreams.Optional("LAST UPDATE", 20), iostreams.Shorten("MESSAGE", 10))
	for _, t := range tasks {
		msg := t.StatusMessage
		if msg == "" {
			msg = "-"
		}
		tb.Row(safe(t.ID), safe(t.Status), iostreams.Stamp(t.CreatedAt), iostreams.Stamp(t.LastUpdatedAt), safe(msg))
	}
	tb.Write(st)
	fmt.Fprintf(st.Out, "\n%s.\n", plural.Count(len(tasks), "task"))
}

const exampleTasks = `  toolbench tasks -- npx -y @modelcontextprotocol/server-everything
  toolbench tasks http://127.0.0.1:3001/mcp
  toolbench tasks --json github`
