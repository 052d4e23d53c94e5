package render

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/internal/termsafe"
	"github.com/toolbench/toolbench/ui/theme"
)

// HostColumn is the width of one host's column in the hosts matrix: a
// verdict code (at most three characters, host.Verdict.Code) and a space,
// so that fourteen hosts and a 24-cell name column fit 80 columns.
const HostColumn = 4

// VerdictStyle is how a host verdict is coloured: works as OK, unknown
// muted, degraded as a warning, hidden and rejected as errors.
func VerdictStyle(st *theme.Styles, v host.Verdict) lipgloss.Style {
	switch v {
	case host.Works:
		return st.OK
	case host.Degraded:
		return st.Warn
	case host.Hidden, host.Rejected:
		return st.Error
	}
	return st.Muted
}

// HostRow is one host's line on a tool's Hosts tab: the cursor's mark,
// the host's name in nameWidth cells, the verdict and what the cell's
// first finding found, cut to width.
func HostRow(st *theme.Styles, name string, c host.Cell, nameWidth, width int, selected bool) string {
	mark := "  "
	if selected {
		mark = "› "
	}
	line := mark + Pad(name, nameWidth) + " " + VerdictStyle(st, c.Verdict).Render(Pad(c.Verdict.String(), 9))
	if len(c.Findings) > 0 {
		line += st.Text.Render(safeLine(c.Findings[0].Message, width))
	}
	if selected {
		return st.Selected.Render(Pad(Clip(line, width), width))
	}
	return Clip(line, width)
}

// HostCell is one host's verdict on a tool, or on the server when Tool
// is empty, as the Hosts tab and the Hosts screen show it under their
// lists.
type HostCell struct {
	// Host is the host whose verdict it is.
	Host host.Host
	// Tool is the tool's name, "" for the server's row.
	Tool string
	// Cell is the verdict and its findings, worst first.
	Cell host.Cell
	// Name is the tool's name as the host hands it to its model; nil on
	// the server's row.
	Name *host.Name
	// Handed is the whole tool as the host hands it to its model, with
	// every change; nil on the server's row.
	Handed *host.Handed
}

// HostCellLines draws a cell: a heading with the host and the verdict,
// the model-facing name and how it was made, then every finding.
func HostCellLines(st *theme.Styles, c HostCell, width int) []string {
	what := "the server"
	if c.Tool != "" {
		what = termsafe.Line(c.Tool)
	}
	head := st.Heading.Render(c.Host.Name+" · "+what+": ") + VerdictStyle(st, c.Cell.Verdict).Render(c.Cell.Verdict.String())
	lines := []string{Clip(head, width)}
	if c.Name != nil {
		lines = append(lines, HostNameLines(st, *c.Name, width)...)
	}
	if len(c.Cell.Findings) == 0 {
		lines = append(lines, st.Muted.Render(Clip("no sourced rule of "+c.Host.Name+" applies here; evidence up to "+
			c.Host.Evidence, width)))
	}
	for _, f := range c.Cell.Findings {
		lines = append(lines, HostFinding(st, f, width)...)
	}
	if c.Handed != nil {
		lines = append(lines, HostHandedLines(st, *c.Handed, width)...)
	}
	return lines
}

// HostHandedLines is what the host's model receives for the tool: the
// refusal when the host sends it nothing, every change from the tool as
// sent (the name's are with the name) with its rule and first source,
// what is not known of the host's handling, then the payload itself.
func HostHandedLines(st *theme.Styles, h host.Handed, width int) []string {
	lines := []string{"", Clip(st.Heading.Render("What its model receives"), width)}
	if h.Refused != "" {
		lines = append(lines, hostIndented(st.Error, "not sent: "+h.Refused, width)...)
	}
	for _, c := range h.Changes {
		if c.Pointer == "/name" {
			continue
		}
		text := c.Pointer + ": " + c.What
		if c.Rule != "" {
			text += " (" + c.Rule + ")"
		}
		lines = append(lines, hostIndented(st.Text, text, width)...)
		lines = append(lines, hostIndented(st.Muted, "source: "+sourceList(c.Sources[:1]), width)...)
	}
	for _, n := range h.NotKnown {
		lines = append(lines, hostIndented(st.Muted, "not known: "+n, width)...)
	}
	if len(h.Tool) > 0 && string(h.Tool) != "null" {
		for _, l := range JSON(st, h.Tool, max(1, width-2)) {
			lines = append(lines, "  "+l)
		}
	}
	return lines
}

// HostNameLines is the name a host's model sees for a tool, with how it
// was made and the sources of the host's naming.
func HostNameLines(st *theme.Styles, n host.Name, width int) []string {
	lines := []string{Clip(st.Muted.Render("  name for its model: ")+st.Text.Render(termsafe.Line(n.Model)), width)}
	if !n.Known {
		return append(lines, hostIndented(st.Muted, "no source says how this host names tools; shown as sent", width)...)
	}
	for _, c := range n.Changes {
		lines = append(lines, hostIndented(st.Text, c.What, width)...)
	}
	return append(lines, hostIndented(st.Muted, "naming: "+sourceList(n.Sources), width)...)
}

