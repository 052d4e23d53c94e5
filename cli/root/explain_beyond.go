package root

import (
	"errors"
	"strings"

	"github.com/toolbench/toolbench/client"
)

// explainBeyond adds the CLI's words for the errors of resources and
// prompts: which flag fills what was missing. The client's hint follows.
func explainBeyond(err error) []string {
	var te *client.TemplateError
	var pa *client.PromptArgumentError
	switch {
	case errors.As(err, &te) && te.Variable != "":
		return []string{"  fill it with --var " + te.Variable + "=VALUE"}
	case errors.As(err, &pa):
		flags := make([]string, len(pa.Missing))
		for i, m := range pa.Missing {
			flags[i] = "--arg " + m + "=VALUE"
		}
		return []string{"  set " + strings.Join(flags, " ") + " (--no-validate sends the request as it is)"}
	}
	return nil
}
