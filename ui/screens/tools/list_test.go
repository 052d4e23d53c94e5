package tools

import (
	"testing"

	"github.com/toolbench/toolbench/tool"
	"github.com/toolbench/toolbench/ui/widget"
)

// TestToolFilterRanksWordStartsFirst: the tool list filters with the list
// widget every screen uses, so a query that starts a word of a name ranks
// that tool above one whose letters it only scatters over: "elic" found
// delete-line-in-cache first before, its letters spread over four words.
func TestToolFilterRanksWordStartsFirst(t *testing.T) {
	t.Parallel()
	l := NewList(widget.ListKeys{})
	l.SetTools([]tool.Tool{{Name: "delete-line-in-cache"}, {Name: "trigger-url-elicitation"}, {Name: "echo"}})
	l.Fit(40)
	l.Clamp(10)
	l.SetFilter("elic")
	shown, cursor := l.Window()
	if len(shown) == 0 || l.tools[shown[0]].Name != "trigger-url-elicitation" || cursor != 0 {
		names := make([]string, len(shown))
		for i, idx := range shown {
			names[i] = l.tools[idx].Name
		}
		t.Errorf("elic shows %q, cursor on row %d; want trigger-url-elicitation first", names, cursor)
	}
	l.Reveal("echo")
	if got := l.Tool(); got == nil || got.Name != "echo" || l.Query() != "" {
		t.Errorf("reveal of a tool the filter hides selected %+v with the filter %q", got, l.Query())
	}
}
