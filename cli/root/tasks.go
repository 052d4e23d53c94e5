package root

import (
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/plural"
)

// tasksOptions are what `toolbench tasks` runs with, filled by its flags.
type tasksOptions struct {
	reach
	JSON bool
}

func newCmdTasks(f *factory, runF func(*tasksOptions) error) *cobra.Command {
	opts := &tasksOptions{reach: reach{IO: f.IO, Connect: f.Connect}}
	var conn connFlags
	cmd := targetCommand(&cobra.Command{
		Use:   "tasks [flags] TARGET",
		Short: "List the server's tasks",
		Long: `List the tasks the server keeps (tasks/list, protocol 2025-11-25): id,
status, when created and last updated, and the status message. With --json,
print {"tasks": [...]} with every task exactly as the server sent it, all
pages followed. Protocol 2026-07-28 has no tasks/list: toolbench says so and
lists nothing; 'toolbench task get ID TARGET' still looks a task up.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := conn.bind(f, &opts.reach, args); err != nil {
				return err
			}
			return runWith(cmd.Context(), opts, runF, tasksRun)
		},
	})
	cmd.Example = exampleTasks
	conn.addFlags(cmd.Flags())
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the tasks exactly as the server sent them")
	return cmd
}

func tasksRun(ctx context.Context, opts *tasksOptions) error {
	s, err := opts.dial(ctx)
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
func printTasks(st *streams, tasks []client.Task) {
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

// printTask prints one task's state, a field a line.
func printTask(st *streams, t client.Task) {
	safe := iostreams.TextFor(st)
	w := tabwriter.NewWriter(st.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "id\t%s\n", safe(t.ID))
	fmt.Fprintf(w, "status\t%s\n", safe(t.Status))
	if t.StatusMessage != "" {
		fmt.Fprintf(w, "message\t%s\n", safe(t.StatusMessage))
	}
	fmt.Fprintf(w, "created\t%s\n", iostreams.Stamp(t.CreatedAt))
	fmt.Fprintf(w, "last update\t%s\n", iostreams.Stamp(t.LastUpdatedAt))
	fmt.Fprintf(w, "ttl\t%s\n", ttlWords(t.TTL))
	if t.PollInterval > 0 {
		fmt.Fprintf(w, "poll interval\t%s\n", t.PollInterval)
	}
	_ = w.Flush()
}
