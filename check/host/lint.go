package host

import (
	"strings"

	"github.com/toolbench/toolbench/check"
)

// LintFindings turns a report into lint findings for the hosts it was
// judged for, so `lint --host` and SARIF carry a host's verdict at its real
// severity: rejected and hidden are errors, degraded a warning, unknown an
// info. Each finding's message starts with the host and the verdict
// ("claude-code: hidden (whole server): …") and its fix ends with the
// sources, so the evidence travels with it. The list-level findings of the
// server row come first, then each tool's in list order; a whole-server
// finding of a tool is reported once, at the tool.
func (r *Report) LintFindings() []check.Finding {
	var out []check.Finding
	out = r.appendRow(out, r.ServerRow, true)
	for _, row := range r.Tools {
		out = r.appendRow(out, row, false)
	}
	return out
}

// appendRow adds a row's findings, host by host in the report's order;
// on the server row only those about the list as a whole.
func (r *Report) appendRow(out []check.Finding, row Row, server bool) []check.Finding {
	for _, id := range r.Hosts {
		c := row.Hosts[id]
		if c == nil {
			continue
		}
		for _, f := range c.Findings {
			if server && f.Tool != "" {
				continue
			}
			if cf, ok := lintFinding(f); ok {
				out = append(out, cf)
			}
		}
	}
	return out
}

// lintFinding makes one host finding a check finding from its rule's
// registered id; false for a rule the catalogue lacks, which judging never
// produces.
func lintFinding(f Finding) (check.Finding, bool) {
	rule := ruleByID(f.Rule)
	// A works finding is a host's sourced evidence that it copes: nothing
	// for lint to report.
	if rule == nil || f.Verdict == Works {
		return check.Finding{}, false
	}
	cf := rule.id.Finding(f.Tool, f.Pointer, f.Field, f.lintMessage(), f.lintFix())
	cf.Severity = severityOf(f.Verdict)
	return cf, true
}

// ruleByID finds a rule of the catalogue.
func ruleByID(id string) *Rule {
	for _, r := range catalogue {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// VerdictLabel is the verdict as a finding states it: "hidden (whole server)",
// "rejected with an openai model".
func (f Finding) VerdictLabel() string {
	s := f.Verdict.String()
	if f.Whole {
		s += " (whole server)"
	}
	if via := f.ViaPhrase(); via != "" {
		s += " " + via
	}
	return s
}

// ViaPhrase says which model a finding needs behind its host, "" when it
// needs none: "with an openai model", "with a gemini model".
func (f Finding) ViaPhrase() string {
	switch f.Via {
	case "":
		return ""
	case Gemini:
		return "with a gemini model"
	}
	return "with an " + string(f.Via) + " model"
}

// lintMessage names the host and the verdict, then what was found and
// what the host does (or what is not known).
func (f Finding) lintMessage() string {
	parts := []string{string(f.Host) + ": " + f.VerdictLabel() + ": " + strings.TrimSuffix(f.Message, ".")}
	if f.Does != "" {
		parts = append(parts, strings.TrimSuffix(f.Does, "."))
	}
	return strings.Join(parts, ". ")
}

// lintFix is the fix with the sources and when the behaviour was seen.
func (f Finding) lintFix() string {
	if len(f.Sources) == 0 {
		return f.Fix
	}
	refs := make([]string, len(f.Sources))
	for i, s := range f.Sources {
		refs[i] = s.Cite()
	}
	ev := "Source: " + strings.Join(refs, "; ")
	if f.Seen != "" {
		ev += "; seen " + f.Seen
	}
	if f.Fix == "" {
		return ev + "."
	}
	return strings.TrimSuffix(f.Fix, ".") + ". " + ev + "."
}

// Cite is the source as a person cites it: "anthropics/claude-code#88049
// (2026-08-19)", marked when it is a third party's write-up.
func (s Source) Cite() string {
	out := s.Ref + " (" + s.Date
	if s.Secondary {
		out += ", secondary"
	}
	return out + ")"
}
