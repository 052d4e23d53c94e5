package root

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/toolbench/toolbench/answer"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/client"
)

// leadingArgCommand is the RunE of a command that takes `WORD [flags]
// TARGET` (read URI, prompt NAME): it takes the word, reads the flags
// after it and hands run the rest, as reach.ToolCommand does for TOOL.
func leadingArgCommand(name, word string, run func(cmd *cobra.Command, arg string, target []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 || args[0] == "--" {
			return usage.Errorf("%s needs a %s: toolbench %s %s [flags] TARGET", name, word, name, word)
		}
		rest, err := reach.Reparse(cmd.Flags(), args[1:])
		if errors.Is(err, pflag.ErrHelp) {
			return cmd.Help()
		}
		if err != nil {
			return err
		}
		return run(cmd, args[0], rest)
	}
}

// parsePairs reads repeated `key=value` flags into a map; a pair without
// "=", an empty key or a key given twice is a usage error naming the flag.
func parsePairs(flag string, pairs []string) (map[string]string, error) {
	if len(pairs) == 0 {
		return nil, nil
	}
	out := make(map[string]string, len(pairs))
	for _, p := range pairs {
		k, v, ok := strings.Cut(p, "=")
		switch {
		case !ok || k == "":
			return nil, usage.Errorf("--%s %q: want key=value", flag, p)
		}
		if _, twice := out[k]; twice {
			return nil, usage.Errorf("--%s %q: %q is given twice", flag, p, k)
		}
		out[k] = v
	}
	return out, nil
}

// unansweredOr is the outcome of a request during which the server may
// have asked what no --elicit or --sample answers: then the request could
// not do what it was for, whatever the server did next, and the error
// names the ask (and so the flag); otherwise err.
func unansweredOr(what string, err error, log *answer.Log) error {
	u := log.Unanswered()
	var already *client.UnansweredError
	if u == nil || errors.As(err, &already) {
		return err
	}
	return fmt.Errorf("%s: %w", what, u)
}
