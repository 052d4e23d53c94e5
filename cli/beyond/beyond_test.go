package beyond

import (
	"context"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/spf13/cobra"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/internal/testkit"
	"github.com/toolbench/toolbench/target"
)

// execute runs cmd with args, its output discarded, and returns its error.
func execute(cmd *cobra.Command, args ...string) error {
	var out testkit.Buffer
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	cmd.SetErr(&out)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	return cmd.ExecuteContext(context.Background())
}

// TestListingsParse: each listing reads --json before the target and
// hands the words after it to the target, the server's own flags kept; no
// words is a usage error, before anything runs.
func TestListingsParse(t *testing.T) {
	t.Parallel()
	type parsed struct {
		json bool
		srv  reach.Server
	}
	listings := map[string]func(args ...string) (parsed, error){
		"resources": func(args ...string) (parsed, error) {
			o, err := parse(t, NewCmdResources, args...)
			if err != nil {
				return parsed{}, err
			}
			return parsed{o.JSON, o.Server}, nil
		},
		"prompts": func(args ...string) (parsed, error) {
			o, err := parse(t, NewCmdPrompts, args...)
			if err != nil {
				return parsed{}, err
			}
			return parsed{o.JSON, o.Server}, nil
		},
		"tasks": func(args ...string) (parsed, error) {
			o, err := parse(t, NewCmdTasks, args...)
			if err != nil {
				return parsed{}, err
			}
			return parsed{o.JSON, o.Server}, nil
		},
	}
	for name, run := range listings {
		got, err := run("--json", "node", "--json")
		if tg := got.srv.Target; err != nil || !got.json || tg.Command != "node" || !reflect.DeepEqual(tg.Args, []string{"--json"}) {
			t.Errorf("%s: json %v, target %+v, %v", name, got.json, tg, err)
		}
		if _, err := run("--json"); !errors.Is(err, target.ErrBadTarget) {
			t.Errorf("%s without a target: %v, want the target's refusal", name, err)
		}
	}
}

// TestPrintTasks: the table shows each task's id, status, times and
// message, with "-" for what the server did not say.
func TestPrintTasks(t *testing.T) {
	t.Parallel()
	var out testkit.Buffer
	at := time.Date(2026, 7, 28, 10, 30, 0, 0, time.UTC)
	printTasks(&iostreams.Streams{Out: &out}, []client.Task{
		{ID: "a1", Status: client.TaskWorking, StatusMessage: "step 2 of 4", CreatedAt: at, LastUpdatedAt: at.Add(time.Minute)},
		{ID: "b2", Status: client.TaskCompleted},
	})
	want := `ID  STATUS     CREATED               LAST UPDATE           MESSAGE
a1  working    2026-07-28T10:30:00Z  2026-07-28T10:31:00Z  step 2 of 4
b2  completed  -                     -                     -

2 tasks.
`
	if out.String() != want {
		t.Errorf("table:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestTasksFitTheTerminal: on a terminal of 80 or 120 columns every line
// of the table fits, the ids whole; piped, the table is as it always was
// (the goldens of "piped" were written before tables fitted anything).
func TestTasksFitTheTerminal(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC)
	tasks := []client.Task{
		{ID: "7f3a1c2e-5b6d-4e8f-9a0b-1c2d3e4f5a6b", Status: "working", StatusMessage: "indexing 1,204 of 9,876 documents in the research corpus", CreatedAt: at, LastUpdatedAt: at.Add(time.Minute)},
		{ID: "0b9c8d7e-6f5a-4b3c-2d1e-0f9a8b7c6d5e", Status: "input_required", CreatedAt: at, LastUpdatedAt: at},
	}
	for _, width := range []int{0, 80, 120} {
		name := "piped"
		if width > 0 {
			name = strconv.Itoa(width)
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			var out testkit.Buffer
			st := &iostreams.Streams{Out: &out}
			if width > 0 {
				st.OutTTY, st.Width = true, func() int { return width }
			}
			printTasks(st, tasks)
			golden.RequireEqual(t, out.String())
			table, _, _ := strings.Cut(out.String(), "\n\n")
			for _, line := range strings.Split(table, "\n") {
				if w := ansi.StringWidth(line); width > 0 && w > width {
					t.Errorf("%d columns at %d:\n%s", w, width, line)
				}
			}
			for _, task := range tasks {
				if !strings.Contains(out.String(), "\n"+task.ID+" ") {
					t.Errorf("%q is not shown whole at the start of a row:\n%s", task.ID, out.String())
				}
			}
		})
	}
}
