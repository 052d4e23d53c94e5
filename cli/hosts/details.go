package hosts

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/output"
)

// details are the findings of the report's hosts, grouped by tool: the
// list-level findings under "(server)" first, then each tool's in list
// order (a whole-server finding under its tool, marked so).
func details(r *host.Report, width int, safe func(string) string) []string {
	lines := wrap("Findings for "+hostList(r.Hosts)+":", width, "  ")
	var body []string
	body = append(body, rowDetails(r, r.ServerRow, serverRowName, width, safe)...)
	for _, row := range r.Tools {
		body = append(body, rowDetails(r, row, safe(row.Tool), width, safe)...)
	}
	if len(body) == 0 {
		return append(lines, "  none: every tool works in "+hostList(r.Hosts)+".")
	}
	return append(lines, body...)
}

// rowDetails are one row's findings under its name; none when it has
// none (on the server row, only those about the list as a whole).
func rowDetails(r *host.Report, row host.Row, name string, width int, safe func(string) string) []string {
	var lines []string
	for _, id := range r.Hosts {
		for _, f := range row.Hosts[id].Findings {
			if row.Tool == "" && f.Tool != "" {
				continue
			}
			lines = append(lines, findingLines(f, width, safe)...)
		}
	}
	if len(lines) == 0 {
		return nil
	}
	return append([]string{"", name}, lines...)
}

// findingLines are one finding: host, verdict, rule and pointer, then what
// was found, what the host does (or what is not known), the fix, each
// source with its date, and when it was seen.
func findingLines(f host.Finding, width int, safe func(string) string) []string {
	head := []string{"  " + string(f.Host), f.VerdictLabel(), f.Rule}
	if f.Pointer != "" {
		head = append(head, safe(output.DisplayPath(f.Pointer)))
	}
	lines := wrapItems(head, "  ", width, "      ")
	field := func(label, text string) {
		if text != "" {
			lines = append(lines, wrapLabel(fmt.Sprintf("    %-10s ", label+":"), text, width, strings.Repeat(" ", 15))...)
		}
	}
	field("found", safe(f.Message))
	if f.Verdict == host.Unknown {
		field("not known", f.Does)
	} else {
		field("does", f.Does)
	}
	field("fix", f.Fix)
	for _, s := range f.Sources {
		field("source", s.Cite())
	}
	field("seen", f.Seen)
	return lines
}
