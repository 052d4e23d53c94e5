package root

import (
	"errors"

	"github.com/toolbench/toolbench/auth"
	"github.com/toolbench/toolbench/auth/step"
	cliauth "github.com/toolbench/toolbench/cli/auth"
	"github.com/toolbench/toolbench/cli/call"
	"github.com/toolbench/toolbench/cli/hosts"
	"github.com/toolbench/toolbench/cli/inspect"
	"github.com/toolbench/toolbench/cli/memory"
	"github.com/toolbench/toolbench/cli/output"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
	"github.com/toolbench/toolbench/redirect"
	"github.com/toolbench/toolbench/target"
)

// Exit codes, one table for every command (the README shows the same).
const (
	exitOK            = 0 // success
	exitToolError     = 1 // the tool returned isError, or the call failed
	exitUsage         = 2 // usage error, or arguments invalid against the inputSchema
	exitConnect       = 3 // could not start, connect, authorize or initialize, or the connection was lost
	exitOutputInvalid = 4 // structuredContent violates the outputSchema, or is missing
	exitTimeout       = 5 // timed out, cancelled, or interrupted by a signal
)

// exitCode maps an error to the process exit code. It is the only place
// that decides exit codes.
func exitCode(err error) int {
	var ue usage.Error
	var ae *call.ArgumentsError
	var ce *client.ConnectError
	var ua *client.UnansweredError
	var lr *auth.LoginRequiredError
	var se *step.Error
	var le *cliauth.LoginError
	var te *client.TemplateError
	var pa *client.PromptArgumentError
	var ur *client.UnknownResourceError
	var sf *memory.SnapshotFileError
	var rd *redirect.Error
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errInterrupted):
		return exitTimeout
	case errors.As(err, new(*outputError)):
		// What was asked for did not reach stdout: the command failed.
		return exitToolError
	case errors.As(err, &ua):
		// The server asked for what no --elicit or --sample answers: the
		// call failed, whatever came after.
		return exitToolError
	case errors.As(err, &ue), errors.Is(err, target.ErrBadTarget), errors.As(err, &ae):
		return exitUsage
	case errors.As(err, &sf):
		// A diff side that is no snapshot: the caller named the wrong file.
		return exitUsage
	case errors.Is(err, memory.ErrDiffThreshold):
		return exitToolError
	case errors.As(err, &te), errors.As(err, &pa), errors.As(err, &ur):
		// A template variable or a prompt argument left out, a URI the
		// server does not serve: the caller's input, as bad arguments are.
		return exitUsage
	case errors.Is(err, client.ErrNoTasks):
		// --task where no task can run: nothing was sent.
		return exitUsage
	case errors.As(err, &rd):
		// A redirect refused is a failure to reach the server, whichever
		// request met it.
		return exitConnect
	case errors.As(err, &lr), errors.As(err, &se), errors.As(err, &le):
		// Authorization is part of reaching the server, whether it failed
		// at connect or at a later request's 401.
		return exitConnect
	case errors.As(err, &ce):
		return exitConnect
	case errors.Is(err, client.ErrTimeout), errors.Is(err, client.ErrCancelled):
		return exitTimeout
	case errors.Is(err, output.ErrOutputInvalid):
		return exitOutputInvalid
	case errors.Is(err, call.ErrTestsFailed), errors.As(err, new(*hosts.FailedError)):
		// A failed saved test, a verdict at or past hosts --fail-on: the
		// report was printed, and CI fails as it does on lint's findings.
		return exitToolError
	case errors.Is(err, client.ErrClosed), errors.Is(err, client.ErrConnectionLost), errors.Is(err, client.ErrSessionLost):
		return exitConnect
	default:
		return exitToolError
	}
}

// silent reports outcomes whose details were already printed.
func silent(err error) bool {
	return errors.Is(err, output.ErrToolReportedError) || errors.Is(err, output.ErrOutputInvalid) || errors.Is(err, inspect.ErrLintFailed) ||
		errors.Is(err, memory.ErrDiffThreshold) || errors.Is(err, call.ErrTestsFailed)
}
