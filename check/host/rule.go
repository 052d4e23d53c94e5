package host

import (
	"encoding/json"
	"slices"

	"github.com/toolbench/toolbench/check"
)

// Source is one piece of evidence for what a host does: a repository file
// at a commit ("google-gemini/gemini-cli packages/core/src/tools/mcp-tool.ts
// @5411f11 L29-37"), an issue or pull request ("anthropics/claude-code#88049"),
// or a documentation page (its URL).
type Source struct {
	// Ref is where to look, as above.
	Ref string `json:"ref"`
	// Date is the day the source was written or seen: "2026-08-19".
	Date string `json:"date"`
	// Secondary marks a third party's write-up rather than the host's own
	// code, issue tracker or documentation.
	Secondary bool `json:"secondary,omitempty"`
}

// Effect is what one host does when a rule's condition holds.
type Effect struct {
	// Host is the host that does it.
	Host ID `json:"host"`
	// Via, when set, is the provider whose model must be behind the host
	// for this effect (Cursor with a Gemini model): it applies only when
	// the host lets the person choose and Options.Provider is Via or any.
	Via Provider `json:"via,omitempty"`
	// Verdict is what it does to the tool. Works records sourced evidence
	// that the host copes (it fills in what is missing, or follows a
	// cursor), so the host is neither unknown nor silently fine; never
	// Unknown, which is Rule.Others' and Rule.Declined's to say.
	Verdict Verdict `json:"verdict"`
	// Whole says the host drops the whole server, or fails every request
	// of the session, not only this tool: the finding also goes to the
	// server-level row.
	Whole bool `json:"whole,omitempty"`
	// Does says what the host does, in one sentence.
	Does string `json:"does"`
	// Fix says what the server should change.
	Fix string `json:"fix"`
	// Sources are the evidence; never empty.
	Sources []Source `json:"sources"`
	// Seen is the host version or date the behaviour was seen at:
	// "2.1.84+", "2026-08".
	Seen string `json:"seen"`

	// applies, when set, decides for one hit whether this host is
	// affected (a prefixed name long enough for this host's template),
	// and may say how in its own words; nil means every hit.
	applies func(s *Subject, h Hit) (detail string, ok bool)
}

// Scope says what a rule looks at.
type Scope string

// Scopes.
const (
	// ToolScope rules look at one tool at a time.
	ToolScope Scope = "tool"
	// ServerScope rules look at the list as a whole (how many tools,
	// duplicates, the server's name) or at the server's behaviour.
	ServerScope Scope = "server"
)

// Rule is one entry of the catalogue: a condition a server's tools or
// behaviour can meet, and what each host does when it holds.
type Rule struct {
	// ID is stable: "schema.input.root-not-object".
	ID string `json:"id"`
	// Summary says the condition in one sentence.
	Summary string `json:"summary"`
	Scope   Scope  `json:"scope"`
	// Live marks a rule judged from what a running server answered (list
	// results, call results), not from a saved tools/list.
	Live bool `json:"live,omitempty"`
	// Effects are what the hosts that have a sourced behaviour do.
	Effects []Effect `json:"effects"`
	// Others is the verdict for a host without an applicable effect:
	// Works when the condition only matters to the hosts listed (a host
	// feature such as Cursor's combined-name filter), Unknown when every
	// host must do something with it and the others' behaviour is not
	// sourced.
	Others Verdict `json:"others"`
	// NotKnown says, when Others is Unknown, what no source tells: "No
	// source says what HOST does with a tool name outside
	// [A-Za-z0-9_-]." HOST is replaced by the host's name.
	NotKnown string `json:"notKnown,omitempty"`
	// Declined is the verdict for a host whose effects all decline a hit
	// (their applies say no): Works when the effects are thresholds the
	// hit does not reach (a name short enough for that host), Unknown when
	// they cover other cases of the condition only (structuredContent
	// missing is sourced for a host, structuredContent that fails the
	// schema is not); NotKnown then says what is not known.
	Declined Verdict `json:"declined,omitempty"`

	id check.RuleID
	// Exactly one detector is set. detect looks at one tool of a saved
	// or live list, detectIn at the list as a whole; detectLists (live)
	// at the list results a server gave on its era, detectResult (live)
	// at one call's result.
	detect       func(s *Subject) []Hit
	detectIn     func(l *List) []Hit
	detectLists  func(l *List, ls Lists) []Hit
	detectResult func(s *Subject, result json.RawMessage) []Hit
}

// Hit is one place a rule's condition holds.
type Hit struct {
	// Tool is the tool it holds for; empty for the list as a whole.
	Tool string
	// Pointer locates it in the tool object as sent
	// ("/inputSchema/properties/when/anyOf").
	Pointer string
	// Field locates the argument it is about, for a form to jump to;
	// empty when it is about the tool as a whole.
	Field string
	// Detail says what was found, with the values: "inputSchema has a
	// top-level anyOf of 2 variants".
	Detail string
	// Count is the number the rule measured, when it measured one (how
	// many tools a list has), for effects whose thresholds differ.
	Count int
	// Cases name which of a rule's conditions held, when it has several
	// that different hosts care about ("outside-charset", "underscore").
	Cases []string
}

// Is reports whether the named condition held.
func (h Hit) Is(c string) bool { return slices.Contains(h.Cases, c) }

// onCase is an Effect.applies that accepts the hits of one case.
func onCase(c string) func(*Subject, Hit) (string, bool) {
	return func(_ *Subject, h Hit) (string, bool) { return "", h.Is(c) }
}

// registry holds the catalogue's rules in check's registry, so SARIF, the
// listing of every rule and lint --host name them like any other.
var registry check.Registry

// catalogue is every rule, in the order --rules lists them.
var catalogue []*Rule

// add registers a rule. Its check severity is that of its worst effect:
// rejected and hidden are errors, degraded a warning, unknown an info.
func add(r *Rule) *Rule {
	r.id = registry.Add(r.ID, r.severity(), r.Summary)
	catalogue = append(catalogue, r)
	return r
}

func (r *Rule) severity() check.Severity {
	worst := r.Others
	for _, e := range r.Effects {
		worst = max(worst, e.Verdict)
	}
	return severityOf(worst)
}

// severityOf is the lint severity a verdict has for hosts a person named.
func severityOf(v Verdict) check.Severity {
	switch v {
	case Rejected, Hidden:
		return check.Error
	case Degraded:
		return check.Warning
	}
	return check.Info
}

// Rules lists every rule of the catalogue, with its effects, in order.
func Rules() []Rule {
	out := make([]Rule, len(catalogue))
	for i, r := range catalogue {
		out[i] = *r
		if out[i].Effects == nil {
			// A rule no host's behaviour is sourced for lists no effect:
			// an empty list, not null, for JSON readers.
			out[i].Effects = []Effect{}
		}
	}
	return out
}

// CheckRules lists the catalogue's rules as check rules, for SARIF and the
// listing of every rule toolbench has.
func CheckRules() []check.Rule { return registry.Rules() }

// finding starts a finding of the rule for one host at one hit. It is the
// only place a host Finding's Rule is set, from the id the registry gave,
// so no finding can name a rule the catalogue lacks (check/suite tests
// that).
func (r *Rule) finding(host ID, h Hit) Finding {
	return Finding{Rule: r.id.String(), Host: host, Tool: h.Tool, Pointer: h.Pointer, Field: h.Field, Message: h.Detail}
}
