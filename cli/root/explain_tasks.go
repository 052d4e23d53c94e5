package root

import (
	"errors"

	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/client"
)

// explainTasks adds what a task error's fields say beyond its one line:
// the task's last state for one the server cancelled, that a refused
// --task sent nothing, what the server's code means for a request about a
// task it refused. Hints come from client.HintOf.
func explainTasks(err error) []string {
	var tc *client.TaskCancelledError
	if errors.As(err, &tc) {
		return []string{"  the server reports the task cancelled (last update " + iostreams.Stamp(tc.Task.LastUpdatedAt) + "); it has no result"}
	}
	if errors.Is(err, client.ErrNoTasks) {
		return []string{"  nothing was sent"}
	}
	var te *client.TaskRequestError
	if errors.As(err, &te) && te.Err.Code == -32602 {
		return []string{"  the server answered invalid params (-32602), which is how servers say they do not know a task id"}
	}
	return nil
}
