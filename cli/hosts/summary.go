package hosts

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/internal/plural"
)

// summary is a line per host: what its server row says, then how many
// tools get each verdict, worst first.
func summary(r *host.Report, width int) []string {
	var lines []string
	for _, id := range r.Hosts {
		lines = append(lines, wrapLabel(fmt.Sprintf("%-15s ", string(id)+":"), hostSummary(r, id), width, strings.Repeat(" ", 16))...)
	}
	return lines
}

// hostSummary says one host's verdicts: "the whole server hidden; 1
// hidden, 1 works", "all 3 tools work".
func hostSummary(r *host.Report, id host.ID) string {
	counts := map[host.Verdict]int{}
	for _, row := range r.Tools {
		counts[row.Hosts[id].Verdict]++
	}
	var parts []string
	verdicts := host.Verdicts()
	for i := len(verdicts) - 1; i > 0; i-- {
		if n := counts[verdicts[i]]; n > 0 {
			parts = append(parts, plural.Count(n, "tool")+" "+verdicts[i].String())
		}
	}
	tools := strings.Join(parts, ", ")
	switch n := counts[host.Works]; {
	case len(r.Tools) == 0:
		tools = "no tools"
	case len(parts) == 0:
		tools = "every tool works"
	case n > 0:
		tools += ", " + working(n)
	}
	if v := r.ServerRow.Hosts[id].Verdict; v != host.Works {
		return "the whole server " + v.String() + "; " + tools
	}
	return tools
}

// working says how many tools work: "1 tool works", "3 tools work".
func working(n int) string {
	if n == 1 {
		return "1 tool works"
	}
	return plural.Count(n, "tool") + " work"
}
