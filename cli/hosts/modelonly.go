package hosts

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/internal/plural"
	"github.com/toolbench/toolbench/internal/termsafe"
)

// modelOnlyNames bounds the names listed per host; --host lists them all.
const modelOnlyNames = 6

// modelOnlyIndent indents the lines an entry wraps onto.
const modelOnlyIndent = "      "

// modelOnly says which verdicts hold only with some models behind the
// host, when no provider was picked: a cell has no room to say so, and
// "REJ" in Cursor reads as certain when it needs an Anthropic model. One
// entry per host, verdict and model, naming the rows. Nothing when there
// is none.
func modelOnly(r *host.Report, width int) []string {
	if r.Provider != "any" {
		return nil
	}
	type group struct {
		id        host.ID
		code, via string
		names     []string
	}
	var groups []*group
	add := func(name string, row host.Row, id host.ID) {
		fs := row.Hosts[id].ModelOnly(id)
		if len(fs) == 0 {
			return
		}
		var vias []string
		for _, f := range fs {
			vias = append(vias, f.ViaPhrase())
		}
		slices.Sort(vias)
		g := &group{id: id, code: row.Hosts[id].Verdict.Code(), via: strings.Join(slices.Compact(vias), " or ")}
		if i := slices.IndexFunc(groups, func(o *group) bool { return o.id == g.id && o.code == g.code && o.via == g.via }); i >= 0 {
			g = groups[i]
		} else {
			groups = append(groups, g)
		}
		g.names = append(g.names, name)
	}
	for _, id := range r.Hosts {
		add("the server", r.ServerRow, id)
		for _, row := range r.Tools {
			// A name is one word to wrap: cut so that it fits a line.
			add(ansi.Truncate(termsafe.Line(row.Tool), width-len(modelOnlyIndent), "…"), row, id)
		}
	}
	if len(groups) == 0 {
		return nil
	}
	lines := wrap("Only with some models: these verdicts hold when the host runs that model (--provider picks one).", width, "")
	for _, g := range groups {
		names := g.names
		if n := len(names) - modelOnlyNames; n > 0 {
			names = append(names[:modelOnlyNames:modelOnlyNames], "and "+plural.Count(n, "more tool"))
		}
		lines = append(lines, wrap(fmt.Sprintf("  %s %s %s: %s", g.id, g.code, g.via, strings.Join(names, ", ")), width, modelOnlyIndent)...)
	}
	return lines
}
