package hosts

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/cli/reach"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
)

// matrixWidth is the width the matrix fits when the terminal's is not
// known or is narrower: 14 hosts and a tool name of 23 cells.
const matrixWidth = 80

// Cells are at most three characters (Verdict.Code, Host.Short) and a
// space apart; a name column of at least nameMin cells ("(server)").
const (
	cellWidth = 3
	nameMin   = 8
)

// serverRowName heads the server-level row.
const serverRowName = "(server)"

// printReport prints the header, the matrix, its legend, the summary per
// host, and either the findings of the hosts --host named or a hint.
func printReport(st *iostreams.Streams, r *host.Report, tools int, detail bool) {
	width := outWidth(st)
	lines := header(r, tools, width)
	lines = append(lines, "")
	lines = append(lines, matrix(r, width)...)
	if only := modelOnly(r, width); len(only) > 0 {
		lines = append(lines, "")
		lines = append(lines, only...)
	}
	lines = append(lines, "")
	lines = append(lines, legend(r, width)...)
	lines = append(lines, "")
	lines = append(lines, summary(r, width)...)
	if detail {
		lines = append(lines, "")
		lines = append(lines, details(r, width, iostreams.TextFor(st))...)
	} else {
		lines = append(lines, "")
		lines = append(lines, wrap("--host ID[,ID...] prints each finding of those hosts: the rule, what was found, what the host does, the fix and its sources.", width, "")...)
	}
	for _, l := range lines {
		fmt.Fprintln(st.Out, l)
	}
}

// outWidth is the terminal's width when it is wider than the matrix
// needs, matrixWidth otherwise (piped output included).
func outWidth(st *iostreams.Streams) int {
	if st.OutTTY && st.Width != nil {
		if w := st.Width(); w > matrixWidth {
			return w
		}
	}
	return matrixWidth
}

// header says what was judged, under which server key and for which
// models.
func header(r *host.Report, tools, width int) []string {
	what := fmt.Sprintf("%s judged for %s, from the tools/list answer.", plural.Count(tools, "tool"), plural.Count(len(r.Hosts), "host"))
	if r.Live {
		what = fmt.Sprintf("%s judged for %s, from what the server answered.", plural.Count(tools, "tool"), plural.Count(len(r.Hosts), "host"))
	}
	// The key is the server's own text: made safe, and cut so the
	// sentence around it stays readable.
	name := ansi.Truncate(termsafe.Line(r.Server), 40, "…")
	lines := wrap(what, width, "")
	lines = append(lines, wrap(reach.KeyPhrase(name, r.ServerFrom), width, "  ")...)
	models := "models: any (--provider to pick one)"
	if r.Provider != "any" {
		models = "models: " + r.Provider + " on the hosts that let you choose (--provider to change)"
	}
	return append(lines, wrap(models, width, "  ")...)
}

// matrix is the table: a head of host columns, the server row, a row per
// tool, names cut to fit width.
func matrix(r *host.Report, width int) []string {
	hostsWidth := len(r.Hosts)*(cellWidth+1) - 1
	nameWidth := ansi.StringWidth(serverRowName)
	for _, row := range r.Tools {
		nameWidth = max(nameWidth, ansi.StringWidth(termsafe.Line(row.Tool)))
	}
	nameWidth = max(nameMin, min(nameWidth, width-2-hostsWidth))
	heads := make([]string, len(r.Hosts))
	for i, id := range r.Hosts {
		h, _ := host.Lookup(id)
		heads[i] = h.Short
	}
	lines := []string{matrixLine("TOOL", heads, nameWidth)}
	lines = append(lines, matrixLine(serverRowName, codes(r.ServerRow, r.Hosts), nameWidth))
	for _, row := range r.Tools {
		lines = append(lines, matrixLine(termsafe.Line(row.Tool), codes(row, r.Hosts), nameWidth))
	}
	return lines
}

// codes are a row's verdicts as cell codes, in the hosts' order.
func codes(row host.Row, ids []host.ID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = row.Hosts[id].Verdict.Code()
	}
	return out
}

// matrixLine lays out one row: the name cut and padded to nameWidth, two
// spaces, then the cells padded to cellWidth, with no trailing blanks.
func matrixLine(name string, cells []string, nameWidth int) string {
	name = ansi.Truncate(name, nameWidth, "…")
	var b strings.Builder
	b.WriteString(name)
	b.WriteString(strings.Repeat(" ", nameWidth-ansi.StringWidth(name)+2))
	for i, c := range cells {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c)
		b.WriteString(strings.Repeat(" ", cellWidth-len(c)))
	}
	return strings.TrimRight(b.String(), " ")
}

// legend says what the codes and column heads mean and how old the
// evidence is.
func legend(r *host.Report, width int) []string {
	var verdicts []string
	for _, v := range host.Verdicts() {
		verdicts = append(verdicts, v.Code()+" "+v.String())
	}
	var heads []string
	newest := ""
	for _, id := range r.Hosts {
		h, _ := host.Lookup(id)
		heads = append(heads, h.Short+" "+string(id))
		newest = max(newest, h.Evidence)
	}
	lines := wrapItems(verdicts, " · ", width, "")
	lines = append(lines, wrapItems(heads, " · ", width, "")...)
	return append(lines, wrap("Evidence: sources up to "+newest+"; --rules gives each host's date and every rule's sources.", width, "")...)
}
