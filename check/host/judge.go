package host

import "github.com/toolbench/toolbench/tool"

// Judge judges a tools/list answer for the hosts of o: every static rule
// of the catalogue, over every tool and over the list as a whole. The
// report has a row per tool in list order (a name listed twice is judged
// where it first appears) and the server-level row.
func Judge(tools []tool.Tool, o Options) *Report {
	l := newList(tools, o)
	names := make([]string, 0, len(tools))
	seen := map[string]bool{}
	for _, t := range tools {
		if !seen[t.Name] {
			seen[t.Name] = true
			names = append(names, t.Name)
		}
	}
	r := newReport(names, o)
	for _, rule := range catalogue {
		switch {
		case rule.detectIn != nil:
			for _, h := range rule.detectIn(l) {
				r.apply(rule, nil, h, o.Provider)
			}
		case rule.detect != nil:
			for _, s := range l.Subjects {
				for _, h := range rule.detect(s) {
					r.apply(rule, s, h, o.Provider)
				}
			}
		}
	}
	r.settle()
	return r
}

// apply records, for every host of the report, what one hit of rule does
// there: a finding per applicable effect; when the host has no applicable
// effect, an unknown finding if the rule says the others' behaviour is not
// known, nothing if it says they are unaffected.
func (r *Report) apply(rule *Rule, s *Subject, h Hit, p Provider) {
	row := r.Row(h.Tool)
	if row == nil {
		return
	}
	for _, id := range r.Hosts {
		if fs := findingsFor(rule, id, s, h, p); fs != nil {
			r.add(row, id, fs)
		}
	}
}

// findingsFor is what one hit of rule means in one host; nil when nothing.
func findingsFor(rule *Rule, id ID, s *Subject, h Hit, p Provider) []Finding {
	host, _ := Lookup(id)
	var out []Finding
	covered := false
	for i := range rule.Effects {
		e := &rule.Effects[i]
		if e.Host != id || !e.reaches(host, p) {
			continue
		}
		covered = true
		detail := h.Detail
		if e.applies != nil {
			d, ok := e.applies(s, h)
			if !ok {
				continue
			}
			if d != "" {
				detail = d
			}
		}
		f := rule.finding(id, h)
		f.Verdict, f.Whole, f.Message, f.Does, f.Fix = e.Verdict, e.Whole, detail, e.Does, e.Fix
		f.Via, f.Sources, f.Seen = e.Via, e.Sources, e.Seen
		out = append(out, f)
	}
	if !covered && rule.Others == Unknown || covered && len(out) == 0 && rule.Declined == Unknown {
		f := rule.finding(id, h)
		f.Verdict, f.Does = Unknown, notKnown(rule, id)
		out = append(out, f)
	}
	return out
}

// reaches reports whether the effect applies to host under the provider
// chosen: an effect through a provider needs that provider to be the
// host's model (its only one, or the one chosen, or any when none was).
func (e *Effect) reaches(host Host, p Provider) bool {
	if e.Via == "" {
		return true
	}
	if !host.Chooses() {
		return len(host.Models) == 1 && host.Models[0] == e.Via
	}
	return p == "" || p == e.Via
}

// add puts findings in a row's cell, and the whole-server ones of a tool
// in the server row too.
func (r *Report) add(row *Row, id ID, fs []Finding) {
	c := row.Hosts[id]
	c.Findings = append(c.Findings, fs...)
	if row.Tool == "" {
		return
	}
	for _, f := range fs {
		if f.Whole {
			sc := r.ServerRow.Hosts[id]
			sc.Findings = append(sc.Findings, f)
		}
	}
}
