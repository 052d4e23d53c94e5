package hosts

import (
	"fmt"
	"strings"

	"github.com/toolbench/toolbench/check/host"
	"github.com/toolbench/toolbench/cli/iostreams"
	"github.com/toolbench/toolbench/internal/plural"
)

// rulesJSON is --rules --json: every host with its evidence date, and
// every rule with its effects and the hosts no source speaks for.
type rulesJSON struct {
	Compiled string             `json:"compiled"`
	Evidence map[host.ID]string `json:"evidence"`
	Hosts    []hostJSON         `json:"hosts"`
	Rules    []ruleJSON         `json:"rules"`
}

// hostJSON is one host as --rules --json lists it.
type hostJSON struct {
	ID       host.ID         `json:"id"`
	Name     string          `json:"name"`
	Short    string          `json:"short"`
	Models   []host.Provider `json:"models"`
	Evidence string          `json:"evidence"`
}

// ruleJSON is a rule with the hosts that are unknown for it: those
// without an effect when the others are unknown.
type ruleJSON struct {
	host.Rule
	UnknownIn []host.ID `json:"unknownIn"`
}

// printRules lists the catalogue, as text or JSON.
func printRules(st *iostreams.Streams, asJSON bool) error {
	rules := host.Rules()
	if asJSON {
		out := rulesJSON{Compiled: host.Compiled, Evidence: map[host.ID]string{}, Rules: make([]ruleJSON, len(rules))}
		for _, h := range host.Hosts() {
			out.Evidence[h.ID] = h.Evidence
			out.Hosts = append(out.Hosts, hostJSON{ID: h.ID, Name: h.Name, Short: h.Short, Models: h.Models, Evidence: h.Evidence})
		}
		for i, r := range rules {
			out.Rules[i] = ruleJSON{Rule: r, UnknownIn: unknownIn(r)}
		}
		return iostreams.WriteJSON(st.Out, out)
	}
	for _, l := range rulesText(rules, outWidth(st)) {
		fmt.Fprintln(st.Out, l)
	}
	return nil
}

// rulesText is the text of --rules: the evidence per host, then each
// rule with its effects.
func rulesText(rules []host.Rule, width int) []string {
	lines := wrap(fmt.Sprintf("%s of the host catalogue, compiled %s. A verdict says nothing of what a host changed after its evidence date:",
		plural.Count(len(rules), "rule"), host.Compiled), width, "")
	for _, h := range host.Hosts() {
		lines = append(lines, fmt.Sprintf("  %-15s %-4s %s  %s", h.ID, h.Short, h.Evidence, h.Name))
	}
	for _, r := range rules {
		lines = append(lines, "")
		lines = append(lines, ruleLines(r, width)...)
	}
	return lines
}

// ruleLines are one rule: id, scope and whether it needs a live server,
// its summary, each effect, and the hosts unknown for it.
func ruleLines(r host.Rule, width int) []string {
	kind := "static"
	if r.Live {
		kind = "live"
	}
	lines := []string{fmt.Sprintf("%s  (%s, %s)", r.ID, r.Scope, kind)}
	lines = append(lines, wrap("  "+r.Summary, width, "  ")...)
	for _, e := range r.Effects {
		lines = append(lines, effectLines(e, width)...)
	}
	if unknown := unknownIn(r); len(unknown) > 0 {
		lines = append(lines, wrap("  unknown in "+hostList(unknown)+": "+strings.ReplaceAll(r.NotKnown, "HOST", "the host"), width, "    ")...)
	} else if r.Others == host.Works {
		lines = append(lines, "  other hosts: not affected")
	}
	return lines
}

// effectLines are what one host does: its verdict, what it does, the fix,
// the sources with their dates and when it was seen.
func effectLines(e host.Effect, width int) []string {
	f := host.Finding{Verdict: e.Verdict, Whole: e.Whole, Via: e.Via}
	lines := []string{fmt.Sprintf("  %s: %s", e.Host, f.VerdictLabel())}
	indent := strings.Repeat(" ", 12)
	lines = append(lines, wrapLabel("    does:   ", e.Does, width, indent)...)
	lines = append(lines, wrapLabel("    fix:    ", e.Fix, width, indent)...)
	for _, s := range e.Sources {
		lines = append(lines, wrapLabel("    source: ", s.Cite(), width, indent)...)
	}
	return append(lines, "    seen:   "+e.Seen)
}

// unknownIn are the hosts a rule gives no effect and whose behaviour it
// says is not known.
func unknownIn(r host.Rule) []host.ID {
	out := []host.ID{}
	if r.Others != host.Unknown {
		return out
	}
	for _, id := range host.IDs() {
		covered := false
		for _, e := range r.Effects {
			covered = covered || e.Host == id
		}
		if !covered {
			out = append(out, id)
		}
	}
	return out
}
