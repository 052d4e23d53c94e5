package reach

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/cli/suggest"
	"github.com/toolbench/toolbench/cli/usage"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/tool"
)

// FindTool looks a tool up by name in a listing, suggesting near names
// when it is absent: the TOOL word of ToolCommand, for every command that
// takes one.
func FindTool(tools []tool.Tool, name string) (tool.Tool, error) {
	names := make([]string, len(tools))
	for i, t := range tools {
		if t.Name == name {
			return t, nil
		}
		names[i] = t.Name
	}
	msg := fmt.Sprintf("the server has no tool %q", name)
	if near := suggest.Nearest(names, name, 3); len(near) > 0 {
		msg += "; did you mean " + strings.Join(suggest.QuoteAll(near), ", ") + "?"
	} else {
		msg += fmt.Sprintf(" (it has %s; 'toolbench tools TARGET' lists them)", plural.Count(len(tools), "tool"))
	}
	return tool.Tool{}, usage.Errorf("%s", msg)
}
