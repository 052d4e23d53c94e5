package check

// Rule is one check toolbench knows: what SARIF, docs and suppressions name.
type Rule struct {
	// ID is stable: configuration and suppressions name rules by it.
	ID string
	// Severity is the rule's default; a finding may be milder (a required
	// name covered by patternProperties is only an info).
	Severity Severity
	// Summary says in one line what the rule looks for.
	Summary string
}

// RuleID names a registered rule. Only Registry.Add makes one, and
// findings are made from one (RuleID.Finding), so no code path can emit a
// rule id that no registry lists. The zero RuleID names no rule; making a
// finding from it panics.
type RuleID struct{ rule *Rule }

// String returns the rule's id.
func (id RuleID) String() string { return id.registered().ID }

// Severity returns the rule's default severity.
func (id RuleID) Severity() Severity { return id.registered().Severity }

// Finding makes a finding of the rule at its default severity. Callers set
// a milder Severity afterwards when the case calls for it.
func (id RuleID) Finding(tool, pointer, field, message, fix string) Finding {
	r := id.registered()
	return Finding{Rule: r.ID, Severity: r.Severity, Tool: tool, Pointer: pointer, Field: field, Message: message, Fix: fix}
}

func (id RuleID) registered() *Rule {
	if id.rule == nil {
		panic("check: a finding from a rule no registry knows (the zero RuleID)")
	}
	return id.rule
}

// Registry is one package's table of rules, in the order its docs list
// them. The zero Registry is empty and ready to use. Ids must be unique
// across every registry; the list of all rules (check/suite) tests that.
type Registry struct {
	rules []*Rule
}

// Add registers a rule and returns the id its findings are made from.
func (r *Registry) Add(id string, sev Severity, summary string) RuleID {
	rule := &Rule{ID: id, Severity: sev, Summary: summary}
	r.rules = append(r.rules, rule)
	return RuleID{rule}
}

// Rules lists the registered rules in the order they were added.
func (r *Registry) Rules() []Rule {
	out := make([]Rule, len(r.rules))
	for i, rule := range r.rules {
		out[i] = *rule
	}
	return out
}