// HostFinding is one reason for a host's verdict: the verdict's code and
// the rule, then what was found, what the host does, the fix, the model
// it needs, the sources with their dates and when it was seen. An
// unknown finding says what is not known instead.
func HostFinding(st *theme.Styles, f host.Finding, width int) []string {
	head := "  " + VerdictStyle(st, f.Verdict).Render(Pad(f.Verdict.Code(), 4)) + st.Accent.Render(termsafe.Line(f.Rule))
	if f.Whole {
		head += st.Error.Render("  whole server")
	}
	lines := []string{Clip(head, width)}
	if f.Message != "" {
		lines = append(lines, hostIndented(st.Text, "found: "+f.Message, width)...)
	}
	if f.Verdict == host.Unknown {
		return append(lines, hostIndented(st.Muted, "not known: "+f.Does, width)...)
	}
	lines = append(lines, hostIndented(st.Text, "does: "+f.Does, width)...)
	if f.Fix != "" {
		lines = append(lines, hostIndented(st.Help, "fix: "+f.Fix, width)...)
	}
	if f.Via != "" {
		lines = append(lines, hostIndented(st.Muted, f.ViaPhrase()+" behind the host", width)...)
	}
	if len(f.Sources) > 0 {
		lines = append(lines, hostIndented(st.Muted, "source: "+sourceList(f.Sources), width)...)
	}
	if f.Seen != "" {
		lines = append(lines, hostIndented(st.Muted, "seen: "+f.Seen, width)...)
	}
	return lines
}

// sourceList names sources with their dates, a secondary one marked.
func sourceList(srcs []host.Source) string {
	parts := make([]string, len(srcs))
	for i, s := range srcs {
		parts[i] = s.Ref + " (" + s.Date
		if s.Secondary {
			parts[i] += ", secondary"
		}
		parts[i] += ")"
	}
	return strings.Join(parts, "; ")
}

// hostIndented wraps text (escaped: rule text quotes the server's names)
// under a finding's head, six cells in.
func hostIndented(style lipgloss.Style, text string, width int) []string {
	wrapped := Wrap(termsafe.Text(text), max(1, width-6))
	out := make([]string, len(wrapped))
	for i, l := range wrapped {
		out[i] = "      " + style.Render(l)
	}
	return out
}

// HostMatrixHead is the hosts matrix's column heads: title in the name
// column, then each host's short name.
func HostMatrixHead(st *theme.Styles, title string, shorts []string, nameWidth, width int) string {
	var b strings.Builder
	b.WriteString(Pad("  "+title, nameWidth))
	for _, s := range shorts {
		b.WriteString(Pad(s, HostColumn))
	}
	return Clip(st.Heading.Render(b.String()), width)
}

// HostMatrixRow is one row of the hosts matrix: the cursor's mark, the
// label (a tool's name, or the server's row) in nameWidth cells, and a
// verdict code per host; col is the cursor's column on the selected row.
func HostMatrixRow(st *theme.Styles, label string, verdicts []host.Verdict, col int, selected bool, nameWidth, width int) string {
	mark := "  "
	if selected {
		mark = "› "
	}
	var b strings.Builder
	// A cell apart from the codes, so a cut name never runs into them.
	b.WriteString(Pad(Clip(mark+safeLine(label, nameWidth), nameWidth-1), nameWidth))
	for i, v := range verdicts {
		code := Pad(v.Code(), HostColumn-1)
		if selected && i == col {
			b.WriteString(st.Focused.Render(code) + " ")
			continue
		}
		b.WriteString(VerdictStyle(st, v).Render(code) + " ")
	}
	return Clip(b.String(), width)
}

// HostsJudgedAs says under which server name the verdicts of r were
// judged, where the name came from, and for which models: prefix rules
// depend on the name, and the person should know which one was used.
func HostsJudgedAs(r *host.Report) string {
	name := `"` + termsafe.Line(r.Server) + `"`
	if r.Server == "" {
		name = "(no name)"
	}
	from := termsafe.Line(r.ServerFrom)
	switch r.ServerFrom {
	case host.FromConfig:
		from = "its config name"
	case host.FromServer:
		from = "the name it reports"
	case "":
		from = "no name known"
	}
	return "as server " + name + " (" + from + ") · models: " + r.Provider
}

// HostNotes are the host rules a call's result breaks, under its
// outputSchema verdict: one line per host that does something about it
// (its verdict's code, the host, the rule, what was found), then per rule
// the hosts no source covers, folded into one line. Nothing when the
// result breaks no rule.
func HostNotes(st *theme.Styles, notes []host.Finding, width int) []string {
	known, unknown := host.Notes(notes)
	if len(known) == 0 && len(unknown) == 0 {
		return nil
	}
	lines := []string{Clip(st.Heading.Render("Hosts")+st.Muted.Render(" · the host rules this result breaks"), width)}
	for _, f := range known {
		head := VerdictStyle(st, f.Verdict).Render(Pad(f.Verdict.Code(), 4)) + st.Text.Render(string(f.Host)+"  ") + st.Accent.Render(f.Rule)
		lines = append(lines, Clip(head, width))
		lines = append(lines, hostIndented(st.Text, f.Message, width)...)
	}
	for _, g := range unknown {
		ids := make([]string, len(g.Hosts))
		for i, id := range g.Hosts {
			ids[i] = string(id)
		}
		lines = append(lines, Clip(st.Muted.Render(Pad(host.Unknown.Code(), 4)+g.Rule), width))
		lines = append(lines, hostIndented(st.Muted, "no source says what "+strings.Join(ids, ", ")+" do", width)...)
	}
	return lines
}
